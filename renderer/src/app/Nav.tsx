import { hasRole, type Role } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import { hrefFor, reopenCurrent, type Route } from '../core/router.js';

type Area = 'quickSale' | 'till' | 'orders' | 'home' | 'customers' | 'recalls' | 'doctors' | 'catalog' | 'invoices' | 'receipts' | 'dashboard' | 'printers' | 'audit' | 'backups' | 'messages' | 'users' | 'password' | 'stock' | 'stockTakes' | 'transfers' | 'returns' | 'purchasing' | 'labels' | 'gstReturns' | 'duplicates' | 'chain' | 'reports';

function areaOf(route: Route): Area {
  switch (route.name) {
    case 'home':
      return 'home';
    case 'doctors':
    case 'doctorNew':
    case 'doctorEdit':
      return 'doctors';
    case 'recalls':
      return 'recalls';
    case 'duplicates':
      return 'duplicates';
    case 'catalog':
      return 'catalog';
    case 'stock':
      return 'stock';
    case 'quickSale':
      return 'quickSale';
    case 'till':
      return 'till';
    case 'stockTakes':
    case 'stockTake':
      return 'stockTakes';
    case 'invoices':
      return 'invoices';
    case 'receipts':
      return 'receipts';
    case 'dashboard':
      return 'dashboard';
    case 'chain':
      return 'chain';
    case 'reports':
      return 'reports';
    case 'printers':
      return 'printers';
    case 'audit':
      return 'audit';
    case 'users':
    case 'userNew':
    case 'userEdit':
      return 'users';
    case 'password':
      return 'password';
    case 'backups':
      return 'backups';
    case 'messages':
      return 'messages';
    case 'orders':
    case 'order':
      return 'orders';
    case 'transfers':
    case 'transferNew':
    case 'transfer':
      return 'transfers';
    case 'returns':
    case 'returnOrder':
      return 'returns';
    case 'suppliers':
    case 'purchaseOrders':
    case 'purchaseOrderNew':
    case 'purchaseOrder':
    case 'goodsReceipts':
    case 'goodsReceiptNew':
    case 'goodsReceipt':
    case 'supplierReturns':
    case 'supplierReturnNew':
      return 'purchasing';
    case 'labels':
      return 'labels';
    case 'gstReturns':
      return 'gstReturns';
    default:
      return 'customers';
  }
}

/**
 * The menu. Each entry names the roles of the endpoint its screen stands on, so a role is offered
 * exactly the screens the service lets it use (an entry without one is for everybody).
 */
const ITEMS: { area: Area; label: string; route: Route; hint: string; roles?: 'public' | readonly Role[] }[] = [
  { area: 'quickSale', label: 'Quick sale', route: { name: 'quickSale' }, hint: 'Counter, cart', roles: api.QuickSale.saveSale.auth },
  { area: 'till', label: 'Till', route: { name: 'till' }, hint: 'Float, cash, Z', roles: api.Till.state.auth },
  { area: 'orders', label: 'Orders', route: { name: 'orders' }, hint: 'Status, balance', roles: api.Orders.search.auth },
  { area: 'returns', label: 'Returns', route: { name: 'returns' }, hint: 'Returns, exchanges', roles: api.Returns.list.auth },
  { area: 'home', label: 'Home', route: { name: 'home' }, hint: 'Store, session' },
  { area: 'customers', label: 'Customers', route: { name: 'customers' }, hint: 'Search, Rx', roles: api.Customer.list.auth },
  { area: 'duplicates', label: 'Duplicates', route: { name: 'duplicates' }, hint: 'One record per person', roles: api.CustomerMerge.candidates.auth },
  { area: 'recalls', label: 'Recalls', route: { name: 'recalls' }, hint: 'Eye check-ups due', roles: api.Customer.recallList.auth },
  { area: 'doctors', label: 'Doctors', route: { name: 'doctors' }, hint: 'Referrals', roles: api.Customer.doctorListPage.auth },
  { area: 'catalog', label: 'Catalog', route: { name: 'catalog' }, hint: 'Items, stock', roles: api.Common.searchItems.auth },
  { area: 'stock', label: 'Stock', route: { name: 'stock', itemId: null }, hint: 'Every branch, ledger', roles: api.Stock.itemAtBranches.auth },
  { area: 'stockTakes', label: 'Stock-take', route: { name: 'stockTakes' }, hint: 'Count the stock', roles: api.StockTake.list.auth },
  { area: 'transfers', label: 'Transfers', route: { name: 'transfers', view: 'in-transit' }, hint: 'Stock between branches', roles: api.Transfers.list.auth },
  { area: 'labels', label: 'Labels', route: { name: 'labels' }, hint: 'Barcodes, MRP', roles: api.Labels.sheet.auth },
  { area: 'invoices', label: 'Invoices', route: { name: 'invoices' }, hint: 'Tax invoices', roles: api.Invoice.list.auth },
  { area: 'receipts', label: 'Receipts', route: { name: 'receipts' }, hint: 'Payments taken', roles: api.Receipts.listPaged.auth },
  { area: 'purchasing', label: 'Purchasing', route: { name: 'purchaseOrders' }, hint: 'Suppliers, goods in', roles: api.Purchasing.orders.auth },
  { area: 'gstReturns', label: 'GST returns', route: { name: 'gstReturns' }, hint: 'GSTR-1, Tally', roles: api.GSTReturns.gstr1.auth },
  { area: 'dashboard', label: 'Dashboard', route: { name: 'dashboard' }, hint: 'The day, the month', roles: api.Dashboard.dashboardData.auth },
  { area: 'chain', label: 'Chain', route: { name: 'chain' }, hint: 'Every branch today', roles: api.Chain.dashboard.auth },
  { area: 'reports', label: 'Reports', route: { name: 'reports' }, hint: 'Periods, XLSX, CSV', roles: api.Reports.run.auth },
  { area: 'audit', label: 'Audit', route: { name: 'audit' }, hint: 'Who changed what', roles: api.Audit.search.auth },
  { area: 'printers', label: 'Printers', route: { name: 'printers' }, hint: 'Paper, test print' },
  { area: 'messages', label: 'Messages', route: { name: 'messages' }, hint: 'Order ready text', roles: api.Orders.setReadyMessageTemplate.auth },
  { area: 'backups', label: 'Backups', route: { name: 'backups' }, hint: 'Copies of the store', roles: api.Backup.overview.auth },
  { area: 'users', label: 'Users', route: { name: 'users' }, hint: 'Staff, roles', roles: api.Users.list.auth },
  { area: 'password', label: 'My password', route: { name: 'password' }, hint: 'Change it', roles: api.Users.changePassword.auth },
];

export function Nav({ route, role }: { route: Route; role: string }) {
  const current = areaOf(route);
  const items = ITEMS.filter((item) => !item.roles || hasRole(role, item.roles));
  return (
    <nav className="sidenav" aria-label="Main">
      <ul>
        {items.map((item) => (
          <li key={item.area}>
            <a
              href={hrefFor(item.route)}
              className="sidenav-link"
              aria-current={item.area === current ? 'page' : undefined}
              onClick={item.area === current && hrefFor(item.route) === window.location.hash ? () => setTimeout(reopenCurrent) : undefined}
            >
              <span className="sidenav-label">{item.label}</span>
              <span className="sidenav-hint">{item.hint}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
