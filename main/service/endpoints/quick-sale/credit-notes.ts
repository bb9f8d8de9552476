import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { implement } from '../../http/handler.js';
import { creditNotes } from '../../store/credit-note.js';

/**
 * A customer's credit notes with money left. customerId is the customer's row id (the spec
 * declares it int64); another company's customer simply has none here.
 */
export const creditNotesOfCustomer = implement(api.QuickSale.creditNotes, ({ query }, ctx) =>
  creditNotes(ctx.db)
    .spendable(ctx.user.companyId, ctx.rowId('customer', query.customerId, 'customerId'))
    .map((n) => ({
      creditNoteID: ctx.enc.encode('creditNote', n.id),
      creditNoteNo: n.credit_note_no,
      amount: rupees(n.amount),
      balance: rupees(n.balance),
      date: n.created_at,
    })),
);
