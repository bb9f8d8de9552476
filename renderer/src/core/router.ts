/**
 * A hash router small enough to read in one go. The hash keeps the place on reload (the session
 * survives a reload too) and gives the back button something to do, with no navigation that the
 * Electron window would have to allow.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { roleOfName } from '../../../shared/contract/roles.js';

export type CustomerTab = 'profile' | 'prescriptions' | 'orders' | 'history';

/** Which transfers a branch's list shows. */
export type TransferView = 'in-transit' | 'outgoing' | 'incoming';
const TRANSFER_VIEWS: readonly TransferView[] = ['in-transit', 'outgoing', 'incoming'];

export type Route =
  | { name: 'home' }
  | { name: 'customers' }
  | { name: 'customerNew' }
  | { name: 'customer'; customerId: string; tab: CustomerTab }
  | { name: 'customerEdit'; customerId: string }
  | { name: 'prescriptionNew'; customerId: string }
  | { name: 'prescriptionAmend'; customerId: string; examId: string }
  | { name: 'recalls' }
  | { name: 'duplicates' }
  | { name: 'doctors' }
  | { name: 'doctorNew' }
  | { name: 'doctorEdit'; doctorId: string }
  | { name: 'catalog' }
  | { name: 'quickSale' }
  | { name: 'invoices' }
  | { name: 'receipts' }
  | { name: 'dashboard' }
  | { name: 'chain' }
  | { name: 'reports' }
  | { name: 'orders' }
  | { name: 'order'; salesOrderNo: string }
  | { name: 'printers' }
  | { name: 'audit' }
  | { name: 'users' }
  | { name: 'userNew' }
  | { name: 'userEdit'; userId: string }
  | { name: 'password' }
  | { name: 'backups' }
  | { name: 'messages' }
  | { name: 'till' }
  | { name: 'stock'; itemId: string | null }
  | { name: 'stockTakes' }
  | { name: 'stockTake'; stockTakeId: string }
  | { name: 'transfers'; view: TransferView }
  | { name: 'transferNew' }
  | { name: 'transfer'; transferId: string }
  | { name: 'returns' }
  | { name: 'returnOrder'; salesOrderNo: string }
  | { name: 'suppliers' }
  | { name: 'purchaseOrders' }
  /** `fromLowStock`: its lines drafted from the branch's low-stock list. */
  | { name: 'purchaseOrderNew'; fromLowStock?: boolean }
  | { name: 'purchaseOrder'; purchaseOrderId: string }
  | { name: 'goodsReceipts' }
  | { name: 'goodsReceiptNew'; purchaseOrderId: string | null }
  | { name: 'goodsReceipt'; goodsReceiptId: string }
  | { name: 'supplierReturns' }
  | { name: 'supplierReturnNew' }
  /** Barcode labels; `code` puts that item on the list (the catalogue's Labels button). */
  | { name: 'labels'; code?: string; goodsReceiptId?: string }
  | { name: 'gstReturns' };

const TABS: readonly CustomerTab[] = ['profile', 'prescriptions', 'orders', 'history'];

export function parseHash(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => decodeURIComponent(p));
  const [area, id, sub] = parts;
  if (area === 'customers') {
    if (!id) return { name: 'customers' };
    if (id === 'new') return { name: 'customerNew' };
    if (sub === 'edit') return { name: 'customerEdit', customerId: id };
    if (sub === 'new-prescription') return { name: 'prescriptionNew', customerId: id };
    if (sub === 'amend-prescription' && parts[3]) return { name: 'prescriptionAmend', customerId: id, examId: parts[3] };
    const tab = TABS.find((t) => t === sub) ?? 'profile';
    return { name: 'customer', customerId: id, tab };
  }
  if (area === 'doctors') {
    if (!id) return { name: 'doctors' };
    if (id === 'new') return { name: 'doctorNew' };
    return { name: 'doctorEdit', doctorId: id };
  }
  if (area === 'recalls') return { name: 'recalls' };
  if (area === 'duplicates') return { name: 'duplicates' };
  if (area === 'catalog') return { name: 'catalog' };
  if (area === 'quick-sale') return { name: 'quickSale' };
  if (area === 'invoices') return { name: 'invoices' };
  if (area === 'receipts') return { name: 'receipts' };
  if (area === 'dashboard') return { name: 'dashboard' };
  if (area === 'chain') return { name: 'chain' };
  if (area === 'reports') return { name: 'reports' };
  if (area === 'printers') return { name: 'printers' };
  if (area === 'audit') return { name: 'audit' };
  if (area === 'users') {
    if (!id) return { name: 'users' };
    return id === 'new' ? { name: 'userNew' } : { name: 'userEdit', userId: id };
  }
  if (area === 'password') return { name: 'password' };
  if (area === 'backups') return { name: 'backups' };
  if (area === 'messages') return { name: 'messages' };
  if (area === 'till') return { name: 'till' };
  if (area === 'stock') return { name: 'stock', itemId: id ?? null };
  if (area === 'stock-takes') return id ? { name: 'stockTake', stockTakeId: id } : { name: 'stockTakes' };
  if (area === 'transfers') {
    if (id === 'new') return { name: 'transferNew' };
    if (id && !TRANSFER_VIEWS.includes(id as TransferView)) return { name: 'transfer', transferId: id };
    return { name: 'transfers', view: (id as TransferView | undefined) ?? 'in-transit' };
  }
  if (area === 'returns') return id ? { name: 'returnOrder', salesOrderNo: id } : { name: 'returns' };
  if (area === 'suppliers') return { name: 'suppliers' };
  if (area === 'purchase-orders') {
    if (!id) return { name: 'purchaseOrders' };
    if (id === 'new') return parts[2] === 'low-stock' ? { name: 'purchaseOrderNew', fromLowStock: true } : { name: 'purchaseOrderNew' };
    return { name: 'purchaseOrder', purchaseOrderId: id };
  }
  if (area === 'goods-in') {
    if (!id) return { name: 'goodsReceipts' };
    return id === 'new' ? { name: 'goodsReceiptNew', purchaseOrderId: sub ?? null } : { name: 'goodsReceipt', goodsReceiptId: id };
  }
  if (area === 'supplier-returns') return id === 'new' ? { name: 'supplierReturnNew' } : { name: 'supplierReturns' };
  if (area === 'labels') {
    if (id === 'goods-receipt' && parts[2]) return { name: 'labels', goodsReceiptId: parts[2] };
    return id ? { name: 'labels', code: id } : { name: 'labels' };
  }
  if (area === 'orders') return id ? { name: 'order', salesOrderNo: id } : { name: 'orders' };
  if (area === 'gst-returns') return { name: 'gstReturns' };
  return { name: 'home' };
}

export function hrefFor(route: Route): string {
  const enc = encodeURIComponent;
  switch (route.name) {
    case 'home':
      return '#/';
    case 'customers':
      return '#/customers';
    case 'customerNew':
      return '#/customers/new';
    case 'customer':
      return `#/customers/${enc(route.customerId)}/${route.tab}`;
    case 'customerEdit':
      return `#/customers/${enc(route.customerId)}/edit`;
    case 'prescriptionNew':
      return `#/customers/${enc(route.customerId)}/new-prescription`;
    case 'prescriptionAmend':
      return `#/customers/${enc(route.customerId)}/amend-prescription/${enc(route.examId)}`;
    case 'recalls':
      return '#/recalls';
    case 'duplicates':
      return '#/duplicates';
    case 'doctors':
      return '#/doctors';
    case 'doctorNew':
      return '#/doctors/new';
    case 'doctorEdit':
      return `#/doctors/${enc(route.doctorId)}`;
    case 'catalog':
      return '#/catalog';
    case 'quickSale':
      return '#/quick-sale';
    case 'invoices':
      return '#/invoices';
    case 'receipts':
      return '#/receipts';
    case 'dashboard':
      return '#/dashboard';
    case 'chain':
      return '#/chain';
    case 'reports':
      return '#/reports';
    case 'orders':
      return '#/orders';
    case 'order':
      return `#/orders/${enc(route.salesOrderNo)}`;
    case 'printers':
      return '#/printers';
    case 'audit':
      return '#/audit';
    case 'users':
      return '#/users';
    case 'userNew':
      return '#/users/new';
    case 'userEdit':
      return `#/users/${enc(route.userId)}`;
    case 'password':
      return '#/password';
    case 'backups':
      return '#/backups';
    case 'messages':
      return '#/messages';
    case 'till':
      return '#/till';
    case 'stock':
      return route.itemId ? `#/stock/${enc(route.itemId)}` : '#/stock';
    case 'stockTakes':
      return '#/stock-takes';
    case 'stockTake':
      return `#/stock-takes/${enc(route.stockTakeId)}`;
    case 'transfers':
      return `#/transfers/${route.view}`;
    case 'transferNew':
      return '#/transfers/new';
    case 'transfer':
      return `#/transfers/${enc(route.transferId)}`;
    case 'returns':
      return '#/returns';
    case 'returnOrder':
      return `#/returns/${enc(route.salesOrderNo)}`;
    case 'suppliers':
      return '#/suppliers';
    case 'purchaseOrders':
      return '#/purchase-orders';
    case 'purchaseOrderNew':
      return route.fromLowStock ? '#/purchase-orders/new/low-stock' : '#/purchase-orders/new';
    case 'purchaseOrder':
      return `#/purchase-orders/${enc(route.purchaseOrderId)}`;
    case 'goodsReceipts':
      return '#/goods-in';
    case 'goodsReceiptNew':
      return route.purchaseOrderId ? `#/goods-in/new/${enc(route.purchaseOrderId)}` : '#/goods-in/new';
    case 'goodsReceipt':
      return `#/goods-in/${enc(route.goodsReceiptId)}`;
    case 'supplierReturns':
      return '#/supplier-returns';
    case 'supplierReturnNew':
      return '#/supplier-returns/new';
    case 'labels':
      if (route.goodsReceiptId) return `#/labels/goods-receipt/${enc(route.goodsReceiptId)}`;
      return route.code ? `#/labels/${enc(route.code)}` : '#/labels';
    case 'gstReturns':
      return '#/gst-returns';
  }
}

/**
 * Where a user lands after signing in (issue 16): a cashier at the counter, a manager (and the
 * admin) on the day's figures; an optometrist on the home screen, whose menu starts at customers.
 */
export function landingFor(userRole: string | null | undefined): Route {
  switch (roleOfName(userRole)) {
    case 'cashier':
      return { name: 'quickSale' };
    case 'manager':
    case 'admin':
      return { name: 'dashboard' };
    default:
      return { name: 'home' };
  }
}

/**
 * After a sign-in: the landing screen of the role, unless the window was opened on a screen of
 * its own (a reload or a link keeps its place).
 */
export function landAfterSignIn(userRole: string | null | undefined): void {
  if (parseHash(window.location.hash).name === 'home') navigate(landingFor(userRole), { replace: true });
}

export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  const href = hrefFor(route);
  if (options.replace) window.location.replace(href);
  else window.location.hash = href;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const currentHash = () => window.location.hash;

/** The current route; re-renders on every hash change. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, currentHash);
  return parseHash(hash);
}

const REOPEN = 'optical-pos:reopen';

/**
 * The menu entry of the screen already open was chosen again: no hash change, so the screen is
 * told, and puts the cursor back where its work starts (the counter's code box).
 */
export function reopenCurrent(): void {
  window.dispatchEvent(new Event(REOPEN));
}

export function useOnReopen(action: () => void): void {
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    const run = () => latest.current();
    window.addEventListener(REOPEN, run);
    return () => window.removeEventListener(REOPEN, run);
  }, []);
}
