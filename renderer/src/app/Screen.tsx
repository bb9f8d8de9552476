import type { LoginResponse } from '../../../shared/models/auth.js';
import { AuditScreen } from '../audit/AuditScreen.js';
import { CatalogScreen } from '../catalog/CatalogScreen.js';
import { CustomerForm } from '../customers/CustomerForm.js';
import { CustomerList } from '../customers/CustomerList.js';
import { CustomerPage } from '../customers/CustomerPage.js';
import { canSeeDashboard, DashboardScreen } from '../dashboard/DashboardScreen.js';
import { canSeeChain, ChainScreen } from '../chain/ChainScreen.js';
import { DoctorForm } from '../doctors/DoctorForm.js';
import { DoctorList } from '../doctors/DoctorList.js';
import { GSTReturnsScreen } from '../gst-returns/GSTReturnsScreen.js';
import { InvoiceList } from '../invoices/InvoiceList.js';
import { LabelsScreen } from '../labels/LabelsScreen.js';
import { OrderList } from '../orders/OrderList.js';
import { OrderPage } from '../orders/OrderPage.js';
import { PrescriptionScreen } from '../prescriptions/PrescriptionScreen.js';
import { QuickSaleScreen } from '../quick-sale/QuickSaleScreen.js';
import { RecallList } from '../recalls/RecallList.js';
import { DuplicatesScreen } from '../duplicates/DuplicatesScreen.js';
import { ReceiptList } from '../receipts/ReceiptList.js';
import { ReturnList } from '../returns/ReturnList.js';
import { ReturnScreen } from '../returns/ReturnScreen.js';
import { BackupsScreen } from '../settings/BackupsScreen.js';
import { MessagesScreen } from '../settings/MessagesScreen.js';
import { PrintersScreen } from '../settings/PrintersScreen.js';
import { ReportsScreen, canSeeReports } from '../reports/ReportsScreen.js';
import { StockScreen } from '../stock/StockScreen.js';
import { StockTakeList } from '../stock-take/StockTakeList.js';
import { StockTakeScreen } from '../stock-take/StockTakeScreen.js';
import { TillScreen } from '../till/TillScreen.js';
import { DispatchForm } from '../transfers/DispatchForm.js';
import { TransferList } from '../transfers/TransferList.js';
import { TransferPage } from '../transfers/TransferPage.js';
import { ChangePasswordScreen } from '../users/ChangePasswordScreen.js';
import { UserForm } from '../users/UserForm.js';
import { UserList } from '../users/UserList.js';
import { GoodsReceiptForm } from '../purchasing/GoodsReceiptForm.js';
import { GoodsReceiptList } from '../purchasing/GoodsReceiptList.js';
import { GoodsReceiptPage } from '../purchasing/GoodsReceiptPage.js';
import { PurchaseOrderForm } from '../purchasing/PurchaseOrderForm.js';
import { PurchaseOrderList } from '../purchasing/PurchaseOrderList.js';
import { PurchaseOrderPage } from '../purchasing/PurchaseOrderPage.js';
import { SupplierReturnForm, SupplierReturnList } from '../purchasing/SupplierReturns.js';
import { SupplierScreen } from '../purchasing/SupplierScreen.js';
import { Home } from './Home.js';
import type { Route } from '../core/router.js';

/** The screen for a route. Keys make a screen start fresh when its record changes. */
export function Screen({ route, session }: { route: Route; session: LoginResponse }) {
  switch (route.name) {
    case 'home':
      return <Home session={session} />;
    case 'customers':
      return <CustomerList />;
    case 'customerNew':
      return <CustomerForm key="new" />;
    case 'customerEdit':
      return <CustomerForm key={route.customerId} customerId={route.customerId} />;
    case 'customer':
      return <CustomerPage key={route.customerId} customerId={route.customerId} tab={route.tab} />;
    case 'prescriptionNew':
      return <PrescriptionScreen key={route.customerId} customerId={route.customerId} />;
    case 'prescriptionAmend':
      return <PrescriptionScreen key={route.examId} customerId={route.customerId} amendId={route.examId} />;
    case 'recalls':
      return <RecallList />;
    case 'duplicates':
      return <DuplicatesScreen />;
    case 'doctors':
      return <DoctorList />;
    case 'doctorNew':
      return <DoctorForm key="new" />;
    case 'doctorEdit':
      return <DoctorForm key={route.doctorId} doctorId={route.doctorId} />;
    case 'catalog':
      return <CatalogScreen />;
    case 'quickSale':
      return <QuickSaleScreen />;
    case 'invoices':
      return <InvoiceList />;
    case 'receipts':
      return <ReceiptList />;
    case 'dashboard':
      // A typed-in #/dashboard from a cashier gets Home rather than a 403 from the service.
      return canSeeDashboard(session.userRole) ? <DashboardScreen /> : <Home session={session} />;
    case 'chain':
      return canSeeChain(session.userRole) ? <ChainScreen /> : <Home session={session} />;
    case 'reports':
      return canSeeReports(session.userRole) ? <ReportsScreen role={session.userRole} /> : <Home session={session} />;
    case 'orders':
      return <OrderList />;
    case 'order':
      return <OrderPage key={route.salesOrderNo} salesOrderNo={route.salesOrderNo} />;
    case 'printers':
      return <PrintersScreen />;
    case 'audit':
      return <AuditScreen />;
    case 'users':
      return <UserList />;
    case 'userNew':
      return <UserForm key="new" />;
    case 'userEdit':
      return <UserForm key={route.userId} userId={route.userId} />;
    case 'password':
      return <ChangePasswordScreen />;
    case 'backups':
      return <BackupsScreen />;
    case 'messages':
      return <MessagesScreen />;
    case 'till':
      return <TillScreen />;
    case 'stock':
      return <StockScreen key={route.itemId ?? ''} itemId={route.itemId} session={session} />;
    case 'stockTakes':
      return <StockTakeList />;
    case 'stockTake':
      return <StockTakeScreen key={route.stockTakeId} stockTakeId={route.stockTakeId} />;
    case 'transfers':
      return <TransferList view={route.view} />;
    case 'transferNew':
      return <DispatchForm />;
    case 'transfer':
      return <TransferPage key={route.transferId} transferId={route.transferId} />;
    case 'returns':
      return <ReturnList />;
    case 'returnOrder':
      return <ReturnScreen key={route.salesOrderNo} salesOrderNo={route.salesOrderNo} />;
    case 'suppliers':
      return <SupplierScreen />;
    case 'purchaseOrders':
      return <PurchaseOrderList />;
    case 'purchaseOrderNew':
      return <PurchaseOrderForm key={route.fromLowStock ? 'low-stock' : 'blank'} fromLowStock={route.fromLowStock === true} />;
    case 'purchaseOrder':
      return <PurchaseOrderPage key={route.purchaseOrderId} purchaseOrderId={route.purchaseOrderId} />;
    case 'goodsReceipts':
      return <GoodsReceiptList />;
    case 'goodsReceiptNew':
      return <GoodsReceiptForm key={route.purchaseOrderId ?? 'none'} purchaseOrderId={route.purchaseOrderId} />;
    case 'goodsReceipt':
      return <GoodsReceiptPage key={route.goodsReceiptId} goodsReceiptId={route.goodsReceiptId} />;
    case 'supplierReturns':
      return <SupplierReturnList />;
    case 'supplierReturnNew':
      return <SupplierReturnForm />;
    case 'gstReturns':
      return <GSTReturnsScreen />;
    case 'labels':
      return <LabelsScreen key={route.goodsReceiptId ?? route.code ?? ''} code={route.code} goodsReceiptId={route.goodsReceiptId} />;
  }
}
