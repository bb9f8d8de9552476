import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';

test('GetYears: exactly {yearID, yearName, fromDate, toDate, isCurrent}', () => {
  const year = { yearID: 'ENC_y', yearName: '2026-27', fromDate: '2026-04-01T00:00:00', toDate: '2027-03-31T00:00:00', isCurrent: true };
  assert.deepEqual(api.Common.years.response.parse([year]), [year]);
  const { isCurrent: _, ...missing } = year;
  assert.equal(api.Common.years.response.safeParse([missing]).success, false);
  assert.equal(api.Common.years.response.safeParse([{ ...year, isCurrent: 'true' }]).success, false);
});

test('SearchItems answers {totalRows, data} of items', () => {
  const item = {
    id: 'ENC_i', code: 'FR-001', barcode: '8901234567890', name: 'Aviator 54', itemTypeID: 'ENC_t', categoryID: null,
    subCategoryID: null, brand: 'Ray-Ban', price: 4990, mrp: 5990, gstRate: 18, hsnCode: '900410', stock: 3,
  };
  assert.deepEqual(api.Common.searchItems.response.parse({ totalRows: 1, data: [item] }), { totalRows: 1, data: [item] });
  assert.equal(api.Common.searchItems.response.safeParse({ items: [item], totalRecords: 1 }).success, false);
});

test('list-paged answers {items, totalRecords}; order search {totalRows, data}', () => {
  assert.ok(api.Receipts.listPaged.response.safeParse({ items: [], totalRecords: 0 }).success);
  assert.equal(api.Receipts.listPaged.response.safeParse({ data: [], totalRows: 0 }).success, false);
  assert.ok(api.Orders.search.response.safeParse({ data: [], totalRows: 0 }).success);
});

test('dashboard: a full day parses, a missing block fails', () => {
  const day = {
    date: '2026-05-01', branchID: 'ENC_b', branchName: 'Main', yearID: 'ENC_y',
    sales: { count: 3, amount: 12500, discount: 500, tax: 1200 },
    period: { count: 40, amount: 250000, fromDate: '2026-05-01', toDate: '2026-05-01', days: [{ date: '2026-05-01', count: 3, amount: 12500 }] },
    receipts: { count: 4, amount: 9000, byPaymentKind: [{ receiptTypeID: 'ENC_r', name: 'Cash', count: 4, amount: 9000 }] },
    creditNotes: { issued: { count: 1, amount: 300 }, spent: { count: 0, amount: 0 } },
    ordersByStatus: [{ statusID: 1, status: 'Booked', count: 2, amount: 8000 }],
    deliveries: { dueToday: 1, overdue: 0 },
    balanceOutstanding: { count: 2, amount: 3500 },
    topItems: [{ itemID: 'ENC_i', itemName: 'Aviator 54', itemTypeName: 'Frame', qty: 1, amount: 4990 }],
    recallsDue: 5,
    statusOrders: [],
  };
  assert.ok(api.Dashboard.dashboardData.response.safeParse(day).success);
  const { deliveries: _, ...missing } = day;
  assert.equal(api.Dashboard.dashboardData.response.safeParse(missing).success, false);
  assert.equal(api.Dashboard.dashboardData.response.safeParse({ ...day, ordersByStatus: [{ statusID: 9, status: 'x', count: 0, amount: 0 }] }).success, false);
});

test('a response string the service always fills may not be null', () => {
  const line = { itemID: 'ENC_i', itemName: 'Lens', itemTypeName: null, qty: 2, price: 1500, mrp: 1800, totalAmount: 3000 };
  assert.ok(api.Orders.items.response.safeParse([line]).success);
  assert.equal(api.Orders.items.response.safeParse([{ ...line, itemName: null }]).success, false);
});
