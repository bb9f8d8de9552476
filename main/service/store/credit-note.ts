/** SQL for `credit_note`: money a customer can spend on a later sale (a cancelled order's advance). */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface CreditNoteRow {
  id: number;
  credit_note_no: string;
  credit_note_date: string;
  customer_id: number;
  amount: number;
  balance: number;
  created_at: string;
}

export interface NewCreditNote {
  id: number;
  company_id: number;
  branch_id: number;
  year_id: number;
  credit_note_no: string;
  credit_note_date: string;
  customer_id: number;
  sales_order_id: number | null;
  source_receipt_id: number | null;
  amount: number;
  created_by: number;
  created_at: string;
}

export const creditNotes = perDatabase((db: Db) => {
  const spendable = db.prepare<[number, number], CreditNoteRow>(
    `SELECT id, credit_note_no, credit_note_date, customer_id, amount, balance, created_at FROM credit_note
     WHERE company_id = ? AND customer_id = ? AND is_active = 1 AND balance > 0 ORDER BY credit_note_date, id`,
  );
  const insert = db.prepare(
    `INSERT INTO credit_note (id, company_id, branch_id, year_id, credit_note_no, credit_note_date, customer_id, sales_order_id,
       source_receipt_id, amount, balance, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @year_id, @credit_note_no, @credit_note_date, @customer_id, @sales_order_id,
       @source_receipt_id, @amount, @amount, @created_by, @created_at)`,
  );
  const forSpending = db.prepare<[number, number], { customer_id: number; balance: number; is_active: number; branch_id: number; credit_note_no: string }>(
    'SELECT customer_id, balance, is_active, branch_id, credit_note_no FROM credit_note WHERE id = ? AND company_id = ?',
  );
  const spend = db.prepare<[number, number]>('UPDATE credit_note SET balance = balance - ? WHERE id = ?');
  const giveBack = db.prepare<[number, number]>('UPDATE credit_note SET balance = balance + ?, is_active = 1 WHERE id = ?');
  const numberOf = db.prepare<[number], { credit_note_no: string }>('SELECT credit_note_no FROM credit_note WHERE id = ?');
  const fromReceipt = db.prepare<[number], { credit_note_no: string }>('SELECT credit_note_no FROM credit_note WHERE source_receipt_id = ? ORDER BY id LIMIT 1');
  return {
    /** Whose note it is, whether it is active and what is left on it; undefined in another company. */
    forSpending: (id: number, companyId: number) => forSpending.get(id, companyId),
    /** Takes `amount` paise off what is left; the caller has checked that much is left. */
    spend: (id: number, amount: number) => spend.run(amount, id),
    /** Puts back on the note what a receipt spent from it (its order was cancelled); the note is live again. */
    giveBack: (id: number, amount: number) => giveBack.run(amount, id),
    numberOf: (id: number) => numberOf.get(id)?.credit_note_no,
    /** The note a receipt's money was moved to when its order was cancelled. */
    numberFromReceipt: (receiptId: number) => fromReceipt.get(receiptId)?.credit_note_no,
    /** A new note with all of its amount left to spend. */
    insert: (row: NewCreditNote) => insert.run(row),
    /** Oldest first: the counter spends the oldest note first. */
    spendable: (companyId: number, customerId: number) => spendable.all(companyId, customerId),
  };
});
