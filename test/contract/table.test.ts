import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GROUPS } from '../../shared/contract/endpoint.js';
import { ROLES } from '../../shared/contract/roles.js';
import { api, endpointList, extensionList, specEndpointList } from '../../shared/endpoints/index.js';
import { specEndpoints } from './helpers.js';

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

test('the spec rows are exactly the 80 method+path pairs of endpoints.tsv', () => {
  const spec = specEndpoints();
  assert.equal(spec.length, 80);
  assert.deepEqual(specEndpointList.map(key).sort(), spec.map(key).sort());
});

test('every spec row sits in the group the spec puts it in', () => {
  const groupOf = new Map(specEndpoints().map((e) => [key(e), e.group]));
  for (const e of specEndpointList) assert.equal(e.group, groupOf.get(key(e)), key(e));
});

test('group counts match the spec: 1, 2, 14, 10, 31, 6, 2, 1, 13 (and none in the extensions\' own groups)', () => {
  const counts = GROUPS.map((g) => specEndpointList.filter((e) => e.group === g).length);
  // The spec's nine groups, then the extensions' own (Audit, Users, Backup, Sync, Till, Setup, Stock …), which hold no spec row.
  assert.deepEqual(counts.slice(0, 9), [1, 2, 14, 10, 31, 6, 2, 1, 13]);
  assert.deepEqual(counts.slice(9), counts.slice(9).map(() => 0));
  assert.ok(GROUPS.length > 9);
  assert.equal(specEndpointList.length, 80);
});

test('every other row is a declared extension: marked with its reason, not in the spec, not clashing with it', () => {
  const spec = new Set(specEndpoints().map(key));
  assert.deepEqual(
    extensionList.map((e) => e.name).sort(),
    [
      'Common.receiptEscPos', 'Common.prescriptionPdf', 'Common.prescriptionPdfHtml', 'Common.jobCardPdf', 'Common.jobCardPdfHtml',
      'QuickSale.openCarts', 'QuickSale.takeOverCart', 'Orders.delivery', 'QuickSale.priceApproval',
      'Orders.history', 'Audit.search', 'Auth.switchBranch',
      'Orders.readyMessageTemplate', 'Orders.setReadyMessageTemplate', 'Orders.readyMessage', 'Orders.customerTold',
      'Users.list', 'Users.create', 'Users.update', 'Users.disable', 'Users.enable', 'Users.resetPassword', 'Users.changePassword',
      'Backup.status', 'Backup.overview', 'Backup.now', 'Backup.settings', 'Backup.stageRestore', 'Backup.cancelRestore',
      'Customer.recallList', 'Customer.recallMark', 'Customer.amendPrescription', 'Customer.prescriptionVersions',
      'Sync.status', 'Sync.now',
      'Till.state', 'Till.open', 'Till.cashMove', 'Till.xReport', 'Till.close', 'Till.tills', 'Till.report', 'Till.reportPrint',
      'Setup.status', 'Setup.createStore', 'Setup.joinHub', 'Setup.tryDemo',
      'Stock.itemAtBranches', 'Stock.ledger', 'Stock.valueAtCost', 'Stock.lowStock',
      'StockTake.list', 'StockTake.scopes', 'StockTake.start', 'StockTake.detail', 'StockTake.scan', 'StockTake.count', 'StockTake.approve', 'StockTake.cancel', 'StockTake.report',
      'Transfers.list', 'Transfers.destinations', 'Transfers.detail', 'Transfers.dispatch', 'Transfers.receive', 'Transfers.print',
      'Catalogue.access', 'Catalogue.find', 'Catalogue.item', 'Catalogue.brands', 'Catalogue.createModel', 'Catalogue.update',
      'Catalogue.setActive', 'Catalogue.changePrices', 'Catalogue.priceHistory',
      'Returns.order', 'Returns.save', 'Returns.exchange', 'Returns.list', 'Returns.receiptPrint', 'Returns.creditNotePrint', 'Returns.window', 'Returns.setWindow',
      'Purchasing.suppliers', 'Purchasing.createSupplier', 'Purchasing.updateSupplier', 'Purchasing.setSupplierActive',
      'Purchasing.orders', 'Purchasing.createOrder', 'Purchasing.order', 'Purchasing.closeOrder', 'Purchasing.orderPrint',
      'Purchasing.receipts', 'Purchasing.createReceipt', 'Purchasing.receipt', 'Purchasing.receiptLabelLines', 'Purchasing.receiptPrint',
      'Purchasing.returns', 'Purchasing.createReturn', 'Purchasing.return', 'Purchasing.returnPrint',
      'Labels.sheet', 'Labels.printer',
      'GSTReturns.gstins', 'GSTReturns.gstr1', 'GSTReturns.gstr1Json', 'GSTReturns.gstr1Xlsx', 'GSTReturns.tally',
      'CustomerMerge.candidates', 'CustomerMerge.likelySame', 'CustomerMerge.merge', 'CustomerMerge.undo', 'CustomerMerge.list',
      'CustomerMerge.notSame', 'CustomerMerge.undoNotSame', 'CustomerMerge.notSameList',
      'Chain.dashboard',
      'Orders.collectAt', 'Orders.toSettle', 'Orders.settle', 'Orders.customerHistory', 'Orders.collectBranches',
      'Reports.run', 'Reports.export',
    ].sort(),
  );
  assert.equal(endpointList.length, specEndpointList.length + extensionList.length);
  for (const e of extensionList) {
    assert.ok(typeof e.extension === 'string' && e.extension.length > 20, `${e.name} says why it exists`);
    assert.ok(!spec.has(key(e)), `${key(e)} is in the spec: it is not an extension`);
  }
  assert.equal(new Set(endpointList.map(key)).size, endpointList.length, 'no method+path twice');
});

test('api keys follow the spec’s group order (then ours) and each key holds only its group', () => {
  assert.deepEqual(Object.keys(api), ['Auth', 'Account', 'Customer', 'Orders', 'QuickSale', 'Invoice', 'Receipts', 'Dashboard', 'Common', 'Audit', 'Users', 'Backup', 'Sync', 'Till', 'Setup', 'Stock', 'StockTake', 'Transfers', 'Catalogue', 'Returns', 'Purchasing', 'Labels', 'GSTReturns', 'CustomerMerge', 'Chain', 'Reports']);
  for (const [groupKey, rows] of Object.entries(api)) {
    for (const row of Object.values(rows)) {
      assert.equal(row.group.replace(' ', ''), groupKey);
      assert.ok(row.name.startsWith(`${groupKey}.`), `${row.name} should start with ${groupKey}.`);
    }
  }
});

test('operation names are unique', () => {
  const names = endpointList.map((e) => e.name);
  assert.equal(new Set(names).size, names.length);
});

test('path params are declared exactly for the placeholders of the path', () => {
  for (const e of endpointList) {
    const placeholders = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const declared = Object.keys(e.params?.shape ?? {}).sort();
    assert.deepEqual(declared, placeholders, e.name);
  }
});

test('only login and the setup status are public; every other row names known roles', () => {
  for (const e of endpointList) {
    // Setup.status: the sign-in screen asks it before anyone is signed in (first run, demo or store).
    if (e.path === '/api/Auth/login' || e.name === 'Setup.status') {
      assert.equal(e.auth, 'public');
      continue;
    }
    assert.notEqual(e.auth, 'public', e.name);
    assert.ok(Array.isArray(e.auth) && e.auth.length > 0, e.name);
    for (const r of e.auth as readonly string[]) assert.ok((ROLES as readonly string[]).includes(r), `${e.name}: ${r}`);
  }
});

test('role matrix: the decided restrictions hold', () => {
  const roles = (name: string) => {
    const row = endpointList.find((e) => e.name === name);
    assert.ok(row, name);
    return [...(row.auth as readonly string[])].sort();
  };
  assert.deepEqual(roles('Orders.cancel'), ['admin', 'manager']);
  assert.deepEqual(roles('Dashboard.dashboardData'), ['admin', 'manager']);
  assert.deepEqual(roles('QuickSale.addInsuranceCompany'), ['admin', 'manager']);
  assert.deepEqual(roles('Customer.saveDoctor'), ['admin', 'manager', 'optometrist']);
  assert.ok(!roles('QuickSale.saveSale').includes('optometrist'));
  assert.ok(roles('Orders.status').includes('cashier'));
  assert.ok(roles('Customer.savePrescription').includes('optometrist'));
  assert.deepEqual(roles('Common.years'), [...ROLES].sort());
  for (const name of ['Users.list', 'Users.create', 'Users.update', 'Users.disable', 'Users.enable', 'Users.resetPassword']) {
    assert.deepEqual(roles(name), ['admin'], name);
  }
  assert.deepEqual(roles('Users.changePassword'), [...ROLES].sort());
});

test('non-JSON rows: the print endpoints are documents, the branch logo is an image', () => {
  const kinds = Object.fromEntries(endpointList.filter((e) => e.responseKind).map((e) => [e.path, e.responseKind]));
  assert.deepEqual(kinds, {
    '/api/Common/invoice/pdf': { kind: 'document', contentTypes: ['application/pdf'] },
    '/api/Common/invoice/pdf/html': { kind: 'document', contentTypes: ['text/html'] },
    '/api/Common/receipt/pdf': { kind: 'document', contentTypes: ['application/pdf'] },
    '/api/Common/receipt/pdf/html': { kind: 'document', contentTypes: ['text/html'] },
    '/api/Common/receipt/escpos': { kind: 'document', contentTypes: ['application/octet-stream'] },
    '/api/Common/prescription/pdf': { kind: 'document', contentTypes: ['application/pdf'] },
    '/api/Common/prescription/pdf/html': { kind: 'document', contentTypes: ['text/html'] },
    '/api/Common/job-card/pdf': { kind: 'document', contentTypes: ['application/pdf'] },
    '/api/Common/job-card/pdf/html': { kind: 'document', contentTypes: ['text/html'] },
    '/api/quickSale/get-branch-logo/{branchId}/{fileName}': { kind: 'binary', contentTypes: ['image/png', 'image/jpeg'] },
    '/api/till/report/{sessionId}/print': { kind: 'document', contentTypes: ['application/pdf', 'text/html', 'application/octet-stream'] },
    '/api/stock-take/{stockTakeId}/report': { kind: 'document', contentTypes: ['application/pdf', 'text/html'] },
    '/api/transfers/{transferId}/print': { kind: 'document', contentTypes: ['application/pdf', 'text/html'] },
    '/api/returns/{salesReturnId}/receipt': { kind: 'document', contentTypes: ['application/pdf', 'text/html'] },
    '/api/returns/{salesReturnId}/gst-credit-note': { kind: 'document', contentTypes: ['application/pdf', 'text/html'] },
    '/api/purchasing/orders/{purchaseOrderId}/print': { kind: 'document', contentTypes: ['application/pdf', 'text/html'] },
    '/api/purchasing/receipts/{goodsReceiptId}/print': { kind: 'document', contentTypes: ['application/pdf', 'text/html'] },
    '/api/purchasing/returns/{supplierReturnId}/print': { kind: 'document', contentTypes: ['application/pdf', 'text/html'] },
    '/api/labels/sheet': { kind: 'document', contentTypes: ['application/pdf'] },
    '/api/labels/printer': { kind: 'document', contentTypes: ['application/octet-stream'] },
    '/api/gst-returns/gstr1/json': { kind: 'document', contentTypes: ['application/json'] },
    '/api/gst-returns/gstr1/xlsx': { kind: 'document', contentTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
    '/api/gst-returns/tally': { kind: 'document', contentTypes: ['application/xml'] },
    '/api/Reports/{report}/export': { kind: 'document', contentTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'] },
  });
});

test('rows with a body are exactly the POST and PUT rows, less get-profile', () => {
  for (const e of endpointList) {
    const hasBody = e.body !== undefined;
    const expected = (e.method === 'POST' || e.method === 'PUT') && e.name !== 'Account.getProfile';
    assert.equal(hasBody, expected, e.name);
  }
});
