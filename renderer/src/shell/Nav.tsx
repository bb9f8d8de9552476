import { hrefFor, type Route } from './router.js';

type Area = 'quickSale' | 'orders' | 'home' | 'customers' | 'doctors' | 'catalog';

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
];

export function Nav({ route }: { route: Route }) {
  const current = areaOf(route);
  return (
    <nav className="sidenav" aria-label="Main">
      <ul>
        {ITEMS.map((item) => (
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
