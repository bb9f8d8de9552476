/**
 * The sync's hot paths, held to what they were and to the schemas:
 *
 *   the batch hash   a batch's hash (shared/sync.ts batchHashText) is taken by the PC that sends it
 *                    and by the hub that receives it, maybe of different versions, and a batch kept
 *                    in sync_state is re-sent and hashed again after an update: the text must stay
 *                    byte for byte what it is. The hashes below were taken of these batches before
 *                    batchHashText was made faster; they must never change.
 *   the checks       readPushRequest (the hub's check of a pushed batch) and readPullResponse (the
 *                    PC's check of a pulled page) agree with the PushRequest and PullResponse
 *                    schemas: a body they answer is one the schema takes exactly as it is; a body
 *                    they leave to the schema is one it refuses, or takes only as a copy without
 *                    some member. Good bodies, bad ones, and the edges of each member's rule.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { formatHlc, MAX_HLC_NODE } from '../../shared/domain/hlc.js';
import { batchHashText, canonicalJson, MAX_BATCH_CHANGES, PullResponse, PushRequest, readPullResponse, readPushRequest, type SyncChange } from '../../shared/sync.js';

const odd = 'tab\there, line\nbreak, return\r, back\\slash \\N \\., "quoted", नमस्ते, emoji 👓, lone \ud800';
const base = { at: '2026-11-28T08:41:29.625Z', userId: 7, branchId: 2, till: 'T1', source: 'counter', rowKey: null, oldValues: null } as const;
/** Changes of every shape the hash meets: with and without audience, flat and nested values, odd keys and text. */
const fixed: SyncChange[] = [
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
const fixedBatch: Pick<PushRequest, 'nodeId' | 'firstSeq' | 'lastSeq' | 'changes'> = { nodeId: 3, firstSeq: 11, lastSeq: 16, changes: fixed };
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

test('the hash of a fixed batch is what it always was', () => {
  assert.equal(sha(batchHashText(fixedBatch)), '60b4c18c7bd255ef898e96ac3cfd4da59a3e12dee16cb22be6be84a746171179');
  // Each change alone, so a change of one shape that drifts is named.
  const each = fixed.map((change) => sha(batchHashText({ nodeId: 3, firstSeq: change.seq, lastSeq: change.seq, changes: [change] })));
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
  const shuffled = fixed.map((change) => Object.fromEntries(Object.entries(change).reverse().map(([k, v]) => [k, v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v])) as SyncChange);
  for (const body of [fixedBatch, { ...fixedBatch, changes: shuffled }, { ...fixedBatch, changes: [...fixed].reverse() }]) {
    assert.equal(batchHashText(body), canonicalJson(body));
  }
  assert.equal(batchHashText({ ...fixedBatch, changes: shuffled }), batchHashText(fixedBatch));
  // A column JSON.parse made an own `__proto__` (the hub refuses such a body, a PC's journal could hold one).
  const proto = { ...fixed[1]!, newValues: JSON.parse('{"__proto__":{"x":1},"name":"A"}') as Record<string, unknown> };
  const flatProto = { ...fixed[1]!, newValues: JSON.parse('{"name":"A","__proto__":"x"}') as Record<string, unknown> };
  for (const change of [proto, flatProto]) assert.equal(batchHashText({ ...fixedBatch, changes: [change] }), canonicalJson({ ...fixedBatch, changes: [change] }));
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test spoils arbitrary members
type Loose = Record<string, any>;
type Outcome = 'taken' | 'refused' | 'copied';

const NODE = 3;
const hlc = (i: number, node = NODE) => formatHlc({ wallMs: 1_795_855_289_625 + i, counter: 0, node });
const change = (i: number): Loose => ({
  seq: 11 + i,
  hlc: hlc(i),
  at: '2026-11-28T08:41:29.625Z',
  userId: 7,
  branchId: 2,
  till: 'T1',
  source: 'counter',
  tbl: 'sales_order',
  rowId: 4294967297 + i,
  rowKey: null,
  op: 'insert',
  oldValues: null,
  newValues: { id: 4294967297 + i, branch_id: 2, order_no: `SO-${i}`, is_paid: true, note: null, json: { a: [1] } },
  audience: [2],
  orderId: 4294967297,
});
const pushBody = (count = 3): Loose => ({ nodeId: NODE, firstSeq: 11, lastSeq: 10 + count, hash: 'ab'.repeat(32), changes: Array.from({ length: count }, (_, i) => change(i)) });
const emoji = (n: number) => '👓'.repeat(n);

/** A good batch spoilt by `spoil`. */
const spoilt = (spoil: (body: Loose) => unknown, make = pushBody) => () => {
  const body = make();
  spoil(body);
  return body;
};

/** Bodies, and what the schema does with each. */
const pushCases: Array<[string, Outcome, () => unknown]> = [
  ['a good batch', 'taken', () => pushBody()],
  ['one change', 'taken', () => pushBody(1)],
  [`${MAX_BATCH_CHANGES} changes`, 'taken', () => pushBody(MAX_BATCH_CHANGES)],
  [`${MAX_BATCH_CHANGES + 1} changes`, 'refused', () => pushBody(MAX_BATCH_CHANGES + 1)],
  ['no audience nor order (an older PC)', 'taken', spoilt((b) => b.changes.forEach((c: Loose) => (delete c.audience, delete c.orderId)))],
  ['audience without order', 'taken', spoilt((b) => delete b.changes[1].orderId)],
  ['audience and order null', 'taken', spoilt((b) => Object.assign(b.changes[0], { audience: null, orderId: null }))],
  ['audience undefined', 'taken', spoilt((b) => (b.changes[0].audience = undefined))],
  ['64 branches', 'taken', spoilt((b) => (b.changes[0].audience = Array.from({ length: 64 }, (_, i) => i + 1)))],
  ['65 branches', 'refused', spoilt((b) => (b.changes[0].audience = Array.from({ length: 65 }, (_, i) => i + 1)))],
  ['branch 0', 'refused', spoilt((b) => (b.changes[0].audience = [0]))],
  ['branch 1.5', 'refused', spoilt((b) => (b.changes[0].audience = [1.5]))],
  ['audience text', 'refused', spoilt((b) => (b.changes[0].audience = '2'))],
  ['order 1.5', 'refused', spoilt((b) => (b.changes[0].orderId = 1.5))],
  ['order as text', 'refused', spoilt((b) => (b.changes[0].orderId = '1'))],
  ['till of 40 emoji (80 UTF-16 units)', 'taken', spoilt((b) => (b.changes[0].till = emoji(40)))],
  ['till of 41 emoji', 'refused', spoilt((b) => (b.changes[0].till = emoji(41)))],
  ['till of 41 letters', 'refused', spoilt((b) => (b.changes[0].till = 'x'.repeat(41)))],
  ['till empty', 'taken', spoilt((b) => (b.changes[0].till = ''))],
  ['till missing', 'refused', spoilt((b) => delete b.changes[0].till)],
  ['source empty', 'refused', spoilt((b) => (b.changes[0].source = ''))],
  ['source one emoji', 'taken', spoilt((b) => (b.changes[0].source = emoji(1)))],
  ['source a lone surrogate', 'taken', spoilt((b) => (b.changes[0].source = '\ud800'))],
  ['source of 40 letters', 'taken', spoilt((b) => (b.changes[0].source = 'x'.repeat(40)))],
  ['row key of 200 emoji', 'taken', spoilt((b) => (b.changes[0].rowKey = emoji(200)))],
  ['row key of 201 letters', 'refused', spoilt((b) => (b.changes[0].rowKey = 'x'.repeat(201)))],
  ['row key a number', 'refused', spoilt((b) => (b.changes[0].rowKey = 5))],
  ['row id negative, the most', 'taken', spoilt((b) => (b.changes[0].rowId = -Number.MAX_SAFE_INTEGER))],
  ['row id past a safe integer', 'refused', spoilt((b) => (b.changes[0].rowId = 2 ** 53))],
  ['row id null', 'taken', spoilt((b) => (b.changes[0].rowId = null))],
  ['user null', 'taken', spoilt((b) => (b.changes[0].userId = null))],
  ['user negative', 'taken', spoilt((b) => (b.changes[0].userId = -5))],
  ['user 1.5', 'refused', spoilt((b) => (b.changes[0].userId = 1.5))],
  ['user past a safe integer', 'refused', spoilt((b) => (b.changes[0].userId = 2 ** 53))],
  ['branch as text', 'refused', spoilt((b) => (b.changes[0].branchId = '2'))],
  ['branch missing', 'refused', spoilt((b) => delete b.changes[0].branchId)],
  ['seq out of order', 'refused', spoilt((b) => (b.changes[1].seq = 99))],
  ['seq 0', 'refused', spoilt((b) => Object.assign(b, { firstSeq: 0, lastSeq: 2 }, b.changes.forEach((c: Loose, i: number) => (c.seq = i))))],
  ['hlc not a clock time', 'refused', spoilt((b) => (b.changes[0].hlc = 'yesterday'))],
  ['hlc of another node', 'refused', spoilt((b) => (b.changes[2].hlc = hlc(2, NODE + 1)))],
  ['hlc a number', 'refused', spoilt((b) => (b.changes[0].hlc = 5))],
  ['at not a date', 'refused', spoilt((b) => (b.changes[0].at = 'soon'))],
  ['at empty', 'refused', spoilt((b) => (b.changes[0].at = ''))],
  ['at a date of 41 characters', 'refused', spoilt((b) => (b.changes[0].at = '2026-11-28T08:41:29.625000000000000+05:30'))],
  ['at a date of 40 characters', 'taken', spoilt((b) => (b.changes[0].at = 'November 28, 2026 08:41:29.625 GMT+05:30'))],
  ['table with capitals', 'refused', spoilt((b) => (b.changes[0].tbl = 'Sales'))],
  ['table of 64 letters', 'refused', spoilt((b) => (b.changes[0].tbl = 'x'.repeat(64)))],
  ['table of 63 letters', 'taken', spoilt((b) => (b.changes[0].tbl = 'x'.repeat(63)))],
  ['op upsert', 'refused', spoilt((b) => (b.changes[0].op = 'upsert'))],
  ['op event', 'taken', spoilt((b) => (b.changes[0].op = 'event'))],
  ['values a list', 'refused', spoilt((b) => (b.changes[0].newValues = [1]))],
  ['values text', 'refused', spoilt((b) => (b.changes[0].newValues = 'name=x'))],
  ['values a date', 'refused', spoilt((b) => (b.changes[0].oldValues = new Date()))],
  ['values without a prototype', 'copied', spoilt((b) => (b.changes[0].oldValues = Object.assign(Object.create(null), { a: 1 })))],
  ['values missing', 'refused', spoilt((b) => delete b.changes[0].oldValues)],
  ['values with a constructor column', 'taken', spoilt((b) => (b.changes[0].newValues = { constructor: 'x', name: 'y' }))],
  ['values with an own __proto__', 'copied', spoilt((b) => (b.changes[0].newValues = JSON.parse('{"__proto__":{"x":1},"name":"y"}')))],
  ['a member the schema does not know', 'copied', spoilt((b) => (b.changes[1].extra = 1))],
  ['a batch member the schema does not know', 'copied', spoilt((b) => (b.note = 'x'))],
  ['a change without a prototype', 'copied', spoilt((b) => (b.changes[0] = Object.assign(Object.create(null), b.changes[0])))],
  ['nodeId missing', 'refused', spoilt((b) => delete b.nodeId)],
  ['nodeId 0', 'refused', spoilt((b) => (b.nodeId = 0))],
  ['nodeId past the clock’s nodes', 'refused', spoilt((b) => (b.nodeId = MAX_HLC_NODE + 1))],
  ['nodeId as text', 'refused', spoilt((b) => (b.nodeId = String(NODE)))],
  ['lastSeq before firstSeq', 'refused', spoilt((b) => (b.lastSeq = 10))],
  ['lastSeq past the changes', 'refused', spoilt((b) => (b.lastSeq = 14))],
  ['hash in capitals', 'refused', spoilt((b) => (b.hash = 'AB'.repeat(32)))],
  ['hash short', 'refused', spoilt((b) => (b.hash = 'abc'))],
  ['no changes', 'refused', spoilt((b) => Object.assign(b, { changes: [], lastSeq: 10 }))],
  ['changes not a list', 'refused', spoilt((b) => (b.changes = {}))],
  ['a change not an object', 'refused', spoilt((b) => (b.changes[0] = 'x'))],
  ['a change null', 'refused', spoilt((b) => (b.changes[0] = null))],
  ['not an object', 'refused', () => 'batch'],
  ['a list', 'refused', () => []],
  ['null', 'refused', () => null],
  ['undefined', 'refused', () => undefined],
];

/** What the schema does with a body, and that the written-out check agrees. */
function agree(what: string, expected: Outcome, body: unknown, schema: typeof PushRequest | typeof PullResponse, fast: (body: unknown) => unknown): void {
  const parsed = schema.safeParse(body);
  const outcome: Outcome = !parsed.success ? 'refused' : isDeepStrictEqual(parsed.data, body) ? 'taken' : 'copied';
  assert.equal(outcome, expected, `${what}: the schema ${outcome} it`);
  const answer = fast(body);
  if (outcome === 'taken') assert.equal(answer, body, `${what}: the check answers the body itself`);
  else assert.equal(answer, undefined, `${what}: the check leaves it to the schema`);
}

test('the push check agrees with the schema on every batch', () => {
  for (const [what, expected, make] of pushCases) agree(what, expected, make(), PushRequest, readPushRequest);
});

const pulled = (i: number): Loose => {
  const { audience: _a, orderId: _o, ...rest } = change(i);
  return { cursor: 40 + i, nodeId: NODE, ...rest };
};
const pullBody = (): Loose => ({ changes: [pulled(0), pulled(1)], next: 41, more: true });
const page = (spoil: (body: Loose) => unknown) => spoilt(spoil, pullBody);

const pullCases: Array<[string, Outcome, () => unknown]> = [
  ['a page', 'taken', () => pullBody()],
  ['no changes', 'taken', () => ({ changes: [], next: 0, more: false })],
  ['with held', 'taken', page((b) => (b.held = 12))],
  ['with seen', 'taken', page((b) => (b.seen = [{ nodeId: 1, at: '2026-11-28T08:41:29.625Z' }]))],
  ['seen empty', 'taken', page((b) => (b.seen = []))],
  ['seen at not a date and time', 'refused', page((b) => (b.seen = [{ nodeId: 1, at: 'Nov 28' }]))],
  ['seen at with an offset', 'refused', page((b) => (b.seen = [{ nodeId: 1, at: '2026-11-28T08:41:29+05:30' }]))],
  ['seen node 0', 'refused', page((b) => (b.seen = [{ nodeId: 0, at: '2026-11-28T08:41:29.625Z' }]))],
  ['seen with another member', 'copied', page((b) => (b.seen = [{ nodeId: 1, at: '2026-11-28T08:41:29.625Z', name: 'x' }]))],
  ['seen not a list', 'refused', page((b) => (b.seen = {}))],
  ['a change with audience (an order fetched)', 'taken', page((b) => Object.assign(b.changes[0], { audience: [2], orderId: 9 }))],
  ['a change from another node', 'taken', page((b) => (b.changes[1].nodeId = 9))],
  ['a change’s time of another node than its own', 'taken', page((b) => (b.changes[1].hlc = hlc(1, 9)))],
  ['cursor missing', 'refused', page((b) => delete b.changes[0].cursor)],
  ['cursor 0', 'refused', page((b) => (b.changes[0].cursor = 0))],
  ['cursor as text', 'refused', page((b) => (b.changes[0].cursor = '40'))],
  ['node 0', 'refused', page((b) => (b.changes[0].nodeId = 0))],
  ['node past the clock’s nodes', 'refused', page((b) => (b.changes[0].nodeId = MAX_HLC_NODE + 1))],
  ['op upsert', 'refused', page((b) => (b.changes[0].op = 'upsert'))],
  ['values text', 'refused', page((b) => (b.changes[1].newValues = 'x'))],
  ['a lone surrogate in a value', 'taken', page((b) => (b.changes[1].newValues = { name: '\ud800' }))],
  ['a change member the schema does not know', 'copied', page((b) => (b.changes[0].extra = 1))],
  ['a page member the schema does not know', 'copied', page((b) => (b.extra = 1))],
  ['next -1', 'refused', page((b) => (b.next = -1))],
  ['next missing', 'refused', page((b) => delete b.next)],
  ['more as text', 'refused', page((b) => (b.more = 'yes'))],
  ['held 1.5', 'refused', page((b) => (b.held = 1.5))],
  ['changes not a list', 'refused', page((b) => (b.changes = null))],
  ['not an object', 'refused', () => 'page'],
  ['null', 'refused', () => null],
];

test('the pull check agrees with the schema on every page', () => {
  for (const [what, expected, make] of pullCases) agree(what, expected, make(), PullResponse, readPullResponse);
});
