/**
 * The quick sale's composite model (spec: "Composite sale model (OMFastWizardModel, 94 fields)"),
 * body of SaveSale and of Invoice save-invoice-data, with its nested models.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { fields, int64OrEnc, nbool, ndt, nint32, nint64, nnum, noutStr, reqStr, str, strings } from '../contract/primitives.js';
import { emailField, mobileField, taxNoField } from './customer.js';
import { extension } from '../contract/extensions.js';
import { ReceiptWithouInvoiceModel } from './receipt.js';

/** OMCustomerModel: the only model the spec gives rules for (names, mobile, e-mail, tax number). */
export const CustomerModel = z.object({
  ...strings(
    'customerId', 'branchId', 'customerSourceID', 'customerCategoryID', 'title', 'middleName', 'genderID',
    'reference', 'stringBirthDate', 'existingCustomerReference', 'remarks', 'foreignerMobile', 'phoneNO', 'city',
    'zipCode', 'address', 'houseNumber', 'societyName', 'street', 'area', 'landmark', 'countryId', 'faceShapeID',
    'createdBy', 'createdIP', 'modifiedIP', 'createdDateString', 'marriageDateString', 'birthDateString',
    'encryptCustomerID', 'branchName', 'gender', 'doctor', 'doctorID', 'righT_SphericalWithSign',
    'righT_CylinderWithSign', 'righT_AdditionWithSign', 'righT_AxisWithSign', 'righT_FixFlotedText',
    'lefT_SphericalWithSign', 'lefT_CylinderWithSign', 'lefT_AdditionWithSign', 'lefT_AxisWithSign',
    'lefT_FixFlotedText', 'rightVision', 'leftVision', 'rightvn', 'leftvn', 'rightpd', 'leftpd', 'leftbc', 'rightbc',
    'leftdia', 'rightdia', 'prescriptionRemarks', 'salesOrderID', 'storeID', 'bloodGroup', 'self',
    'clientConsentImage', 'clientConsentDisplayName', 'prescriptionDocument', 'prescriptionDocumentDisplayName',
  ),
  firstName: reqStr('name'),
  lastName: reqStr('name'),
  mobile: mobileField(),
  emailId: emailField(),
  taxNO: taxNoField(),
  id: nint64(),
  stateId: nint64(),
  membershipID: nint64(),
  age: nint32(),
  ...fields(nbool, 'isMarried', 'isActive', 'isNRI', 'isForeigner', 'newCustomer', 'isNewRecord', 'isBlackList', 'isStoreCustomer'),
  ...fields(nbool, 'isMember', 'dndForPromotionalMessage', 'dndForTransactionalMessage', 'isForeignerFlag'),
  ...fields(ndt, 'birthDate', 'marriageDate', 'modifiedDate', 'createdDate', 'visitingDate'),
  ...fields(nnum, 'r_SPH', 'r_CYL', 'r_AXIS', 'r_ADD', 'l_SPH', 'l_CYL', 'l_AXIS', 'l_ADD'),
});
export type CustomerModel = z.infer<typeof CustomerModel>;

export const SalesOrderLineItem = z.object({
  ...strings(
    'id', 'itemId', 'sessionId', 'name', 'code', 'pairNo', 'spectacleLensType', 'spherical', 'cylinder', 'axis',
    'addition', 'pd', 'vn', 'vision', 'near', 'basecurve', 'diameter', 'k1', 'k2', 'typeID',
  ),
  ...fields(
    nnum,
    'qty', 'mrp', 'totalMRP', 'price', 'totalPrice', 'discountRate', 'discountAmount', 'taxableAmount', 'sgstRate',
    'sgstAmount', 'cgstRate', 'cgstAmount', 'igstRate', 'igstAmount', 'totalAmount', 'lensFittingHeight',
    'lensTotalHeight',
  ),
  isOrdered: nbool(),
});
export type SalesOrderLineItem = z.infer<typeof SalesOrderLineItem>;

/** Element shape not shown (empty objects in the sample): any object is accepted and kept. */
const OpenObject = z.looseObject({});

export const SalesorderModel = z.object({
  ...strings(
    'dateString', 'sessionId', 'companyId', 'branchId', 'schemeID', 'salesRepresentativeID', 'customerId',
    'cancellationReasonID', 'cancellReason', 'yearId', 'gstNo', 'salesOrderNo', 'transport', 'remarks',
    'acceptedBy', 'statusID', 'createdBy', 'creatorName', 'createdIP', 'checkSalesOrderCustomer', 'barcodeScan',
    'deliveryDateString', 'deliveryTimeString', 'deliveryTime', 'itemTypeID', 'searchItem', 'giftVoucherID',
    'giftVoucherNo', 'taxTypeName', 'srName', 'customerTitle', 'firstName', 'lastName', 'customerName',
    'customerMobile', 'customerEmailID', 'typeID', 'storeSalesOrderID', 'referencePurchaseOrderID',
    'visitingDateString', 'isPopup', 'deliveryModeName', 'deliveryDateDays', 'branchLogo', 'branchName',
    'companyName', 'policyNo', 'insuranceInformation', 'membershipType', 'verificationNumber', 'nisNumber',
    'voucherNumber',
  ),
  ...fields(
    nnum,
    'salesOrderId', 'taxTypeId', 'grandTotal', 'totalQuantity', 'totalDiscount', 'totalTaxableAmount', 'totalTax',
    'totalSGST', 'totalCGST', 'totalIGST', 'totalMRP', 'totalSavings', 'jobCharges', 'serviceTax',
    'shippingCharges', 'otherCharges', 'netAmount', 'rounding', 'giftVoucherDiscount', 'rightLensFittingHeight',
    'rightLensTotalHeight', 'leftLensFittingHeight', 'leftLensTotalHeight', 'maxUserDiscountPercentage',
    'deliveryModeID', 'customerInsuranceID', 'insuranceID', 'policyHolderID',
    'coverageLimit', 'remainingCoverage', 'availableBenefit', 'topupAmount', 'totalInsuranceAmount',
    'totalInsuranceBenefitAmount', 'grossTotal', 'nisCoverageLimit', 'nisUsedAmount', 'totalNISAmount',
    'voucherCoverageLimit', 'voucherUsedAmount', 'totalVoucherAmount',
  ),
  /**
   * The insurer paying part of the bill. The spec types it as a number (the row id), but the
   * insurer list answers ENC ids, so both are taken (docs/decisions.md, "Numeric ids"); 0 is
   * "none", as a .NET client sends for an unset id.
   */
  insuranceCompanyID: int64OrEnc().nullish(),
  ...fields(ndt, 'date', 'createdDate', 'deliveryDate', 'visitingDate', 'insuranceStartDate', 'insuranceEndDate'),
  ...fields(
    nbool,
    'isForeigner', 'salesPriceIncludesTax', 'isCompositionScheme', 'showMRP', 'goToReceipt',
    'allowUserToChangePrice', 'allowUserToChangeDiscount', 'allowUerToGenerateFutureDateOrder',
    'allowUserToGeneratePastDateOrder', 'allowStoreManagerToGenerateFutureDateOrder',
    'allowStoreManagerToGeneratePastDateOrder', 'userInRole', 'userInRoleStoreManager',
    'allowWarehouseManagerToCancelOrder', 'allowCompanyManagerToCancelOrder', 'isFranchise',
    'isSalesPriceIncludeTax', 'isCustomerStateSameAsCompanyState', 'isCustomerStateNOTSameAsCompanyState',
    'isFranchise_Branch', 'dndForTransactionalMessage', 'dndForPromotionalMessage', 'isImportedOrder',
    'isGiftVoucherApplied', 'enableInsurance',
  ),
  getSalesOrderDetailList: z.array(OpenObject).nullish(),
  salesOrderDetailList: z.array(SalesOrderLineItem).nullish(),
});
export type SalesorderModel = z.infer<typeof SalesorderModel>;

/** CustomerEyeInfoModel: only the doctor's name is shown. */
export const EyeInfoModel = z.object(strings('doctorName'));
export type EyeInfoModel = z.infer<typeof EyeInfoModel>;

const recallScalars = {
  ...fields(nnum, 'id', 'customerID'),
  ...strings('customerName', 'dateString', 'remarks', 'group'),
  date: ndt(),
};

/** recallList and notifiedRecallList hold entries of the recall's own scalar shape, one level deep. */
export const RecallEntry = z.object(recallScalars);

export const EyecheckupRecallModel = z.object({
  ...recallScalars,
  recallList: z.array(RecallEntry).nullish(),
  notifiedRecallList: z.array(RecallEntry).nullish(),
});
export type EyecheckupRecallModel = z.infer<typeof EyecheckupRecallModel>;

export const PurchaseOrderLine = z.object({
  ...fields(
    nnum,
    'id', 'itemId', 'qty', 'salesPrice', 'purchaseCost', 'cost', 'totalCost', 'discountRate', 'discountAmount',
    'taxableAmount', 'sgstRate', 'sgstAmount', 'cgstRate', 'cgstAmount', 'igstRate', 'igstAmount', 'totalAmount',
    'totalQuantity', 'grandTotal', 'totalDiscount', 'totalTaxableAmount', 'totalSGST', 'totalCGST', 'totalIGST',
    'serviceTax', 'jobCharges', 'otherCharges', 'shippingCharges', 'rounding', 'netAmount',
  ),
  ...strings('sessionId', 'title', 'code', 'status', 'batchNo'),
  ...fields(
    nbool,
    'isCompositionScheme', 'isReverseTaxCalculation', 'isSupplierStateSameAsCompanyState',
    'isSupplierStateNOTSameAsCompanyState',
  ),
  expiredDate: ndt(),
});
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLine>;

/** The lab order that SaveSale raises when spectacle lenses are ordered. */
export const PurchaseOrderModel = z.object({
  ...fields(
    nnum,
    'purchaseOrderId', 'statusId', 'priorityId', 'branchId', 'yearId', 'subCategoryId', 'fitterID', 'supplierId',
    'taxTypeId', 'totalQuantity', 'grandTotal', 'totalDiscount', 'totalTaxableAmount', 'totalSGST', 'totalCGST',
    'totalIGST', 'rounding', 'netAmount', 'serviceTax', 'jobCharges', 'shippingCharges', 'otherCharges',
    'createdBy', 'itemTypeID', 'colorId', 'brandId', 'shapeId', 'sizeId', 'materialId', 'price', 'cost', 'mrp',
    'taxID', 'productID', 'lenseStyleID', 'lensCoatID', 'lensColorId', 'spectacleLensTypeID', 'unitTypeId',
    'frameId', 'priceRangeID',
  ),
  ...strings(
    'sessionId', 'condition', 'priority', 'taxType', 'supplier', 'supplierInvoiceNo', 'purchaseOrderNumber',
    'orderDateString', 'receiveDateString', 'transport', 'status', 'remarks', 'createdIP', 'title', 'modelNo',
    'code', 'index', 'itemTypeCode', 'prmCode', 'deoCode', 'branchLogo', 'branchName', 'companyName',
  ),
  ...fields(ndt, 'orderDate', 'receiveDate'),
  ...fields(
    nbool,
    'isCompositionScheme', 'isReverseTaxCalculation', 'isSupplierStateSameAsCompanyState',
    'isSupplierStateNOTSameAsCompanyState', 'isDirectInward', 'autoFrameTitle', 'autoSunGlassTitle',
    'autoSpectacleLensTitle', 'autoContactLensTitle', 'autoContactLensCareProductTitle', 'autoTitle',
    'autoTitleClone', 'autoPRMTitle', 'autoDEOTitle', 'allowMannualBarcode', 'isFranchise',
  ),
  getOrderList: z.array(PurchaseOrderLine).nullish(),
});
export type PurchaseOrderModel = z.infer<typeof PurchaseOrderModel>;

export const AutoItemTypeSection = z.object({
  ...strings('id', 'itemTypeID'),
  moduleID: nnum(),
  isAutosection: nbool(),
  sectionName: str('name'),
});
export type AutoItemTypeSection = z.infer<typeof AutoItemTypeSection>;

/** The <X> of the spec's showQuickSaleAdd<X>Section flags: the kinds of goods a store sells. */
export const QUICK_SALE_SECTIONS = [
  'Frame', 'SunGlass', 'Lens', 'ContactLens', 'CLCP', 'Accessories', 'Perfume', 'Deodorant', 'Attar', 'Freshener',
  'LeatherAccessories', 'Cosmetics', 'GiftSets', 'MenAccessories', 'WomenAccessories', 'Watches',
  'ImitationJewellery', 'DressMaterial', 'Kurti', 'KurtiPair', 'ChaniyaCholi', 'Leggins', 'KurtaPent', 'Plazzo',
  'OnePiece', 'Dupatta', 'Western',
] as const;
type SectionFlags = { [K in (typeof QUICK_SALE_SECTIONS)[number] as `showQuickSaleAdd${K}Section`]: ReturnType<typeof nbool> };
const sectionFlags = Object.fromEntries(QUICK_SALE_SECTIONS.map((s) => [`showQuickSaleAdd${s}Section`, nbool()])) as SectionFlags;

/**
 * Nested models are optional as a whole: an invoice-only save has no eye info, a sale of
 * sunglasses no purchase order. customerModel's own rules apply whenever it is sent.
 */
/**
 * One payment of a split payment (issue 16, OMFastWizardModel.payments): how much, by which kind,
 * and what that kind needs: a card's last four digits and approval code, a UPI reference, a credit note.
 */
export const SplitPayment = z.object({
  receiptTypeId: bounded('id'),
  amount: z.number(),
  ...strings('cardTypeId', 'cardNo', 'approvalCode', 'referenceNo', 'creditNoteID', 'nameOnCard', 'bankName', 'chequeNo', 'chequeDateString', 'remarks'),
});
export type SplitPayment = z.infer<typeof SplitPayment>;

export const OMFastWizardModel = z.object({
  customerModel: CustomerModel.nullish(),
  salesorderModel: SalesorderModel.nullish(),
  receiptModel: ReceiptWithouInvoiceModel.nullish(),
  eyeInfoModel: EyeInfoModel.nullish(),
  eyecheckupRecallModel: EyecheckupRecallModel.nullish(),
  purchaseOrderModel: PurchaseOrderModel.nullish(),
  autoItemTypeSectionList: z.array(AutoItemTypeSection).nullish(),
  ...strings(
    'visitorIP', 'branchCity', 'sessionID', 'supplierID', 'fitterID', 'priorityID', 'modelNo', 'colorId', 'brandId',
    'shapeId', 'sizeId', 'materialId', 'subCategoryId', 'taxID', 'code', 'index', 'productID', 'lenseStyleID',
    'lensCoatID', 'lensColorId', 'spectacleLensTypeID', 'unitTypeId', 'itemTypeID', 'itemTypeCode', 'frameId',
    'priceRangeID', 'yearId',
  ),
  userId: nint64(),
  ...fields(nnum, 'price', 'cost', 'mrp', 'branchId'),
  ...fields(ndt, 'orderDate', 'expectedDate'),
  ...fields(
    nbool,
    'isLensAdded', 'isExternal', 'showLabOrderInQuickSale', 'autoTitle', 'autoFrameTitle', 'autoSunGlassTitle',
    'autoSpectacleLensTitle', 'autoContactLensTitle', 'autoContactLensCareProductTitle', 'autoPerfumeTitle',
    'autoDeodorantTitle', 'autoAttarTitle', 'autoFreshenerTitle', 'autoLeatherAccessoriesTitle',
    'autoCosmeticsTitle', 'autoGiftSetsTitle', 'autoMenAccessoriesTitle', 'autoWomenAccessoriesTitle',
    'autoWatchesTitle', 'autoImitationJewelleryTitle', 'autoReadymadeGarmentsTitle',
  ),
  ...fields(
    nbool,
    'isSpectacleLensInOrder', 'allowMannualBarcode', 'defaultZeroReceiptAmountForQuickSale',
    'allowZeroAmountReceiptInQuickSale', 'isRemoveValidationFromCustomer',
  ),
  ...sectionFlags,
  payments: extension('OMFastWizardModel', 'payments', z.array(SplitPayment).max(10).nullish()),
  cashTendered: extension('OMFastWizardModel', 'cashTendered', nnum()),
  collectBranchID: extension('OMFastWizardModel', 'collectBranchID', str('id')),
});
export type OMFastWizardModel = z.infer<typeof OMFastWizardModel>;

/** receiptID and receiptNo are null when no money was taken (a zero receipt the store allows is not written). */
export const SaveSaleResult = z.object({
  salesOrderID: z.string(),
  salesOrderNo: z.string(),
  receiptID: noutStr(),
  receiptNo: noutStr(),
  message: z.string(),
  /** Extension (issue 16): every receipt the sale wrote, one per payment, in the order given. */
  receipts: z
    .array(z.object({ receiptID: z.string(), receiptNo: z.string(), kind: z.string(), amount: z.number() }))
    .optional()
    .describe('Extension to the spec: every receipt the sale wrote, one per payment (issue 16).'),
  /** Extension (issue 16): change to give back, rupees (cashTendered − cash paid); null without cashTendered. */
  change: z.number().nullable().optional().describe('Extension to the spec: the change to hand back, cashTendered − cash paid (issue 16).'),
});
export type SaveSaleResult = z.infer<typeof SaveSaleResult>;
