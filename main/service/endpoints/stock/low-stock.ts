import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { optionalId } from '../../input/optional-id.js';
import { lowStock, readableBranch } from '../../stock/stock-view.js';

export const stockLow = implement(api.Stock.lowStock, ({ query }, ctx) => {
  const branch = readableBranch(ctx, optionalId(ctx, 'branch', query.branchId, 'branchId'), 'branchId');
  return {
    branchID: ctx.enc.encode('branch', branch.id),
    branchName: branch.name,
    lines: lowStock(ctx, branch).map((l) => ({
      itemID: ctx.enc.encode('item', l.item_id),
      code: l.code,
      name: l.name,
      brand: l.brand,
      sellable: l.sellable,
      reorderLevel: l.reorder_level,
      toOrder: l.to_order,
    })),
  };
}, { offThread: true });
