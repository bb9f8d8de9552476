/** SQL for `purchase_order` (the lab order SaveSale raises) as cancelling a sale touches it. */
import type { Db } from '../db/database.js';

export function purchaseOrders(db: Db) {
  // 1 open, 2 sent: the lab can still be told; a received lens (3) stays on record as received.
  const cancelOpen = db.prepare<[number]>('UPDATE purchase_order SET status_id = 4 WHERE sales_order_id = ? AND status_id IN (1, 2)');
  return {
    cancelOpenOfOrder: (orderId: number) => cancelOpen.run(orderId).changes,
  };
}
