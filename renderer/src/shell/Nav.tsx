import { canSeeDashboard } from '../dashboard/DashboardScreen.js';
import { hrefFor, type Route } from './router.js';

type Area = 'quickSale' | 'orders' | 'home' | 'customers' | 'doctors' | 'catalog' | 'invoices' | 'receipts' | 'dashboard' | 'printers';

function areaOf(route: Route): Area {
  switch (route.name) {
    case 'home':
      return 'home';
    case 'doctors':
    case 'doctorNew':
    case 'doctorEdit':
      return 'doctors';
    case 'catalog':
      return 'catalog';
    case 'quickSale':
      return 'quickSale';
    case 'invoices':
      return 'invoices';
    case 'receipts':
      return 'receipts';
    case 'dashboard':
      return 'dashboard';
    case 'printers':
      return 'printers';
    case 'orders':
    case 'order':
      return 'orders';
    default:
      return 'customers';
  }
}

const ITEMS: { area: Area; label: string; route: Route; hint: string }[] = [
  { area: 'quickSale', label: 'Quick sale', route: { name: 'quickSale' }, hint: 'Counter, cart' },
  { area: 'orders', label: 'Orders', route: { name: 'orders' }, hint: 'Status, balance' },
  { area: 'home', label: 'Home', route: { name: 'home' }, hint: 'Store, session' },
  { area: 'customers', label: 'Customers', route: { name: 'customers' }, hint: 'Search, Rx' },
  { area: 'doctors', label: 'Doctors', route: { name: 'doctors' }, hint: 'Referrals' },
  { area: 'catalog', label: 'Catalog', route: { name: 'catalog' }, hint: 'Items, stock' },
  { area: 'invoices', label: 'Invoices', route: { name: 'invoices' }, hint: 'Tax invoices' },
  { area: 'receipts', label: 'Receipts', route: { name: 'receipts' }, hint: 'Payments taken' },
  { area: 'dashboard', label: 'Dashboard', route: { name: 'dashboard' }, hint: 'The day, the month' },
  { area: 'printers', label: 'Printers', route: { name: 'printers' }, hint: 'Paper, test print' },
];

export function Nav({ route, role }: { route: Route; role: string }) {
  const current = areaOf(route);
  // The service refuses the dashboard to other roles, so they are not offered it.
  const items = ITEMS.filter((item) => item.area !== 'dashboard' || canSeeDashboard(role));
  return (
    <nav className="sidenav" aria-label="Main">
      <ul>
        {items.map((item) => (
          <li key={item.area}>
            <a
              href={hrefFor(item.route)}
              className="sidenav-link"
              aria-current={item.area === current ? 'page' : undefined}
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
