/** Making a sale over HTTP for suites that need orders to work on (invoices, receipts, dashboard). */
import type { Client } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import type { TestService } from './service.js';

export interface MadeSale {
  salesOrderID: string;
  salesOrderNo: string;
  rowId: number;
  customerID: string;
  customerRowId: number;
  /** The order's net amount in rupees. */
  net: number;
  receiptNo: string | null;
}

/**
 * A sale of `qty` units of the first active spectacle lens (made to order, so no stock is
 * needed) to a new customer unless `customerID` is given, with `paid` rupees in cash; 'all'
 * pays the whole net amount.
 */
export async function makeSale(
  svc: TestService,
  client: Client,
  options: { paid: number | 'all'; qty?: number; customerID?: string; mobile?: string; lastName?: string },
): Promise<MadeSale> {
  const { db, enc } = svc.server.deps;
  const lens = db.prepare('SELECT id FROM item WHERE item_type_id = 3 AND is_active = 1 ORDER BY code LIMIT 1').get() as { id: number };
  const customerID =
    options.customerID ??
    (await client.call(api.Customer.upsert, { body: { firstName: 'Sale', lastName: options.lastName ?? `Customer${Date.now() % 100000}`, mobile: options.mobile } })).customerID;
  const { sessionID } = await client.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', lens.id), qty: options.qty ?? 1 } });
  const view = await client.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  const paid = options.paid === 'all' ? view.netAmount ?? 0 : options.paid;
  const sale = await client.call(api.QuickSale.saveSale, {
    body: {
      sessionID,
      salesorderModel: { customerId: customerID },
      receiptModel: paid > 0 ? { receiptTypeId: enc.encode('paymentKind', 1), amount: paid } : null,
      allowZeroAmountReceiptInQuickSale: paid === 0,
    },
  });
  const row = db.prepare('SELECT id, net_amount, customer_id FROM sales_order WHERE order_no = ?').get(sale.salesOrderNo) as {
    id: number;
    net_amount: number;
    customer_id: number;
  };
  return {
    salesOrderID: sale.salesOrderID,
    salesOrderNo: sale.salesOrderNo,
    rowId: row.id,
    customerID,
    customerRowId: row.customer_id,
    net: row.net_amount / 100,
    receiptNo: sale.receiptNo,
  };
}

/** An ENC id with its last characters changed: still well-formed, its MAC no longer matches. */
export const tamper = (id: string) => id.slice(0, -2) + (id.endsWith('AA') ? 'BB' : 'AA');
