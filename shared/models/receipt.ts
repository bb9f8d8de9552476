/**
 * Receipts (spec: "receiptModel (ReceiptWithouInvoiceModel, 192 fields)", "Receipt list item",
 * "Paged receipt item", "Receipt filter request"). The receipt model is a request: the quick
 * sale's receiptModel and the body of SaveReceipt.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { pagedItems, totalExact } from '../contract/errors.js';
import { extension } from '../contract/extensions.js';
import { RECEIPT_STATUS_IDS } from '../contract/statuses.js';
import {
  fields,
  nbool,
  ndt,
  nnum,
  noutDt,
  noutInt,
  noutNum,
  noutStr,
  outDt,
  outNum,
  qInt64,
  qReqInt64,
  str,
  strings,
} from '../contract/primitives.js';

/** getSAlesOrderList element: an invoice line being built (the spec's Invoice_TempModel). */
export const InvoiceTempModel = z.object({
  ...strings(
    'id', 'invoiceTempID', 'invoiceDetailID', 'salesOrderDetailID', 'itemID', 'title', 'name', 'code', 'hsnCode',
    'sessionID', 'description', 'inventoryID', 'batchNo', 'itemName', 'cptCode', 'cpt', 'tax', 'pairNo',
    'spectacleLensType', 'spherical', 'cylinder', 'axis', 'addition', 'pd', 'vn', 'vision', 'near', 'isOrderd',
    'lensFittingHeight', 'lensTotalHeight', 'baseCurve', 'diameter', 'k1', 'k2', 'typeID',
  ),
  ...fields(
    nnum,
    'qty', 'price', 'totalPrice', 'discountRate', 'discountAmount', 'taxableAmount', 'sgstRate', 'sgstAmount',
    'cgstRate', 'cgstAmount', 'igstRate', 'igstAmount', 'totalAmount', 'mrp', 'totalMRP', 'totalQuantity',
    'totalDiscount', 'totalTaxableAmount', 'grandTotal', 'totalSGST', 'totalCGST', 'totalIGST', 'totalSavings',
    'jobCharges', 'serviceTax', 'shippingCharges', 'otherCharges', 'rounding', 'netAmount',
    'estimateInsuranceAllowance', 'estimatePatientResponsibility', 'taxRate', 'taxAmount',
  ),
  ...fields(
    nbool,
    'isCompositionScheme', 'isSalesPriceIncludeTax', 'isCustomerStateSameAsCompanyState',
    'isCustomerStateNOTSameAsCompanyState',
  ),
  expiredDate: ndt(),
});
export type InvoiceTempModel = z.infer<typeof InvoiceTempModel>;

export const ReceiptPrescription = z.object({
  spectacleLensType: nnum(),
  ...strings(
    'spherical', 'spherical_Right', 'spherical_Left', 'cylinder', 'cylinder_Right', 'cylinder_Left', 'axis',
    'axiS_Right', 'axiS_Left', 'addition', 'adD_Right', 'adD_Left', 'vision', 'vA_Right', 'vA_Left', 'vn',
    'vN_Right', 'vN_Left', 'pd', 'pD_Right', 'pD_Left', 'pairNo',
  ),
});
export type ReceiptPrescription = z.infer<typeof ReceiptPrescription>;

export const TermsAndCondition = z.object(strings('condition'));

/** getReceiptTypeList element: a payment kind (cash, card, UPI ...). */
export const ReceiptTypeModel = z.object({
  id: nnum(),
  ...strings('name', 'code', 'remarks', 'createdIP', 'modifiedIP'),
  ...fields(nbool, 'isActive', 'allowDeposit'),
  ...fields(nnum, 'createdBy', 'modifiedBy'),
  ...fields(ndt, 'createdDate', 'modifiedDate'),
});
export type ReceiptTypeModel = z.infer<typeof ReceiptTypeModel>;

export const ReceiptWithouInvoiceModel = z.object({
  ...strings(
    'receiptId', 'yearId', 'repairingID', 'repairingNO', 'referenceNo', 'receiptTypeId', 'branchName',
    'branchAddress', 'branchCity', 'branchEmailID', 'branchMobile', 'branchEmail', 'branchMobileNo', 'salesOrderID',
    'salesOrderIDStr', 'taxNO', 'signature', 'termsAndConditions', 'intrenalReceiptName', 'receiptName',
    'salesOrderNo', 'encryptSalesID', 'repairingReceiptNO', 'invoiceId', 'htmlContent', 'invoiceNo',
    'customerIDStr', 'customerFullName', 'customerAddress', 'material', 'work', 'cardTypeId', 'cardType',
    'receiptNo', 'bankName', 'bankBranch', 'bankAccountNo', 'chequeNo', 'cardBankName', 'cardNo', 'cardSecurityNo',
    'nameOnCard', 'remarks', 'gstNo', 'acceptedBy', 'createdBy', 'creatorName', 'createdIP', 'chequeDateString',
    'dateString', 'salesOrderDateString', 'cardExpiryDateString', 'cardValidFromDateString', 'creditNoteID',
    'lC_CardNO', 'lC_ID', 'houseNumber', 'societyName', 'street', 'area', 'landmark', 'customerTitle',
    'customerFirstName', 'customerLastName', 'emailId', 'customerMobile', 'customerTaxNO', 'spherical_Right',
    'spherical_Left', 'cylinder_Right', 'cylinder_Left', 'axiS_Right', 'axiS_Left', 'adD_Right', 'adD_Left',
    'vA_Right', 'vA_Left', 'vN_Right', 'vN_Left', 'pD_Right', 'pD_Left', 'salesPerson', 'deliveryDateString',
    'deliveryTime', 'receiptType', 'deliveryTimeString', 'policyNo', 'insuranceInformation', 'membershipType',
    'verificationNumber', 'insuranceRemarks', 'nisNumber', 'voucherNumber', 'displayCompanyName',
    'soCreatedDateTimeString', 'membershipName', 'membershipID', 'branchTaxNO', 'branchLogo', 'branchSignature',
    'branchCountry', 'branchState', 'companyName',
  ),
  ...fields(
    nnum,
    'receiptPrintFormat', 'netAmount', 'otherCharges', 'branchId', 'totalQuantity', 'totalPrice',
    'totalTaxableAmount', 'totalSGST', 'totalCGST', 'totalIGST', 'rounding', 'totalDiscount', 'receiptAmount',
    'statusId', 'customerID', 'amount', 'redemAmount', 'balanceAmount', 'advanceAmount', 'creditAmount', 'lC_Point',
    'lC_Redemption', 'salesValue', 'balance', 'previousAdvance', 'insuranceCompanyID', 'insuranceID',
    'policyHolderID', 'customerInsuranceID', 'coverageLimit', 'remainingCoverage', 'availableBenefit',
    'topupAmount', 'grossTotal', 'nisCoverageLimit', 'nisUsedAmount', 'voucherCoverageLimit', 'voucherUsedAmount',
    'totalTax', 'totalNISAmount', 'totalVoucherAmount', 'totalInsuranceAmount', 'totalInsuranceBenefitAmount',
    'printAmount', 'soTotalDiscountAmount', 'soTotalNetAmount', 'totalReceipt', 'conversionRate', 'rewardPoints',
    'actualRedemAmount',
  ),
  ...fields(
    ndt,
    'salesOrderDate', 'date', 'chequeDate', 'validFrom', 'cardValidFrom', 'cardExpiry', 'createdDate',
    'deliveryDate', 'insuranceStartDate', 'insuranceEndDate', 'soCreatedDate',
  ),
  ...fields(
    nbool,
    'isForeigner', 'taxNotApplicable', 'isExternalReceiptFormat', 'showDiscountOnReceipt', 'isActive',
    'isSalesPriceIncludeTax', 'isCustomerStateSameAsCompanyState', 'isCustomerStateNOTSameAsCompanyState',
    'isCompositionScheme', 'showPrescriptionOnReceiptPrint', 'genrateInvoice',
    'allowUerToGenerateFutureDateReceipt', 'allowUserToGeneratePastDateReceipt',
    'allowStoreManagerToGenerateFutureDateReceipt', 'allowStoreManagerToGeneratePastDateReceipt',
    'allowGenerateInvoiceBeforeFullPayment', 'userInRole', 'userInRoleStoreManager', 'showItemNameOnReceipt',
    'showMRP', 'enableInsurance', 'dndForPramotionalMessage', 'dndForTransactionalMessage',
  ),
  getSAlesOrderList: z.array(InvoiceTempModel).nullish(),
  getEyePrescription: z.object(strings('doctorName')).nullish(),
  prescriptionList: z.array(ReceiptPrescription).nullish(),
  termsAndConditionList: z.array(TermsAndCondition).nullish(),
  getReceiptTypeList: z.array(ReceiptTypeModel).nullish(),
  approvalCode: extension('receiptModel', 'approvalCode', str('code')),
});
export type ReceiptWithouInvoiceModel = z.infer<typeof ReceiptWithouInvoiceModel>;

export const SaveReceiptResult = z.object({ receiptID: z.string(), receiptNo: z.string() });
export type SaveReceiptResult = z.infer<typeof SaveReceiptResult>;

export const ReceiptDetailsQuery = z.object({ customerId: qInt64(), receiptId: qInt64(), salesOrderId: qInt64() });

export const ReceiptDetails = z.object({
  receiptId: z.string(),
  receiptNo: z.string(),
  salesOrderNo: noutStr(),
  invoiceNo: noutStr(),
  customerFullName: z.string(),
  customerMobile: noutStr(),
  date: outDt(),
  ...fields(outNum, 'amount', 'balanceAmount'),
  ...fields(noutStr, 'branchName', 'branchAddress', 'companyName'),
});
export type ReceiptDetails = z.infer<typeof ReceiptDetails>;

/** GET /api/Receipts/id: the receipts of one order; both ids are int64 and not optional in the spec. */
export const ReceiptsByIdQuery = z.object({ customerId: qReqInt64(), salesOrderId: qReqInt64() });

export const EncryptedReceiptListDto = z.object({
  receiptId: z.string(),
  receiptNo: z.string(),
  name: z.string(),
  ...fields(noutStr, 'salesOrderNo', 'invoiceNO'),
  statusName: z.string(),
  date: outDt(),
  ...fields(outNum, 'amount', 'balance', 'receiptTotalAmount', 'soTotalAmount'),
});
export type EncryptedReceiptListDto = z.infer<typeof EncryptedReceiptListDto>;

export const EncryptedReceiptPagedDto = z.object({
  receiptId: z.string(),
  receiptNo: z.string(),
  ...fields(noutStr, 'receiptType', 'salesOrderNo', 'invoiceNO'),
  customerName: z.string(),
  customerMobileNo: noutStr(),
  status: z.string(),
  receiptDate: noutDt(),
  ...fields(noutNum, 'amount', 'salesOrderAmount', 'totalReceipt'),
  ...fields(noutInt, 'statusID', 'itemCount'),
});
export type EncryptedReceiptPagedDto = z.infer<typeof EncryptedReceiptPagedDto>;

export const RECEIPT_ORDER_BY = ['receiptDate', 'receiptNo', 'amount', 'customerName'] as const;

/**
 * Body of POST /api/Receipts/list-paged; the spec does not show it. Every filter is optional and
 * they combine with AND. Paging defaults to page 1 of 20 rows. `orderBy` is a column of
 * RECEIPT_ORDER_BY, optionally followed by ` asc` or ` desc` (default: newest first).
 */
export const ReceiptFilterRequest = z.object({
  pageNumber: z.number().int().min(1).nullish(),
  pageSize: z.number().int().min(1).max(500).nullish(),
  fromDate: ndt(),
  toDate: ndt(),
  customerID: str('id'),
  salesOrderNo: str('search'),
  receiptNo: str('search'),
  statusID: z.literal(RECEIPT_STATUS_IDS).nullish(),
  receiptTypeID: str('id'),
  searchTerm: str('search'),
  orderBy: bounded('name')
    .regex(new RegExp(`^$|^(${RECEIPT_ORDER_BY.join('|')})( (asc|desc))?$`, 'i'), `orderBy is one of ${RECEIPT_ORDER_BY.join(', ')}, optionally with asc or desc`)
    .nullish(),
});
export type ReceiptFilterRequest = z.infer<typeof ReceiptFilterRequest>;

export const ReceiptPage = pagedItems(EncryptedReceiptPagedDto).extend({ totalExact });
export type ReceiptPage = z.infer<typeof ReceiptPage>;
