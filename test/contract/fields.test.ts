import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { z } from 'zod';
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
import { specFields, specModel } from './helpers.js';

type Obj = z.ZodObject<z.ZodRawShape>;

/** Fixture model name → the schema that must carry exactly those keys. */
const SCHEMAS: Record<string, Obj> = {
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
};

/** Fields we add beyond the spec's list, each a recorded decision (docs/decisions.md). */
const ADDED: Record<string, string[]> = { SalesOrderDetail: ['lines'] };

const keysOf = (schema: Obj) => Object.keys(schema.shape).sort();

test('the fixture’s stated counts match the spec’s field lists', () => {
  for (const [name, count] of Object.entries(specFields.statedCounts)) {
    const keys = specModel(name);
    assert.equal(keys.length, count, name);
    assert.equal(new Set(keys).size, count, `${name} has a repeated field`);
  }
});

test('every fixture model is checked against a schema', () => {
  const checked = new Set([...Object.keys(SCHEMAS), 'SalesOrderDetail']);
  assert.deepEqual(Object.keys(specFields.models).filter((m) => !checked.has(m)), []);
});

for (const [name, schema] of Object.entries(SCHEMAS)) {
  test(`${name}: keys equal the spec’s (${specModel(name).length})`, () => {
    assert.deepEqual(keysOf(schema), [...specModel(name)].sort());
  });
}

test('SalesOrderDetail: the spec’s scalars plus `lines`', () => {
  assert.deepEqual(keysOf(order.SalesOrderDetail), [...specModel('SalesOrderDetail'), ...(ADDED.SalesOrderDetail ?? [])].sort());
});

test('stated counts hold on the schemas themselves', () => {
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
  for (const [name, n] of Object.entries(expected)) assert.equal(keysOf(SCHEMAS[name]!).length, n, name);
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
