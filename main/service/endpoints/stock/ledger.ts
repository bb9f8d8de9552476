import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { optionalId } from '../../input/optional-id.js';
import { MAX_ROWS } from '../../input/paging.js';
import type { RequestContext } from '../../context.js';
import { itemOf, ledgerPage, readableBranch, type LedgerCursor } from '../../stock/stock-view.js';

/** `after` is the page before's `next`: the last movement's ENC id and the balance it left off at. */
function cursorOf(ctx: RequestContext, after: string | undefined): LedgerCursor | null {
  if (!after) return null;
  const dot = after.lastIndexOf('.');
  const balance = Number(after.slice(dot + 1));
  if (dot < 0 || !Number.isSafeInteger(balance)) throw invalid('That page of the ledger is not known: start again from the first page', { after: ['Not a page of this ledger'] });
  return { id: ctx.decode('stockMovement', after.slice(0, dot), 'after'), balance };
}

export const stockLedger = implement(api.Stock.ledger, ({ query }, ctx) => {
  if (query.pageSize < 1 || query.pageSize > MAX_ROWS) throw invalid('Invalid page size', { pageSize: [`pageSize is 1 to ${MAX_ROWS}`] });
  const item = itemOf(ctx, ctx.rowId('item', query.itemId, 'itemId'));
  const branch = readableBranch(ctx, optionalId(ctx, 'branch', query.branchId, 'branchId'), 'branchId');
  const page = ledgerPage(ctx, item, branch, query.order, cursorOf(ctx, query.after), query.pageSize);
  return {
    itemID: ctx.enc.encode('item', item.id),
    code: item.code,
    name: item.name,
    branchID: ctx.enc.encode('branch', branch.id),
    branchName: branch.name,
    onHand: page.onHand,
    sellable: page.sellable,
    rows: page.rows.map((r) => ({
      movementID: ctx.enc.encode('stockMovement', r.id),
      at: r.at,
      reason: r.reason,
      document: r.document ?? (r.sales_order_id !== null ? 'sale' : null),
      documentNo: r.document_no,
      salesOrderID: ctx.enc.encodeNullable('salesOrder', r.sales_order_id),
      batchNo: r.batch_no,
      delta: r.delta,
      balance: r.balance,
      unitCost: r.unit_cost === null ? null : rupees(r.unit_cost),
      user: r.user_name,
    })),
    next: page.next ? `${ctx.enc.encode('stockMovement', page.next.id)}.${page.next.balance}` : null,
  };
}, { offThread: true });
