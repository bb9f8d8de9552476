/**
 * `npm run seed -- --customers 500000 --items 50000 --orders 1000000 [--branches 50] [--data-dir DIR]`:
 * grows the store in a data folder into a large one for benchmarks; `--branches N` makes its company
 * a chain of N branches (a till open at each) before the orders, which spread over them all.
 * Without a store there, the demo store is made first. Use a scratch folder: the rows are generated, not anyone's shop.
 */
import { parseArgs } from 'node:util';
import { defaultDataDir } from './data-dir.js';
import { openService } from './service/service.js';
import { asActor } from './service/db/journal.js';
import { addBranches } from './service/setup/bulk-branches.js';
import { addOrders } from './service/setup/bulk-orders.js';
import { addCustomers, addItems } from './service/setup/bulk-store.js';
import { openStoreFile } from './service/store-file.js';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '0' },
    items: { type: 'string', default: '0' },
    orders: { type: 'string', default: '0' },
    branches: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
  },
});

function count(flag: 'customers' | 'items' | 'orders' | 'branches'): number {
  const n = Number(values[flag]);
  const most = flag === 'branches' ? 1_000 : 10_000_000;
  if (!Number.isInteger(n) || n < 0 || n > most) throw new Error(`--${flag} must be a whole number up to ${most.toLocaleString('en-IN')}`);
  return n;
}

async function main() {
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const wanted = { customers: count('customers'), items: count('items'), orders: count('orders'), branches: count('branches') };
  // Opening the service once makes the demo store when the folder has none, exactly as on first start.
  await (await openService({ dataDir })).close();
  const store = openStoreFile(dataDir);
  const line = (what: string) => (done: number, total: number) => process.stdout.write(`\r${what}: ${done.toLocaleString('en-IN')} / ${total.toLocaleString('en-IN')}`);
  try {
    console.log(`Seeding ${store.file} (${store.company.name})`);
    const started = Date.now();
    if (wanted.branches > 0) console.log(`branches: ${addBranches(store, wanted.branches)} added, ${wanted.branches} in all`);
    if (wanted.customers > 0) {
      addCustomers(store, wanted.customers, line('customers'));
      process.stdout.write('\n');
    }
    if (wanted.items > 0) {
      addItems(store, wanted.items, line('items'));
      process.stdout.write('\n');
    }
    if (wanted.orders > 0) {
      const from = Date.now();
      addOrders(store, wanted.orders, { progress: line('orders') });
      const seconds = (Date.now() - from) / 1000;
      process.stdout.write(` (${Math.round(wanted.orders / seconds).toLocaleString('en-IN')} orders/s)\n`);
    }
    store.db.pragma('optimize');
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    store.db.close();
  }
}

asActor({ userId: null, branchId: null, till: '', source: 'seed' }, main).catch((err: unknown) => {
  console.error(`Seed failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
