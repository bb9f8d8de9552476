/**
 * Shared fixtures (issue 13): a store with its staff signed in, the demo catalog's items the
 * suites sell, and an order moved to a given state, all through the service as a till would.
 * The one place a suite's setup looks an item up in the file is items.ts, named for what it is.
 */
import type { Client } from '../../shared/client.js';
import { SALES_ORDER_STATUS, type SalesOrderStatusId } from '../../shared/contract/statuses.js';
import { api } from '../../shared/endpoints/index.js';
import { makeSale, type MadeSale } from './sales.js';
export { singleVisionLens } from './items.js';
import { startTestService, type TestService } from './service.js';

export type SignedIn = Client & { token: string };

export interface Store {
  svc: TestService;
  cashier: SignedIn;
  manager: SignedIn;
  optometrist: SignedIn;
  admin: SignedIn;
}

/** A fresh demo store with its cashier, manager, optometrist and admin signed in. */
export async function storeWithStaff(options: Parameters<typeof startTestService>[0] = {}): Promise<Store> {
  const svc = await startTestService(options);
  const [cashier, manager, optometrist, admin] = await Promise.all([svc.as('cashier'), svc.as('manager'), svc.as('optometrist'), svc.as('admin')]);
  return { svc, cashier, manager, optometrist, admin };
}

/** The way an order walks to each state through Orders/status (Cancelled goes through Orders/cancel). */
const WALK: Record<Exclude<SalesOrderStatusId, 5>, Array<2 | 3 | 4>> = {
  1: [],
  2: [SALES_ORDER_STATUS.InLab],
  3: [SALES_ORDER_STATUS.InLab, SALES_ORDER_STATUS.ReadyForDelivery],
  4: [SALES_ORDER_STATUS.InLab, SALES_ORDER_STATUS.ReadyForDelivery, SALES_ORDER_STATUS.Delivered],
};

/** A sale (made-to-order lenses, `paid` rupees) moved to `status` as the counter would move it. */
export async function orderIn(svc: TestService, client: Client, status: Exclude<SalesOrderStatusId, 5>, paid: number | 'all' = 'all'): Promise<MadeSale> {
  const sale = await makeSale(svc, client, { paid });
  for (const statusId of WALK[status]) await client.call(api.Orders.status, { params: { salesOrderId: sale.salesOrderID }, body: { statusId } });
  return sale;
}
