import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CANCEL_RECEIPT_STATUS_IDS,
  RECEIPT_STATUS,
  RECEIPT_STATUS_NAMES,
  SALES_ORDER_STATUS,
  SALES_ORDER_STATUS_IDS,
  SALES_ORDER_STATUS_NAMES,
  STATUS_CHANGE_TARGETS,
  canTransition,
  isFinalSalesOrderStatus,
  isSalesOrderStatus,
} from '../../shared/contract/statuses.js';

test('sales-order statuses: ids and names', () => {
  assert.deepEqual(SALES_ORDER_STATUS, { Booked: 1, InLab: 2, ReadyForDelivery: 3, Delivered: 4, Cancelled: 5 });
  assert.deepEqual(SALES_ORDER_STATUS_NAMES, { 1: 'Booked', 2: 'In lab', 3: 'Ready for delivery', 4: 'Delivered', 5: 'Cancelled' });
});

test('canTransition allows exactly the decided lifecycle', () => {
  const allowed = new Set(['1>2', '1>3', '1>5', '2>3', '2>5', '3>4', '3>2', '3>5']);
  for (const from of SALES_ORDER_STATUS_IDS) {
    for (const to of SALES_ORDER_STATUS_IDS) {
      assert.equal(canTransition(from, to), allowed.has(`${from}>${to}`), `${from} → ${to}`);
    }
  }
});

test('Delivered and Cancelled are final; unknown ids never transition', () => {
  assert.deepEqual(SALES_ORDER_STATUS_IDS.filter(isFinalSalesOrderStatus), [4, 5]);
  assert.equal(canTransition(0, 1), false);
  assert.equal(canTransition(1, 6), false);
  assert.equal(canTransition(1.5, 2), false);
  assert.equal(isSalesOrderStatus(6), false);
  assert.equal(isSalesOrderStatus('1'), false);
});

test('the status endpoint’s targets are reachable statuses other than Cancelled', () => {
  assert.deepEqual([...STATUS_CHANGE_TARGETS], [2, 3, 4]);
  for (const to of STATUS_CHANGE_TARGETS) assert.ok(SALES_ORDER_STATUS_IDS.some((from) => canTransition(from, to)));
});

test('receipt statuses and what cancelling may do with receipts', () => {
  assert.deepEqual(RECEIPT_STATUS, { Received: 1, Cancelled: 2, Refunded: 3, MovedToCreditNote: 4 });
  assert.equal(RECEIPT_STATUS_NAMES[4], 'Moved to credit note');
  assert.deepEqual([...CANCEL_RECEIPT_STATUS_IDS], [2, 3, 4]);
});
