/**
 * A batch's hash (shared/sync.ts batchHashText) is taken by the PC that sends it and by the hub
 * that receives it, maybe of different versions, and a batch kept in sync_state is re-sent and
 * hashed again after an update: the text must stay byte for byte what it is. The hashes below
 * were taken of these batches before batchHashText was made faster; they must never change.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { batchHashText, canonicalJson, type PushRequest, type SyncChange } from '../../shared/sync.js';

const odd = 'tab\there, line\nbreak, return\r, back\\slash \\N \\., "quoted", नमस्ते, emoji 👓, lone \ud800';
const base = { at: '2026-11-28T08:41:29.625Z', userId: 7, branchId: 2, till: 'T1', source: 'counter', rowKey: null, oldValues: null } as const;
/** Changes of every shape the hash meets: with and without audience, flat and nested values, odd keys and text. */
const changes: SyncChange[] = [
  { ...base, seq: 11, hlc: '001795855289625-00000-0000003', tbl: 'sales_order', rowId: 4294967297, op: 'insert', newValues: { id: 4294967297, branch_id: 2, order_no: 'SRT1/SO/2026-27/1-000001', grand_total: 1167000, is_paid: true, note: null, rate: 0.125, neg: -0 }, audience: [2, 4294967298], orderId: 4294967297 },
  { ...base, seq: 12, hlc: '001795855289626-00001-0000003', tbl: 'customer', rowId: -42, op: 'update', oldValues: { name: 'Old', phone: '98' }, newValues: { phone: '99', name: odd }, audience: null, orderId: null },
  // Without audience and order (a PC older than those members).
  { ...base, seq: 13, hlc: '001795855289627-00000-0000003', tbl: 'item', rowId: 5, op: 'delete', userId: null, branchId: null, oldValues: { id: 5, zeta: 'z', alpha: odd }, newValues: null },
  // A composite key, a column named like an array index, a nested value (a JSON column).
  { ...base, seq: 14, hlc: '001795855289628-00000-0000003', tbl: 'customer_eye_rx', rowId: null, rowKey: JSON.stringify([odd, 2]), op: 'insert', newValues: { 10: 'index-like', b: 2, a: { y: [1, { d: 2, c: 'x' }], x: '\\' } }, audience: [3], orderId: null },
  // Audience without its order (fourteen members), and an event with no values.
  { ...base, seq: 15, hlc: '001795855289629-00000-0000003', tbl: 'till_session', rowId: 9, op: 'update', till: 'T\t1', newValues: { closed_at: '2026-11-28', cash: 1200.5 }, audience: [2] },
  { ...base, seq: 16, hlc: '001795855289630-00000-0000003', tbl: 'app_user', rowId: null, op: 'event', source: 'login', newValues: null, audience: null, orderId: null },
];
const batch: Pick<PushRequest, 'nodeId' | 'firstSeq' | 'lastSeq' | 'changes'> = { nodeId: 3, firstSeq: 11, lastSeq: 16, changes };
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

test('the hash of a fixed batch is what it always was', () => {
  assert.equal(sha(batchHashText(batch)), '60b4c18c7bd255ef898e96ac3cfd4da59a3e12dee16cb22be6be84a746171179');
  // Each change alone, so a change of one shape that drifts is named.
  const each = changes.map((change) => sha(batchHashText({ nodeId: 3, firstSeq: change.seq, lastSeq: change.seq, changes: [change] })));
  assert.deepEqual(each, [
    '27ef8c5ba74938666a1648f29a18e0e1f151ba1e603ea87d3b3b9ca4abf8d0b8',
    '147c5503ff437cb17bef479a42d925448d9c28d1d60f3672101e701bc8d54966',
    '3a1c2fba2f0a6da07298317670b10b0b8c060669340389cf278694b7b40a2378',
    '5bd72e52ca62c0d05d131dc73a5f42b4e42e2dff1f33bca35d0bf157986033df',
    '833d666a1b5b3cd00a1e5a1ea8e69ebd855487f684c0697ffee8c661aba69f98',
    'c5a81766d134bdd12e442063c726f6cd7fe0d81ba933f24235de590eabe843bb',
  ]);
});

test('the hash text is canonical JSON, whatever order the members and columns come in', () => {
  const shuffled = changes.map((change) => Object.fromEntries(Object.entries(change).reverse().map(([k, v]) => [k, v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v])) as SyncChange);
  for (const body of [batch, { ...batch, changes: shuffled }, { ...batch, changes: [...changes].reverse() }]) {
    assert.equal(batchHashText(body), canonicalJson(body));
  }
  assert.equal(batchHashText({ ...batch, changes: shuffled }), batchHashText(batch));
  // A column JSON.parse made an own `__proto__` (the hub refuses such a body, a PC's journal could hold one).
  const proto = { ...changes[1]!, newValues: JSON.parse('{"__proto__":{"x":1},"name":"A"}') as Record<string, unknown> };
  const flatProto = { ...changes[1]!, newValues: JSON.parse('{"name":"A","__proto__":"x"}') as Record<string, unknown> };
  for (const change of [proto, flatProto]) assert.equal(batchHashText({ ...batch, changes: [change] }), canonicalJson({ ...batch, changes: [change] }));
});
