/** What a scan does on the dispatch and receive screens (renderer/src/transfers/lines.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addScan, receiveScan, shortOf, type ReceivingLine } from '../../renderer/src/transfers/lines.js';

test('a dispatch scan adds one to the line of the same code and batch, else a new line', () => {
  let lines = addScan([], 'FR-1', '');
  lines = addScan(lines, ' fr-1 ', '', '2500');
  lines = addScan(lines, 'CL-2', 'B7');
  lines = addScan(lines, 'CL-2', 'B8');
  lines = addScan(lines, 'FR-1', '');
  lines = addScan(lines, '   ', '');
  assert.deepEqual(lines, [
    { code: 'FR-1', batchNo: '', qty: 3, unitValue: '2500' },
    { code: 'CL-2', batchNo: 'B7', qty: 1, unitValue: '' },
    { code: 'CL-2', batchNo: 'B8', qty: 1, unitValue: '' },
  ]);
});

test('a receiving scan counts on the first line of the code or barcode with room; none when all is counted', () => {
  const lines: ReceivingLine[] = [
    { lineId: 'a', code: 'CL-2', barcode: '890123', qty: 1, received: 0, damaged: 0 },
    { lineId: 'b', code: 'CL-2', barcode: '890123', qty: 2, received: 0, damaged: 1 },
  ];
  const one = receiveScan(lines, '890123')!;
  assert.deepEqual(one.map((l) => l.received), [1, 0]);
  const two = receiveScan(one, 'cl-2')!;
  assert.deepEqual(two.map((l) => l.received), [1, 1]);
  assert.equal(receiveScan(two, 'CL-2'), null);
  assert.equal(receiveScan(two, 'NOPE'), null);
  assert.deepEqual(two.map(shortOf), [0, 0]);
  assert.deepEqual(lines.map(shortOf), [1, 1]);
});
