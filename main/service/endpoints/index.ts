/** Every endpoint the embedded service has built, one folder per endpoint group. */
import type { Handler } from '../http/handler.js';
import { getProfile } from './account/get-profile.js';
import { userDetails } from './account/user-details.js';
import { login } from './auth/login.js';
import { switchBranchHandler } from './auth/switch-branch.js';
import { cancelRestore } from './backup/cancel-restore.js';
import { backupNow } from './backup/now.js';
import { backupOverview } from './backup/overview.js';
import { backupSettingsChange } from './backup/settings.js';
import { stageRestore } from './backup/stage-restore.js';
import { backupStatusOf } from './backup/status.js';
import { firstRunHandlers } from './setup/first-run.js';
import { likelySameHandler, mergeCandidates, mergeCustomersHandler, mergeListHandler, undoMergeHandler } from './customer-merge/merge.js';
import { notSameHandler, notSameListHandler, undoNotSameHandler } from './customer-merge/not-same.js';
import { syncNow } from './sync/now.js';
import { syncStatusOf } from './sync/status.js';
import { advanceReceiptData } from './orders/advance-receipt-data.js';
import { cancelOrder } from './orders/cancel.js';
import { getCancellationReasons } from './orders/cancellation-reasons.js';
import { orderDetail } from './orders/detail.js';
import { dropdown } from './orders/dropdown.js';
import { orderIds } from './orders/ids.js';
import { orderItems } from './orders/items.js';
import { searchOrders } from './orders/search.js';
import { changeStatus } from './orders/status.js';
import { changeOrderDelivery } from './orders/delivery.js';
import { collectOrderAt } from './orders/collect-at.js';
import { ordersToSettle } from './orders/to-settle.js';
import { ordersSettle } from './orders/settle.js';
import { customerHistoryEverywhere } from './orders/customer-history.js';
import { orderCollectBranches } from './orders/collect-branches.js';
import { orderHistoryOf } from './orders/history.js';
import { orderCustomerTold, orderReadyMessage, readyMessageTemplate, setReadyMessageTemplate } from './orders/ready-message.js';
import { auditSearch } from './audit/search.js';
import { withBalance } from './orders/with-balance.js';
import { checkDuplicate } from './customer/check-duplicate.js';
import { deletePrescription } from './customer/delete-prescription.js';
import { detail } from './customer/detail.js';
import { doctorListPage } from './customer/doctor-list-page.js';
import { doctorList } from './customer/doctor-list.js';
import { existingForQuickSale } from './customer/existing-for-quicksale.js';
import { getDoctor } from './customer/get-doctor.js';
import { getPrescription } from './customer/get-prescription.js';
import { list } from './customer/list.js';
import { prescriptionFullDetail } from './customer/prescription-full-detail.js';
import { prescriptionList } from './customer/prescription-list.js';
import { saveDoctor } from './customer/save-doctor.js';
import { savePrescription } from './customer/save-prescription.js';
import { upsert } from './customer/upsert.js';
import { recallList } from './customer/recall-list.js';
import { recallMark } from './customer/recall-mark.js';
import { amendPrescription } from './customer/amend-prescription.js';
import { prescriptionVersions } from './customer/prescription-versions.js';
import { getCountries } from './common/get-countries.js';
import { getStates } from './common/get-states.js';
import { getYears } from './common/get-years.js';
import { getCategoriesByItemType } from './common/get-categories-by-item-type.js';
import { getItemTypesByModule } from './common/get-item-types-by-module.js';
import { getItemTypes } from './common/get-item-types.js';
import { getQuickSaleTypes } from './common/get-quick-sale-types.js';
import { getSubCategoriesByCategory } from './common/get-sub-categories-by-category.js';
import { searchItems } from './common/search-items.js';
import { invoicePdf } from './common/invoice-pdf.js';
import { invoicePdfHtml } from './common/invoice-pdf-html.js';
import { jobCardPdf } from './common/job-card-pdf.js';
import { jobCardPdfHtml } from './common/job-card-pdf-html.js';
import { prescriptionPdf } from './common/prescription-pdf.js';
import { prescriptionPdfHtml } from './common/prescription-pdf-html.js';
import { receiptPdf } from './common/receipt-pdf.js';
import { receiptPdfHtml } from './common/receipt-pdf-html.js';
import { receiptEscPos } from './common/receipt-escpos.js';
import { addInsuranceCompany } from './quick-sale/add-insurance-company.js';
import { allCard } from './quick-sale/all-card.js';
import { appVersion } from './quick-sale/app-version.js';
import { branchDetails } from './quick-sale/branch-details.js';
import { branchLogo } from './quick-sale/branch-logo.js';
import { doctorsDropdown } from './quick-sale/doctors-dropdown.js';
import { exactItemStock } from './quick-sale/exact-item-stock.js';
import { fittersDropdown } from './quick-sale/fitters-dropdown.js';
import { frameSunGlassAutoComplete } from './quick-sale/frame-sunglass-autocomplete.js';
import { getGenders } from './quick-sale/get-genders.js';
import { getMemberships } from './quick-sale/get-memberships.js';
import { getSources } from './quick-sale/get-sources.js';
import { insuranceCompanies } from './quick-sale/insurance-companies.js';
import { itemDetailFromCode } from './quick-sale/item-detail-from-code.js';
import { itemTypeId } from './quick-sale/item-type-id.js';
import { priorityDropdown } from './quick-sale/priority-dropdown.js';
import { receiptTypes } from './quick-sale/receipt-types.js';
import { searchContactLens } from './quick-sale/search-contact-lens.js';
import { spectacleLensAutoComplete } from './quick-sale/spectacle-lens-autocomplete.js';
import { suppliersDropdown } from './quick-sale/suppliers-dropdown.js';
import { calculateTempGrossInsurance } from './quick-sale/calculate-temp-gross-insurance.js';
import { creditNotesOfCustomer } from './quick-sale/credit-notes.js';
import { deleteSalesOrderTempBySession } from './quick-sale/delete-sales-order-temp-by-session.js';
import { deleteSalesOrderTemp } from './quick-sale/delete-salesorder-temp.js';
import { getSalesOrderTemp } from './quick-sale/get-sales-order-temp.js';
import { getReceiptDetails } from './quick-sale/get-receipt-details.js';
import { saveInvoiceOnly } from './quick-sale/save-invoice-only.js';
import { saveReceipt } from './quick-sale/save-receipt.js';
import { customersForInvoice } from './invoice/customers-for-invoice.js';
import { invoiceDataBySalesOrder } from './invoice/invoice-data-by-salesorder.js';
import { invoiceList } from './invoice/list.js';
import { ordersForNewInvoice } from './invoice/orders-for-new-invoice.js';
import { salesOrdersForInvoice } from './invoice/sales-orders-for-invoice.js';
import { saveInvoiceData } from './invoice/save-invoice-data.js';
import { receiptsById } from './receipts/by-id.js';
import { dashboardData } from './dashboard/dashboard-data.js';
import { chainDashboardOf } from './chain/dashboard.js';
import { receiptsListPaged } from './receipts/list-paged.js';
import { saveSale } from './quick-sale/save-sale.js';
import { saveSalesOrderTemp } from './quick-sale/save-sales-order-temp.js';
import { openCarts } from './quick-sale/open-carts.js';
import { takeOverCart } from './quick-sale/take-over-cart.js';
import { priceApproval } from './quick-sale/price-approval.js';
import { updateSalesOrderTempValues } from './quick-sale/update-sales-order-temp-values.js';
import { usersChangePassword } from './users/change-password.js';
import { usersCreate } from './users/create.js';
import { usersDisable } from './users/disable.js';
import { usersEnable } from './users/enable.js';
import { usersList } from './users/list.js';
import { usersResetPassword } from './users/reset-password.js';
import { usersUpdate } from './users/update.js';
import { cashMoveHandler, closeTillHandler, openTillHandler } from './till/open.js';
import { tillReportHandler, tillReportPrint, xReportHandler } from './till/report.js';
import { labelPrinter, labelSheet } from './labels/labels.js';
import { reportExport } from './reports/export.js';
import { reportRun } from './reports/run.js';
import { everyTillOf, tillStateOf } from './till/state.js';
import { itemAtBranches } from './stock/item-at-branches.js';
import { stockLedger } from './stock/ledger.js';
import { stockLow } from './stock/low-stock.js';
import { stockValueAtCost } from './stock/value-at-cost.js';
import { gstReturnGstins } from './gst-returns/gstins.js';
import { gstr1Json, gstr1Summary, gstr1Xlsx } from './gst-returns/gstr1.js';
import { gstReturnTally } from './gst-returns/tally.js';
import { stockTakeList, stockTakeOne, stockTakeScopeList } from './stock-take/read.js';
import { stockTakeReport } from './stock-take/report.js';
import { stockTakeApprove, stockTakeCancel, stockTakeCount, stockTakeScan, stockTakeStart } from './stock-take/write.js';
import { transferDispatch, transferReceive } from './transfers/dispatch.js';
import { transferDestinationsHandler, transferDetailHandler, transfersList } from './transfers/list.js';
import { transferPrint } from './transfers/print.js';
import { catalogueAccessHandler, catalogueBrands, catalogueFind, catalogueItemHandler, cataloguePriceHistory } from './catalogue/read.js';
import { catalogueChangePrices, catalogueCreateModel, catalogueSetActive, catalogueUpdate } from './catalogue/write.js';
import { returnOrder } from './returns/order.js';
import { saveExchange, saveReturn } from './returns/save.js';
import { returnList, returnWindowOf, setReturnWindowTo } from './returns/list.js';
import { gstCreditNotePrint, returnReceiptPrint } from './returns/print.js';
import { purchaseOrderClose, purchaseOrderCreate, purchaseOrderDetail, purchaseOrderPrint, purchaseOrdersList } from './purchasing/orders.js';
import { goodsReceiptCreate, goodsReceiptDetail, goodsReceiptLabelLines, goodsReceiptPrint, goodsReceiptsList } from './purchasing/receipts.js';
import { debitNotePrint, supplierReturnCreate, supplierReturnDetail, supplierReturnsList } from './purchasing/returns.js';
import { supplierCreate, supplierSetActive, suppliersList, supplierUpdate } from './purchasing/suppliers.js';

export const handlers = [
  login,
  userDetails,
  getProfile,
  withBalance,
  orderDetail,
  orderIds,
  searchOrders,
  orderItems,
  dropdown,
  advanceReceiptData,
  getCancellationReasons,
  cancelOrder,
  changeStatus,
  changeOrderDelivery,
  collectOrderAt,
  ordersToSettle,
  ordersSettle,
  customerHistoryEverywhere,
  orderCollectBranches,
  readyMessageTemplate,
  setReadyMessageTemplate,
  orderReadyMessage,
  orderCustomerTold,
  getYears,
  getCountries,
  getStates,
  checkDuplicate,
  detail,
  existingForQuickSale,
  list,
  upsert,
  prescriptionList,
  doctorList,
  doctorListPage,
  getPrescription,
  prescriptionFullDetail,
  savePrescription,
  deletePrescription,
  recallList,
  recallMark,
  amendPrescription,
  prescriptionVersions,
  saveDoctor,
  getDoctor,
  getQuickSaleTypes,
  getItemTypesByModule,
  getCategoriesByItemType,
  getSubCategoriesByCategory,
  searchItems,
  getItemTypes,
  getSources,
  getMemberships,
  getGenders,
  frameSunGlassAutoComplete,
  spectacleLensAutoComplete,
  itemDetailFromCode,
  exactItemStock,
  searchContactLens,
  itemTypeId,
  suppliersDropdown,
  fittersDropdown,
  priorityDropdown,
  doctorsDropdown,
  appVersion,
  branchLogo,
  branchDetails,
  receiptTypes,
  allCard,
  insuranceCompanies,
  addInsuranceCompany,
  saveSalesOrderTemp,
  openCarts,
  takeOverCart,
  priceApproval,
  saveSale,
  saveReceipt,
  getReceiptDetails,
  getSalesOrderTemp,
  updateSalesOrderTempValues,
  deleteSalesOrderTemp,
  deleteSalesOrderTempBySession,
  calculateTempGrossInsurance,
  creditNotesOfCustomer,
  saveInvoiceOnly,
  saveInvoiceData,
  invoiceDataBySalesOrder,
  invoiceList,
  ordersForNewInvoice,
  customersForInvoice,
  salesOrdersForInvoice,
  receiptsById,
  receiptsListPaged,
  dashboardData,
  receiptPdf,
  receiptPdfHtml,
  receiptEscPos,
  invoicePdf,
  invoicePdfHtml,
  prescriptionPdf,
  prescriptionPdfHtml,
  jobCardPdf,
  jobCardPdfHtml,
  orderHistoryOf,
  auditSearch,
  usersList,
  usersCreate,
  usersUpdate,
  usersDisable,
  usersEnable,
  usersResetPassword,
  usersChangePassword,
  backupStatusOf,
  syncStatusOf,
  syncNow,
  backupOverview,
  backupNow,
  backupSettingsChange,
  stageRestore,
  cancelRestore,
  switchBranchHandler,
  tillStateOf,
  openTillHandler,
  cashMoveHandler,
  xReportHandler,
  closeTillHandler,
  everyTillOf,
  tillReportHandler,
  tillReportPrint,
  itemAtBranches,
  stockLedger,
  stockValueAtCost,
  stockLow,
  stockTakeList,
  stockTakeScopeList,
  stockTakeStart,
  stockTakeOne,
  stockTakeScan,
  stockTakeCount,
  stockTakeApprove,
  stockTakeCancel,
  stockTakeReport,
  transfersList,
  transferDestinationsHandler,
  transferDetailHandler,
  transferDispatch,
  transferReceive,
  transferPrint,
  catalogueAccessHandler,
  catalogueFind,
  catalogueItemHandler,
  catalogueBrands,
  cataloguePriceHistory,
  catalogueCreateModel,
  catalogueUpdate,
  catalogueSetActive,
  catalogueChangePrices,
  returnOrder,
  saveReturn,
  saveExchange,
  returnList,
  returnReceiptPrint,
  gstCreditNotePrint,
  returnWindowOf,
  setReturnWindowTo,
  suppliersList,
  supplierCreate,
  supplierUpdate,
  supplierSetActive,
  purchaseOrdersList,
  purchaseOrderCreate,
  purchaseOrderDetail,
  purchaseOrderClose,
  purchaseOrderPrint,
  goodsReceiptsList,
  goodsReceiptCreate,
  goodsReceiptDetail,
  goodsReceiptLabelLines,
  goodsReceiptPrint,
  supplierReturnsList,
  supplierReturnCreate,
  supplierReturnDetail,
  debitNotePrint,
  labelSheet,
  labelPrinter,
  gstReturnGstins,
  gstr1Summary,
  gstr1Json,
  gstr1Xlsx,
  gstReturnTally,
  mergeCandidates,
  mergeCustomersHandler,
  undoMergeHandler,
  mergeListHandler,
  likelySameHandler,
  notSameHandler,
  undoNotSameHandler,
  notSameListHandler,
  chainDashboardOf,
  reportRun,
  reportExport,
  ...firstRunHandlers,
] as readonly Handler[];

export { firstRunHandlers };
