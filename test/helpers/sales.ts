/**
 * Making sales over HTTP for suites that need orders to work on: `makeSale` for money
 * (invoices, receipts, dashboard), `sellFrameAndPair` for stock and Rx (cancel, status, print).
 */
import type { Client } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import type { SalesorderModel } from '../../shared/models/sale.js';
import { singleVisionLens } from './items.js';
import type { TestService } from './service.js';

/** Saves the cart `sessionID` as a sale to `customerID`, paying `paid` rupees in cash. */
async function checkout(svc: TestService, client: Client, sessionID: string, customerID: string, paid: number, extra: Partial<SalesorderModel> = {}) {
  const { enc } = svc.server.deps;
  return client.call(api.QuickSale.saveSale, {
    body: {
      sessionID,
      salesorderModel: { sessionId: sessionID, customerId: customerID, ...extra },
      receiptModel: paid > 0 ? { receiptTypeId: enc.encode('paymentKind', 1), amount: paid } : null,
      allowZeroAmountReceiptInQuickSale: paid === 0,
    },
  });
}

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
  options: { paid: number | 'all'; qty?: number; customerID?: string; mobile?: string; lastName?: string; salesorderModel?: Partial<SalesorderModel> },
): Promise<MadeSale> {
  const { enc } = svc.server.deps;
  const lens = singleVisionLens(svc);
  const customerID =
    options.customerID ??
    (await client.call(api.Customer.upsert, { body: { firstName: 'Sale', lastName: options.lastName ?? `Customer${Date.now() % 100000}`, mobile: options.mobile } })).customerID;
  const { sessionID } = await client.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', lens.id), qty: options.qty ?? 1 } });
  const view = await client.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  const paid = options.paid === 'all' ? view.netAmount ?? 0 : options.paid;
  const sale = await checkout(svc, client, sessionID, customerID, paid, options.salesorderModel);
  const order = await client.call(api.Orders.detail, { params: { salesOrderNo: sale.salesOrderNo } });
  return {
    salesOrderID: sale.salesOrderID,
    salesOrderNo: sale.salesOrderNo,
    rowId: enc.decode('salesOrder', sale.salesOrderID),
    customerID,
    customerRowId: enc.decode('customer', order.customerID),
    net: order.netAmount,
    receiptNo: sale.receiptNo,
  };
}

/** An ENC id with its last characters changed: still well-formed, its MAC no longer matches. */
export const tamper = (id: string) => id.slice(0, -2) + (id.endsWith('AA') ? 'BB' : 'AA');

export interface StockSale {
  salesOrderID: string;
  salesOrderNo: string;
  receiptNo: string | null;
  rowId: number;
  frameId: number;
}

/** A frame of the branch with at least `atLeast` units in a batch that never expires. */
export function frameInStock(svc: TestService, userName: string, atLeast = 5): number {
  const { db } = svc.server.deps;
  const branch = (db.prepare('SELECT branch_id FROM app_user WHERE user_name = ?').get(userName) as { branch_id: number }).branch_id;
  return (db.prepare(
    `SELECT i.id FROM item i JOIN stock s ON s.item_id = i.id WHERE i.item_type_id = 1 AND i.is_active = 1 AND s.branch_id = ?
       AND s.on_hand >= ? AND s.expiry_date IS NULL ORDER BY i.code LIMIT 1`,
  ).get(branch, atLeast) as { id: number }).id;
}

/** Frame + lens pair (R −1.50/−0.50×90, L −1.75) sold to `customerID`, `paid` rupees in cash. */
export async function sellFrameAndPair(
  svc: TestService,
  client: Client,
  options: { customerID: string; paid: number; frameId: number },
): Promise<StockSale> {
  const { enc } = svc.server.deps;
  const lensId = singleVisionLens(svc).id;
  const { sessionID } = await client.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', options.frameId) } });
  const lens = enc.encode('item', lensId);
  await client.call(api.QuickSale.saveSalesOrderTemp, { body: { sessionID, itemID: lens, pairNo: 'P1', spherical: '-1.5', cylinder: '-0.5', axis: '90' } });
  await client.call(api.QuickSale.saveSalesOrderTemp, { body: { sessionID, itemID: lens, pairNo: 'P1', spherical: '-1.75' } });
  const sale = await checkout(svc, client, sessionID, options.customerID, options.paid);
  const rowId = enc.decode('salesOrder', sale.salesOrderID);
  return { salesOrderID: sale.salesOrderID, salesOrderNo: sale.salesOrderNo, receiptNo: sale.receiptNo, rowId, frameId: options.frameId };
}
