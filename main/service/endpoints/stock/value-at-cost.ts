import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { calendarDate } from '../../input/dates.js';
import { optionalId } from '../../input/optional-id.js';
import { readableBranch, stockValueOn } from '../../stock/stock-view.js';

export const stockValueAtCost = implement(api.Stock.valueAtCost, ({ query }, ctx) => {
  const date = calendarDate(query.date, 'date');
  if (!date) throw invalid('Which day? Give the date to value the stock on', { date: ['Required'] });
  const branch = readableBranch(ctx, optionalId(ctx, 'branch', query.branchId, 'branchId'), 'branchId');
  const { lines, totalQty, totalValue } = stockValueOn(ctx, branch, date);
  return {
    branchID: ctx.enc.encode('branch', branch.id),
    branchName: branch.name,
    date,
    totalQty,
    totalValue: rupees(totalValue),
    lines: lines.map((l) => ({
      itemID: ctx.enc.encode('item', l.item_id),
      code: l.code,
      name: l.name,
      qty: l.qty,
      unitCost: l.unit_cost === null ? null : rupees(l.unit_cost),
      costFrom: l.cost_from,
      value: rupees(l.value),
    })),
  };
}, { offThread: true });
