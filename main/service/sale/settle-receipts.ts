/**
 * What becomes of an order's received receipts when it is cancelled (issue 11). The manager
 * chooses, as receiptStatusId, cancel (2), refund (3) or move to a credit note (4); the payment
 * kind decides what that choice can mean:
 *
 * | receipt paid by        | 2 Cancelled                    | 3 Refunded                     | 4 Moved to credit note        |
 * |------------------------|--------------------------------|--------------------------------|-------------------------------|
 * | cash, card, UPI, …     | cancelled                      | refunded (money back)          | a new credit note, its amount |
 * | a credit note          | back on that note (status 4)   | back on that note (status 4)   | back on that note (status 4)  |
 *
 * Money that came from a credit note is never refunded as money, and never simply vanishes: what
 * the receipt spent goes back on the note it came from, and the receipt reads "moved to credit
 * note" naming that note.
 */
import { RECEIPT_STATUS } from '../../../shared/contract/statuses.js';
import type { RequestContext } from '../context.js';
import { creditNotes } from '../store/credit-note.js';
import { numberSeries } from '../store/number-series.js';
import { receiptStatuses } from '../store/receipt-status.js';

export type SettleChoice = 2 | 3 | 4;

export interface Settled {
  /** Paise settled as the choice says (money receipts). */
  byChoice: number;
  /** Credit notes made for money receipts (choice 4). */
  newNotes: string[];
  /** Paise put back on the notes that paid, and those notes' numbers. */
  returnedToNotes: number;
  notesRestored: string[];
}

export function settleReceipts(ctx: RequestContext, orderId: number, choice: SettleChoice, day: string, stamp: string): Settled {
  const receipts = receiptStatuses(ctx.db);
  const notes = creditNotes(ctx.db);
  const out: Settled = { byChoice: 0, newNotes: [], returnedToNotes: 0, notesRestored: [] };
  for (const r of receipts.receivedOfOrder(orderId)) {
    if (r.credit_note_id !== null) {
      notes.giveBack(r.credit_note_id, r.amount, { id: ctx.ids.next('credit_note_movement'), branchId: ctx.user.branchId, receiptId: r.id, at: stamp, userId: ctx.user.id });
      receipts.set(r.id, RECEIPT_STATUS.MovedToCreditNote, ctx.user.id, stamp);
      out.returnedToNotes += r.amount;
      const no = notes.numberOf(r.credit_note_id);
      if (no && !out.notesRestored.includes(no)) out.notesRestored.push(no);
      continue;
    }
    receipts.set(r.id, choice, ctx.user.id, stamp);
    out.byChoice += r.amount;
    if (choice !== RECEIPT_STATUS.MovedToCreditNote) continue;
    const no = numberSeries(ctx.db).next('credit_note', ctx.user.branchId, ctx.user.yearId);
    notes.insert({
      id: ctx.ids.next('credit_note'), company_id: ctx.user.companyId, branch_id: ctx.user.branchId, year_id: ctx.user.yearId,
      credit_note_no: no, credit_note_date: day, customer_id: r.customer_id, sales_order_id: orderId,
      source_receipt_id: r.id, amount: r.amount, created_by: ctx.user.id, created_at: stamp,
    }, ctx.ids.next('credit_note_movement'));
    out.newNotes.push(no);
  }
  return out;
}
