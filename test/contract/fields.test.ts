import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { z } from 'zod';
import * as auth from '../../shared/models/auth.js';
import * as cart from '../../shared/models/cart.js';
import * as catalog from '../../shared/models/catalog.js';
import * as customer from '../../shared/models/customer.js';
import * as dashboard from '../../shared/models/dashboard.js';
import * as doctor from '../../shared/models/doctor.js';
import * as insurance from '../../shared/models/insurance.js';
import * as invoice from '../../shared/models/invoice.js';
import * as order from '../../shared/models/order.js';
import * as prescription from '../../shared/models/prescription.js';
import * as receipt from '../../shared/models/receipt.js';
import * as sale from '../../shared/models/sale.js';
import { EXTENSIONS, extensionFields } from '../../shared/contract/extensions.js';
import { endpointList } from '../../shared/endpoints/index.js';
import { buildOpenApi } from '../../shared/openapi.js';
import { specFields, specModel } from './helpers.js';

type Obj = z.ZodObject<z.ZodRawShape>;

/** Fixture model name → the schema that must carry exactly those keys. */
const SCHEMAS: Record<string, Obj> = {
  OMLoginRequest: auth.LoginRequest,
  LoginResponse: auth.LoginResponse,
  OMSearchCustomer: customer.OMSearchCustomer,
  CustomerListItem: customer.CustomerListItem,
  EncryptedCustomerModel: customer.EncryptedCustomerModel,
  EncryptedDoctorSaveModel: doctor.EncryptedDoctorSaveModel,
  DoctorListItem: doctor.DoctorListItem,
  OMAppCustomerData: prescription.OMAppCustomerData,
  OMPrescriptionRequestModel: prescription.OMPrescriptionRequestModel,
  OMAppEyeInfoModel: prescription.OMAppEyeInfoModel,
  GetPrescriptionOutput: prescription.GetPrescriptionOutput,
  PrescriptionFullDetail: prescription.PrescriptionFullDetail,
  PrescriptionListItem: prescription.PrescriptionListItem,
  SalesOrderSearchRequest: order.SalesOrderSearchRequest,
  SalesOrderListItem: order.SalesOrderListItem,
  OrderWithBalance: order.OrderWithBalance,
  OrderDropdownItem: order.OrderDropdownItem,
  SalesOrderIds: order.SalesOrderIds,
  AdvanceReceiptData: order.AdvanceReceiptData,
  SalesOrderItemLine: order.SalesOrderItemLine,
  CancellationReason: order.CancellationReason,
  CancelSalesOrderRequest: order.CancelSalesOrderRequest,
  ChangeSalesOrderStatusRequest: order.ChangeSalesOrderStatusRequest,
  SearchInvoice: invoice.SearchInvoice,
  EncryptedInvoiceListDto: invoice.EncryptedInvoiceListDto,
  OMRequestModel: invoice.OMRequestModel,
  SaveInvoiceOnlyRequest: invoice.SaveInvoiceOnlyRequest,
  EncryptedReceiptListDto: receipt.EncryptedReceiptListDto,
  EncryptedReceiptPagedDto: receipt.EncryptedReceiptPagedDto,
  EncryptedDashboardRequestDto: dashboard.EncryptedDashboardRequestDto,
  OMEnumModelEncrypted: catalog.OMEnumModelEncrypted,
  EncryptedModuleIdRequest: catalog.EncryptedModuleIdRequest,
  EncryptedItemTypeIdRequest: catalog.EncryptedItemTypeIdRequest,
  EncryptedCategoryIdRequest: catalog.EncryptedCategoryIdRequest,
  EncryptedItemSearchRequest: catalog.EncryptedItemSearchRequest,
  ContactLensSearchRequest: catalog.ContactLensSearchRequest,
  AddInsuranceCompanyRequest: insurance.AddInsuranceCompanyRequest,
  CalculateTempGrossInsuranceRequest: insurance.CalculateTempGrossInsuranceRequest,
  GetSalesOrderTempRequest: cart.GetSalesOrderTempRequest,
  DeleteSessionRequest: cart.DeleteSessionRequest,
  DeleteSalesOrderTempRequest: cart.DeleteSalesOrderTempRequest,
  UpdateSalesOrderRequestModel: cart.UpdateSalesOrderRequestModel,
  SalesOrderTempModelRequest: cart.SalesOrderTempModelRequest,
  OMFastWizardModel: sale.OMFastWizardModel,
  autoItemTypeSection: sale.AutoItemTypeSection,
  eyeInfoModel: sale.EyeInfoModel,
  customerModel: sale.CustomerModel,
  salesorderModel: sale.SalesorderModel,
  salesOrderLineItem: sale.SalesOrderLineItem,
  receiptModel: receipt.ReceiptWithouInvoiceModel,
  invoiceTempModel: receipt.InvoiceTempModel,
  receiptPrescription: receipt.ReceiptPrescription,
  termsAndCondition: receipt.TermsAndCondition,
  receiptType: receipt.ReceiptTypeModel,
  eyecheckupRecallModel: sale.EyecheckupRecallModel,
  purchaseOrderModel: sale.PurchaseOrderModel,
  getOrderList: sale.PurchaseOrderLine,
  SalesOrderDetail: order.SalesOrderDetail,
};

/** What a schema must carry: the spec's list plus the extensions the contract declares for it. */
const expectedKeys = (name: string) => [...specModel(name), ...extensionFields(name)].sort();

const keysOf = (schema: Obj) => Object.keys(schema.shape).sort();

test('the fixture’s stated counts match the spec’s field lists', () => {
  for (const [name, count] of Object.entries(specFields.statedCounts)) {
    const keys = specModel(name);
    assert.equal(keys.length, count, name);
    assert.equal(new Set(keys).size, count, `${name} has a repeated field`);
  }
});

test('every fixture model is checked against a schema', () => {
  assert.deepEqual(Object.keys(specFields.models).filter((m) => !(m in SCHEMAS)), []);
});

for (const [name, schema] of Object.entries(SCHEMAS)) {
  const added = extensionFields(name);
  const plus = added.length > 0 ? ` + declared extensions ${added.join(', ')}` : '';
  test(`${name}: keys equal the spec’s (${specModel(name).length})${plus}`, () => {
    assert.deepEqual(keysOf(schema), expectedKeys(name));
  });
}

test('extensions: each names a checked model, adds a field the spec lacks, and says why', () => {
  for (const [model, added] of Object.entries(EXTENSIONS)) {
    assert.ok(model in SCHEMAS, `${model} is not a checked schema`);
    for (const [field, why] of Object.entries(added)) {
      assert.ok(!specModel(model).includes(field), `${model}.${field} is in the spec already: not an extension`);
      assert.ok(why.trim().length > 20, `${model}.${field} needs a reason`);
      assert.doesNotMatch(why, /\n/, `${model}.${field}: one line`);
    }
  }
});

test('an undeclared extra field fails the key check', () => {
  const extended = prescription.OMPrescriptionRequestModel.extend({ k3: prescription.OMPrescriptionRequestModel.shape.k1 });
  assert.notDeepEqual(keysOf(extended), expectedKeys('OMPrescriptionRequestModel'));
});

test('request extensions are optional: a body written to the spec alone stays valid', () => {
  const requests: Record<string, Obj> = {
    OMLoginRequest: auth.LoginRequest,
    OMAppCustomerData: prescription.OMAppCustomerData,
    OMPrescriptionRequestModel: prescription.OMPrescriptionRequestModel,
  };
  for (const [name, schema] of Object.entries(requests)) {
    for (const field of extensionFields(name)) {
      const property = schema.shape[field] as z.ZodType;
      assert.ok(property.safeParse(undefined).success, `${name}.${field} may be left out`);
      assert.ok(property.safeParse(null).success, `${name}.${field} may be null`);
    }
  }
  assert.ok(auth.LoginRequest.safeParse({ userName: 'cashier', password: 'demo1234' }).success);
  assert.ok(prescription.OMAppCustomerData.safeParse({ customerID: 'ENC_x', prescriptionList: [{ lensTypeID: '1', sph: '-1.00' }] }).success);
});

test('the OpenAPI document lists the extensions as optional, with their reasons', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generated document is walked by hand; each step is asserted
  const doc = buildOpenApi(endpointList) as Record<string, any>;
  const body = doc.paths['/api/Customer/save-prescription'].post.requestBody.content['application/json'].schema;
  assert.match(body.properties.eyeCheckupRecallDate.description, /^Extension to the spec: The recall date/);
  assert.ok(!(body.required ?? []).includes('eyeCheckupRecallDate'));
  const entry = body.properties.prescriptionList.anyOf?.find((s: { type?: string }) => s.type === 'array')?.items ?? body.properties.prescriptionList.items;
  for (const k of ['k1', 'k2']) {
    assert.match(entry.properties[k].description, /^Extension to the spec: Keratometry/);
    assert.ok(!(entry.required ?? []).includes(k));
  }
});

test('stated counts hold on the schemas themselves, plus their declared extensions', () => {
  const expected: Record<string, number> = {
    OMFastWizardModel: 94,
    EncryptedCustomerModel: 77,
    receiptModel: 192,
    SalesOrderTempModelRequest: 50,
    OMAppCustomerData: 22,
    OMSearchCustomer: 26,
    SearchInvoice: 17,
    SalesOrderSearchRequest: 18,
    EncryptedDoctorSaveModel: 11,
  };
  for (const [name, n] of Object.entries(expected)) assert.equal(keysOf(SCHEMAS[name]!).length, n + extensionFields(name).length, name);
});

test('nested models of OMFastWizardModel are the checked schemas', () => {
  const shape = sale.OMFastWizardModel.shape;
  assert.equal(shape.customerModel.unwrap().unwrap(), sale.CustomerModel);
  assert.equal(shape.salesorderModel.unwrap().unwrap(), sale.SalesorderModel);
  assert.equal(shape.receiptModel.unwrap().unwrap(), receipt.ReceiptWithouInvoiceModel);
  assert.equal(shape.eyecheckupRecallModel.unwrap().unwrap(), sale.EyecheckupRecallModel);
  assert.equal(shape.purchaseOrderModel.unwrap().unwrap(), sale.PurchaseOrderModel);
});

test('customer detail answers the same 77 fields upsert takes', () => {
  assert.deepEqual(keysOf(customer.CustomerRecord), keysOf(customer.EncryptedCustomerModel));
});

test('get-doctor answers the save model’s 11 fields', () => {
  assert.deepEqual(keysOf(doctor.Doctor), [...specModel('EncryptedDoctorSaveModel')].sort());
});
