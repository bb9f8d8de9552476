/**
 * A counter sale with a stock-counted frame and a lens pair carrying each eye's Rx, over HTTP: what
 * suites that cancel, move or print orders need (stock to restore, Rx to show, money to settle).
 */
import type { Client } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import type { TestService } from './service.js';

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
  const { db, enc } = svc.server.deps;
  const lensId = (db.prepare('SELECT id FROM item WHERE item_type_id = 3 AND is_active = 1 ORDER BY code LIMIT 1').get() as { id: number }).id;
  const { sessionID } = await client.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', options.frameId) } });
  const lens = enc.encode('item', lensId);
  await client.call(api.QuickSale.saveSalesOrderTemp, { body: { sessionID, itemID: lens, pairNo: 'P1', spherical: '-1.5', cylinder: '-0.5', axis: '90' } });
  await client.call(api.QuickSale.saveSalesOrderTemp, { body: { sessionID, itemID: lens, pairNo: 'P1', spherical: '-1.75' } });
  const sale = await client.call(api.QuickSale.saveSale, {
    body: {
      sessionID,
      salesorderModel: { sessionId: sessionID, customerId: options.customerID },
      receiptModel: options.paid > 0 ? { receiptTypeId: enc.encode('paymentKind', 1), amount: options.paid } : null,
      allowZeroAmountReceiptInQuickSale: options.paid === 0,
    },
  });
  const rowId = (db.prepare('SELECT id FROM sales_order WHERE order_no = ?').get(sale.salesOrderNo) as { id: number }).id;
  return { salesOrderID: sale.salesOrderID, salesOrderNo: sale.salesOrderNo, receiptNo: sale.receiptNo, rowId, frameId: options.frameId };
}
