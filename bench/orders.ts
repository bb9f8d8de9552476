/**
 * Orders at shop-chain scale: 20,000 orders (BENCH_ORDERS to change; `npm run seed -- --orders
 * 100000` for a bigger store) seeded by setup/bulk-orders.ts over the customers and items the
 * earlier benches added, then the lists a counter and a manager open, over HTTP.
 */
import { performance } from 'node:perf_hooks';
import { createClient } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import { addOrders } from '../main/service/setup/bulk-orders.js';
import type { RunningServer } from '../main/service/server.js';
import { companies } from '../main/service/store/company.js';

export async function benchOrders(server: RunningServer, report: (name: string, count: number, ms: number) => void) {
  const total = Number(process.env.BENCH_ORDERS ?? 20_000);
  const { db, ids, enc } = server.deps;
  const start = performance.now();
  addOrders({ file: '', db, ids, company: companies(db).only()! }, total);
  // No `PRAGMA optimize` here: the service never runs it, and on this connection (after the
  // benches above) it spends tens of seconds analysing; the lists are timed as a live store has them.
  report(`seed ${total} orders with receipts, invoices`, total, performance.now() - start);

  const client = async (userName: string) => {
    const { token } = await createClient({ baseUrl: server.url }).call(api.Auth.login, { body: { userName, password: 'demo1234' } });
    return createClient({ baseUrl: server.url, getToken: () => token });
  };
  const cashier = await client('cashier');
  const manager = await client('manager');
  const timed = async (name: string, runs: number, work: () => Promise<unknown>) => {
    await work();
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await work();
    report(name, runs, performance.now() - t0);
  };
  // The busiest customer of the cashier's branch, so "by customer" has a page to show.
  const user = db.prepare("SELECT branch_id FROM app_user WHERE user_name = 'cashier'").get() as { branch_id: number };
  const busiest = db
    .prepare('SELECT customer_id AS id, count(*) AS n FROM sales_order WHERE branch_id = ? GROUP BY customer_id ORDER BY n DESC LIMIT 1')
    .get(user.branch_id) as { id: number; n: number };
  const customerID = enc.encode('customer', busiest.id);
  const month = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
  const monthEnd = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);

  const search = (body: object) => cashier.call(api.Orders.search, { body: { pageSize: 20, ...body } });
  const rows = (await search({})).totalRows;
  await timed(`POST Orders/search page 1 of ${rows}`, 50, () => search({ pageNumber: 1 }));
  await timed('POST Orders/search page 200, by order no desc', 50, () => search({ pageNumber: 200, orderBy: 'salesOrderNo desc' }));
  await timed(`POST Orders/search by customer (${busiest.n} orders)`, 200, () => search({ customerID }));
  await timed(`POST Orders/search by date (${month}..${monthEnd})`, 50, () => search({ fromDate: month, toDate: monthEnd }));
  const open = (await cashier.call(api.Orders.withBalance, { query: {} })).data.length;
  await timed(`GET Orders/with-balance (${open} rows)`, 20, () => cashier.call(api.Orders.withBalance, { query: {} }));
  await timed('POST Dashboard/dashboardData (today)', 50, () => manager.call(api.Dashboard.dashboardData, { body: {} }));
  const receipts = (await cashier.call(api.Receipts.listPaged, { body: {} })).totalRecords;
  await timed(`POST Receipts/list-paged page 1 of ${receipts}`, 50, () => cashier.call(api.Receipts.listPaged, { body: { pageNumber: 1, pageSize: 20 } }));
  await timed('POST Receipts/list-paged by date (a month)', 50, () =>
    cashier.call(api.Receipts.listPaged, { body: { fromDate: month, toDate: monthEnd, pageNumber: 1, pageSize: 20 } }));
}
