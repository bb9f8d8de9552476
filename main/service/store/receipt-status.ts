/**
 * SQL for settling `receipt` rows when their order is cancelled. Receipts are written by
 * sale/receipt.ts; this module only moves the status of an order's received receipts, in its own
 * file so the receipt list's queries and these writes do not tread on each other.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface OrderReceiptRow {
  id: number;
  receipt_no: string;
  customer_id: number;
  amount: number;
  /** The credit note that paid this receipt, or null for money (cash, card, UPI, cheque, bank). */
  credit_note_id: number | null;
}

export const receiptStatuses = perDatabase((db: Db) => {
  const received = db.prepare<[number], OrderReceiptRow>(
    'SELECT id, receipt_no, customer_id, amount, credit_note_id FROM receipt WHERE sales_order_id = ? AND status_id = 1 ORDER BY id',
  );
  const set = db.prepare<[number, number, string, number]>(
    'UPDATE receipt SET status_id = ?, modified_by = ?, modified_at = ? WHERE id = ? AND status_id = 1',
  );
  return {
    receivedOfOrder: (orderId: number) => received.all(orderId),
    set: (id: number, statusId: number, userId: number, at: string) => set.run(statusId, userId, at, id),
  };
});
