import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { stockTakeScopes } from '../../stock/stock-take.js';
import { listStockTakes, stockTakeDetail } from '../../stock/stock-take-view.js';

/** StockTake/list: the branch's counts, newest first. */
export const stockTakeList = implement(api.StockTake.list, ({ query }, ctx) => listStockTakes(ctx, query.status));

/** StockTake/scopes: the categories and brands a count can take. */
export const stockTakeScopeList = implement(api.StockTake.scopes, (_input, ctx) => stockTakeScopes(ctx));

/** StockTake/{id}: the count with its lines and variances (blind for a cashier). */
export const stockTakeOne = implement(api.StockTake.detail, ({ params }, ctx) => stockTakeDetail(ctx, params.stockTakeId));
