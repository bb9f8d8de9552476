/** readSnapshotPage (the join's fast check) accepts and refuses exactly what the SnapshotPage schema does. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readSnapshotPage, SnapshotPage } from '../../shared/sync.js';

const row = { key: '12', values: { id: 12, name: 'Ray', price: 1200, photo: null }, colHlc: { name: '001795844618954-00001-0000001' }, cursor: 40, nodeId: 2 };
const bodies: Array<[string, unknown]> = [
  ['a page', { rows: [row], next: '12' }],
  ['the last page', { rows: [row], next: null }],
  ['no rows', { rows: [], next: null }],
  ['a deleted row', { rows: [{ ...row, values: null }], next: null }],
  ['a row without cursor and node (an older hub)', { rows: [{ key: '1', values: {}, colHlc: {} }], next: null }],
  ['no next', { rows: [] }],
  ['rows not a list', { rows: {}, next: null }],
  ['a number key', { rows: [{ ...row, key: 12 }], next: null }],
  ['values a list', { rows: [{ ...row, values: [1] }], next: null }],
  ['values missing', { rows: [{ key: '1', colHlc: {} }], next: null }],
  ['colHlc missing', { rows: [{ key: '1', values: {} }], next: null }],
  ['a clock time not text', { rows: [{ ...row, colHlc: { name: 5 } }], next: null }],
  ['a cursor not whole', { rows: [{ ...row, cursor: 1.5 }], next: null }],
  ['a node as text', { rows: [{ ...row, nodeId: '2' }], next: null }],
  ['next a number', { rows: [], next: 5 }],
  ['not an object', 'rows'],
  ['null', null],
];

test('the fast check agrees with the schema on every body', () => {
  for (const [what, body] of bodies) {
    const schema = SnapshotPage.safeParse(body).success;
    let fast = true;
    try {
      assert.equal(readSnapshotPage(body), body, 'answers the body itself');
    } catch (error) {
      if (error instanceof assert.AssertionError) throw error;
      fast = false;
      assert.match((error as Error).message, /The hub's snapshot page is not as expected at \w+/);
    }
    assert.equal(fast, schema, `${what}: the schema says ${schema ? 'yes' : 'no'}`);
  }
});
