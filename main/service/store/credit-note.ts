/**
 * SQL for `credit_note`: money a customer can spend on a later sale (a cancelled order's advance),
 * and `credit_note_movement` (issue 15): what is left on a note is the sum of its movements, each
 * a fact owned by the branch (and node, its id's high bits) that made it:
 *
 *   opening  what was left when the store moved to movements (migration 017)
 *   issue    the note's amount, when it is made        spend   a receipt paid with it (negative)
 *   refund   money put back on it (the receipt that spent it was cancelled)
 *   cancel   the note withdrawn (negative; nothing does this yet)
 *
 * `credit_note.balance` is kept by a trigger from the movements in the same transaction
 * (db/migrations/017), so a movement pulled from another node moves it too.
 */
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

/** Who made a movement, when, and for which receipt. */
export interface NoteMovement {
  id: number;
  branchId: number;
  receiptId: number | null;
  at: string;
  userId: number;
}

type NoteKind = 'issue' | 'spend' | 'refund' | 'cancel';

export const creditNotes = perDatabase((db: Db) => {
  const spendable = db.prepare<[number, number], CreditNoteRow>(
    `SELECT id, credit_note_no, credit_note_date, customer_id, amount, balance, created_at FROM credit_note
     WHERE company_id = ? AND customer_id = ? AND is_active = 1 AND balance > 0 ORDER BY credit_note_date, id`,
  );
  const insert = db.prepare(
    `INSERT INTO credit_note (id, company_id, branch_id, year_id, credit_note_no, credit_note_date, customer_id, sales_order_id,
       source_receipt_id, amount, balance, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @year_id, @credit_note_no, @credit_note_date, @customer_id, @sales_order_id,
       @source_receipt_id, @amount, 0, @created_by, @created_at)`,
  );
  const move = db.prepare<[number, number, number, NoteKind, number, number | null, string, number]>(
    `INSERT INTO credit_note_movement (id, credit_note_id, branch_id, kind, amount, receipt_id, at, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const movement = (noteId: number, kind: NoteKind, amount: number, m: NoteMovement) =>
    move.run(m.id, noteId, m.branchId, kind, amount, m.receiptId, m.at, m.userId);
  const forSpending = db.prepare<[number, number], { customer_id: number; balance: number; is_active: number; branch_id: number; credit_note_no: string }>(
    'SELECT customer_id, balance, is_active, branch_id, credit_note_no FROM credit_note WHERE id = ? AND company_id = ?',
  );
  const sum = db.prepare<[number], { balance: number }>('SELECT coalesce(sum(amount), 0) AS balance FROM credit_note_movement WHERE credit_note_id = ?');
  const numberOf = db.prepare<[number], { credit_note_no: string }>('SELECT credit_note_no FROM credit_note WHERE id = ?');
  const fromReceipt = db.prepare<[number], { credit_note_no: string }>('SELECT credit_note_no FROM credit_note WHERE source_receipt_id = ? ORDER BY id LIMIT 1');
  return {
    /** Whose note it is, whether it is active and what is left on it; undefined in another company. */
    forSpending: (id: number, companyId: number) => forSpending.get(id, companyId),
    /** Takes `amount` paise off what is left (a spend movement); the caller has checked that much is left. */
    spend: (id: number, amount: number, m: NoteMovement) => movement(id, 'spend', -amount, m),
    /** Puts back on the note what a receipt spent from it (its order was cancelled); the note is live again. */
    giveBack: (id: number, amount: number, m: NoteMovement) => movement(id, 'refund', amount, m),
    /** What is left on a note as its movements add it up (what `balance` holds, derived afresh). */
    sumOfMovements: (id: number) => sum.get(id)!.balance,
    numberOf: (id: number) => numberOf.get(id)?.credit_note_no,
    /** The note a receipt's money was moved to when its order was cancelled. */
    numberFromReceipt: (receiptId: number) => fromReceipt.get(receiptId)?.credit_note_no,
    /** A new note with all of its amount left to spend: the note, then its issue movement. */
    insert(row: NewCreditNote, movementId: number) {
      insert.run(row);
      movement(row.id, 'issue', row.amount, { id: movementId, branchId: row.branch_id, receiptId: row.source_receipt_id, at: row.created_at, userId: row.created_by });
    },
    /** Oldest first: the counter spends the oldest note first. */
    spendable: (companyId: number, customerId: number) => spendable.all(companyId, customerId),
  };
});
