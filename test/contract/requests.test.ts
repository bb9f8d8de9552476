import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { api, endpointList } from '../../shared/endpoints/index.js';
import { EncryptedCustomerModel, OMSearchCustomer } from '../../shared/models/customer.js';
import { CancelSalesOrderRequest, ChangeSalesOrderStatusRequest } from '../../shared/models/order.js';
import { ReceiptFilterRequest, ReceiptWithouInvoiceModel } from '../../shared/models/receipt.js';
import { CustomerModel, OMFastWizardModel } from '../../shared/models/sale.js';
import { SalesOrderTempModelRequest } from '../../shared/models/cart.js';

/** Field paths of a failed parse, dotted as the service reports them, each once. */
function issuePaths(schema: z.ZodType | undefined, value: unknown): string[] {
  assert.ok(schema, 'the row declares no schema here');
  const result = schema.safeParse(value);
  assert.equal(result.success, false, `expected ${JSON.stringify(value)?.slice(0, 80)} to fail`);
  return [...new Set(result.error!.issues.map((i) => i.path.join('.')))];
}

const ok = (schema: z.ZodType | undefined, value: unknown) => {
  assert.ok(schema, 'the row declares no schema here');
  const result = schema.safeParse(value);
  assert.ok(result.success, result.success ? '' : JSON.stringify(result.error.issues));
  return result.data;
};

/** Bodies where we (or the spec) made a field required: everything else must accept `{}`. */
const STRICT_BODIES = new Set([
  'Auth.login',
  'Auth.switchBranch',
  'Customer.upsert',
  'Customer.saveDoctor',
  'Orders.cancel',
  'Orders.status',
  'QuickSale.addInsuranceCompany',
  // Ours (user administration): every field of these is needed.
  'Users.create',
  'Users.update',
  'Users.disable',
  'Users.enable',
  // Ours (the catalogue): an item needs its type, a change says what and how.
  'Catalogue.createModel',
  'Catalogue.update',
  'Catalogue.setActive',
  'Catalogue.changePrices',
  'Users.resetPassword',
  'Users.changePassword',
  'Backup.settings',
  'Backup.stageRestore',
  // Ours (issue 16): the order-ready message's template.
  'Orders.setReadyMessageTemplate',
  'Orders.customerTold',
  // Ours (issue 16): a recall list needs its range, a mark its recall and outcome, an amendment the version it replaces.
  'Customer.recallList',
  'Customer.recallMark',
  'Customer.amendPrescription',
  // Ours (till sessions, issue 16): the float, the move, the count are the request.
  'Till.open',
  'Till.cashMove',
  'Till.close',
  // Ours (returns): a return names its order's lines and what happens to the money.
  'Returns.save',
  'Returns.exchange',
  'Returns.setWindow',
  // Ours (stock-takes): a typed count is the request (null clears the line).
  'StockTake.count',
  // Ours (stock transfers): where to and what, and what arrived of each line.
  'Transfers.dispatch',
  'Transfers.receive',
  // Ours (purchasing): a supplier, an order, a receipt, a return are their fields and lines.
  'Purchasing.createSupplier',
  'Purchasing.updateSupplier',
  'Purchasing.setSupplierActive',
  'Purchasing.createOrder',
  'Purchasing.createReceipt',
  'Purchasing.createReturn',
  // Ours: labels need the items to print, and a label printer its language and label size.
  'Labels.sheet',
  'Labels.printer',
  // Ours (customer merge): the two records, the merge to undo, the name of the person about to be added.
  'CustomerMerge.likelySame',
  'CustomerMerge.merge',
  'CustomerMerge.undo',
  // Ours: the pair said to be two people, and the mark to undo.
  'CustomerMerge.notSame',
  'CustomerMerge.undoNotSame',
  // Ours: how an order needing a person was settled.
  'Orders.settle',
]);

test('every object body parses {} unless it has a stated required field', () => {
  for (const e of endpointList) {
    if (!(e.body instanceof z.ZodObject)) continue;
    const parsed = e.body.safeParse({});
    assert.equal(parsed.success, !STRICT_BODIES.has(e.name), e.name);
  }
});

test('nulls are accepted for every field of the lenient composite models', () => {
  for (const schema of [OMFastWizardModel, ReceiptWithouInvoiceModel, SalesOrderTempModelRequest, OMSearchCustomer]) {
    const allNull = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, null]));
    ok(schema, allNull);
  }
});

test('unknown fields are dropped, at the top and inside nested models', () => {
  const data = ok(OMFastWizardModel, {
    sessionID: 'S1',
    somethingNew: 1,
    customerModel: { firstName: 'Asha', lastName: 'Patel', extra: true },
    receiptModel: { amount: 500, getSAlesOrderList: [{ qty: 1, surplus: 'x' }] },
  }) as Record<string, unknown>;
  assert.equal('somethingNew' in data, false);
  assert.deepEqual(data.customerModel, { firstName: 'Asha', lastName: 'Patel' });
  assert.deepEqual((data.receiptModel as { getSAlesOrderList: unknown[] }).getSAlesOrderList, [{ qty: 1 }]);
});

test('customerModel: firstName and lastName are required, non-empty, and named by path', () => {
  assert.deepEqual(issuePaths(OMFastWizardModel, { customerModel: { lastName: 'Patel' } }), ['customerModel.firstName']);
  assert.deepEqual(issuePaths(OMFastWizardModel, { customerModel: { firstName: 'Asha', lastName: '' } }), ['customerModel.lastName']);
  assert.deepEqual(issuePaths(OMFastWizardModel, { customerModel: { firstName: '   ', lastName: 'Patel' } }), ['customerModel.firstName']);
  assert.deepEqual(issuePaths(OMFastWizardModel, { customerModel: {} }).sort(), ['customerModel.firstName', 'customerModel.lastName']);
  ok(OMFastWizardModel, {});
});

test('customerModel: mobile follows the spec’s pattern, empty counts as not given', () => {
  const name = { firstName: 'Asha', lastName: 'Patel' };
  for (const mobile of ['9876543210', '987-654-3210', '(987) 654-3210', '987.654.3210', '', null]) ok(CustomerModel, { ...name, mobile });
  for (const mobile of ['12345', '98765432101', 'abcdefghij', '+91 9876543210']) {
    assert.deepEqual(issuePaths(CustomerModel, { ...name, mobile }), ['mobile'], mobile);
  }
});

test('customerModel: emailId pattern and 255 limit; taxNO at most 15', () => {
  const name = { firstName: 'Asha', lastName: 'Patel' };
  ok(CustomerModel, { ...name, emailId: 'asha.patel@example.co.in' });
  ok(CustomerModel, { ...name, emailId: '' });
  assert.deepEqual(issuePaths(CustomerModel, { ...name, emailId: 'asha@' }), ['emailId']);
  assert.deepEqual(issuePaths(CustomerModel, { ...name, emailId: 'no-at-sign.example.com' }), ['emailId']);
  const long = `${'a'.repeat(250)}@example.com`;
  assert.ok(long.length > 255);
  assert.ok(issuePaths(CustomerModel, { ...name, emailId: long }).every((p) => p === 'emailId'));
  ok(CustomerModel, { ...name, taxNO: '24ABCDE1234F1Z5' });
  assert.deepEqual(issuePaths(CustomerModel, { ...name, taxNO: '24ABCDE1234F1Z56' }), ['taxNO']);
});

test('customer upsert has the same rules as customerModel', () => {
  const name = { firstName: 'Asha', lastName: 'Patel' };
  ok(EncryptedCustomerModel, name);
  assert.deepEqual(issuePaths(EncryptedCustomerModel, { firstName: 'Asha' }), ['lastName']);
  assert.deepEqual(issuePaths(EncryptedCustomerModel, { ...name, mobile: '123' }), ['mobile']);
  assert.deepEqual(issuePaths(EncryptedCustomerModel, { ...name, taxNO: 'X'.repeat(16) }), ['taxNO']);
  assert.deepEqual(issuePaths(EncryptedCustomerModel, { ...name, birthDate: '2025-02-30x' }), ['birthDate']);
  assert.deepEqual(issuePaths(EncryptedCustomerModel, { ...name, isActive: 'yes' }), ['isActive']);
});

test('int32 and int64 bounds are enforced', () => {
  ok(OMSearchCustomer, { fromPage: 2147483647 });
  assert.deepEqual(issuePaths(OMSearchCustomer, { fromPage: 2147483648 }), ['fromPage']);
  assert.deepEqual(issuePaths(OMSearchCustomer, { toPage: -2147483649 }), ['toPage']);
  assert.deepEqual(issuePaths(OMSearchCustomer, { branchID: 1.5 }), ['branchID']);
  assert.deepEqual(issuePaths(CustomerModel, { firstName: 'A', lastName: 'B', age: 2 ** 31 }), ['age']);
  assert.deepEqual(issuePaths(OMFastWizardModel, { userId: 2 ** 53 }), ['userId']);
  ok(OMFastWizardModel, { userId: 2 ** 53 - 1 });
});

test('typed fields refuse the wrong type: strings are not numbers, bools are booleans', () => {
  assert.deepEqual(issuePaths(SalesOrderTempModelRequest, { qty: '1' }), ['qty']);
  assert.deepEqual(issuePaths(SalesOrderTempModelRequest, { isOrdered: 'true' }), ['isOrdered']);
  assert.deepEqual(issuePaths(SalesOrderTempModelRequest, { pairNo: 1 }), ['pairNo']);
  assert.deepEqual(issuePaths(ReceiptWithouInvoiceModel, { amount: Number.POSITIVE_INFINITY }), ['amount']);
  assert.deepEqual(issuePaths(OMFastWizardModel, { showQuickSaleAddFrameSection: 1 }), ['showQuickSaleAddFrameSection']);
});

test('salesorderModel.insuranceCompanyID: the row id as the spec types it, or the insurer’s ENC id', () => {
  const so = (insuranceCompanyID: unknown) => ({ salesorderModel: { insuranceCompanyID } });
  const insurer = (value: unknown) => OMFastWizardModel.parse(so(value)).salesorderModel?.insuranceCompanyID;
  assert.equal(insurer(12), 12);
  assert.equal(insurer('ENC_abcdefghijklmnopqrstuv'), 'ENC_abcdefghijklmnopqrstuv');
  ok(OMFastWizardModel, so(null));
  assert.deepEqual(issuePaths(OMFastWizardModel, so('ENC_short')), ['salesorderModel.insuranceCompanyID']);
  assert.deepEqual(issuePaths(OMFastWizardModel, so('Star Health')), ['salesorderModel.insuranceCompanyID']);
  assert.deepEqual(issuePaths(OMFastWizardModel, so(1.5)), ['salesorderModel.insuranceCompanyID']);
});

test('cancel: receiptStatusId is required and one of 2, 3, 4; statusId can only be 5', () => {
  for (const receiptStatusId of [2, 3, 4]) ok(CancelSalesOrderRequest, { receiptStatusId, date: '2026-05-01T10:30:00' });
  assert.deepEqual(issuePaths(CancelSalesOrderRequest, {}), ['receiptStatusId']);
  assert.deepEqual(issuePaths(CancelSalesOrderRequest, { receiptStatusId: 1 }), ['receiptStatusId']);
  assert.deepEqual(issuePaths(CancelSalesOrderRequest, { receiptStatusId: 5 }), ['receiptStatusId']);
  assert.deepEqual(issuePaths(CancelSalesOrderRequest, { receiptStatusId: 2, statusId: 3 }), ['statusId']);
  ok(CancelSalesOrderRequest, { receiptStatusId: 4, statusId: 5 });
});

test('status change: targets 2, 3, 4 only', () => {
  for (const statusId of [2, 3, 4]) ok(ChangeSalesOrderStatusRequest, { statusId });
  for (const statusId of [0, 1, 5, 6, '2']) assert.deepEqual(issuePaths(ChangeSalesOrderStatusRequest, { statusId }), ['statusId']);
});

test('ReceiptFilterRequest: lenient filters, safe orderBy, known statuses', () => {
  ok(ReceiptFilterRequest, { pageNumber: 2, pageSize: 50, fromDate: '2026-04-01', orderBy: 'receiptDate desc', statusID: 1 });
  ok(ReceiptFilterRequest, { orderBy: '' });
  assert.deepEqual(issuePaths(ReceiptFilterRequest, { orderBy: 'amount; drop table receipts' }), ['orderBy']);
  assert.deepEqual(issuePaths(ReceiptFilterRequest, { statusID: 9 }), ['statusID']);
  assert.deepEqual(issuePaths(ReceiptFilterRequest, { pageNumber: 0 }), ['pageNumber']);
});

test('query strings: defaults and coercion', () => {
  assert.deepEqual(ok(api.QuickSale.getSources.query, {}), { page: 1, pageSize: 20 });
  assert.deepEqual(ok(api.QuickSale.getMemberships.query, { page: '3', pageSize: '' }), { page: 3, pageSize: 20 });
  assert.deepEqual(ok(api.QuickSale.insuranceCompanies.query, {}), { activeOnly: true });
  assert.deepEqual(ok(api.QuickSale.insuranceCompanies.query, { activeOnly: 'false' }), { activeOnly: false });
  assert.deepEqual(ok(api.Common.receiptPdf.query, {}), { receiptNo: '', external: true });
  assert.deepEqual(ok(api.Common.receiptPdfHtml.query, { external: 'False', receiptNo: 'R-1' }), { receiptNo: 'R-1', external: false });
  assert.equal((ok(api.Orders.withBalance.query, { yearId: '' }) as { yearId?: number }).yearId, undefined);
  assert.deepEqual(ok(api.Orders.withBalance.query, { yearId: '7' }), { yearId: 7 });
  assert.deepEqual(issuePaths(api.Orders.withBalance.query, { yearId: '7.5' }), ['yearId']);
  assert.deepEqual(issuePaths(api.QuickSale.exactItemStock.query, {}), ['itemId']);
  assert.deepEqual(issuePaths(api.QuickSale.getSources.query, { page: '99999999999' }), ['page']);
});

test('path params: int64 ids coerce, bad ones fail, file names cannot climb', () => {
  assert.deepEqual(ok(api.Orders.items.params, { salesOrderId: '42' }), { salesOrderId: 42 });
  assert.deepEqual(issuePaths(api.Orders.items.params, { salesOrderId: 'ENC_abc' }), ['salesOrderId']);
  assert.deepEqual(ok(api.QuickSale.branchLogo.params, { branchId: '1', fileName: 'logo.png' }), { branchId: 1, fileName: 'logo.png' });
  for (const fileName of ['../secret.png', 'a/b.png', 'a\\b.png', '..', '']) {
    assert.deepEqual(issuePaths(api.QuickSale.branchLogo.params, { branchId: '1', fileName }), ['fileName'], fileName);
  }
  assert.deepEqual(issuePaths(api.Orders.detail.params, { salesOrderNo: '' }), ['salesOrderNo']);
});

test('print bodies are JSON strings holding the ENC id', () => {
  ok(api.Common.invoicePdf.body, 'ENC_abcdefghijklmnopqrstuv');
  assert.equal(api.Common.invoicePdf.body!.safeParse('').success, false);
  assert.equal(api.Common.invoicePdf.body!.safeParse({ id: 'ENC_x' }).success, false);
  ok(api.Common.receiptPdf.body, '');
  ok(api.Common.receiptPdf.body, 'ENC_abcdefghijklmnopqrstuv');
  assert.equal(api.Common.receiptPdf.body!.safeParse('42').success, false);
});

test('insurance company and doctor names are required', () => {
  assert.deepEqual(issuePaths(api.QuickSale.addInsuranceCompany.body, { insuranceCompanyName: ' ' }), ['insuranceCompanyName']);
  ok(api.QuickSale.addInsuranceCompany.body, { insuranceCompanyName: 'Star Health' });
  assert.deepEqual(issuePaths(api.Customer.saveDoctor.body, { mobile: '1' }), ['name']);
});
