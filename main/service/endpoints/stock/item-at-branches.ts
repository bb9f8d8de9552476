import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { itemOf, stockAtEveryBranch } from '../../stock/stock-view.js';

/** itemId is the item's row id or ENC id, as getExactItemStock takes it; another company's item is a 404. */
export const itemAtBranches = implement(api.Stock.itemAtBranches, ({ query }, ctx) => {
  const item = itemOf(ctx, ctx.rowId('item', query.itemId, 'itemId'));
  return {
    itemID: ctx.enc.encode('item', item.id),
    code: item.code,
    name: item.name,
    madeToOrder: item.made_to_order === 1,
    branches: stockAtEveryBranch(ctx, item).map((b) => ({
      branchID: ctx.enc.encode('branch', b.branch.id),
      branchCode: b.branch.code,
      branchName: b.branch.name,
      here: b.branch.id === ctx.user.branchId,
      sellable: b.sellable,
      onHand: b.onHand,
      inTransit: b.inTransit,
      batches: b.batches.map((x) => ({ batchNo: x.batch_no, expiryDate: x.expiry_date, onHand: x.on_hand, expired: x.expired })),
    })),
  };
});
