import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { approveStockTake, cancelStockTake, countStockTakeLine, scanIntoStockTake, startStockTake } from '../../stock/stock-take.js';

/** Each one immediate transaction in stock/stock-take.ts. */
export const stockTakeStart = implement(api.StockTake.start, ({ body }, ctx) => startStockTake(ctx, body));
export const stockTakeScan = implement(api.StockTake.scan, ({ params, body }, ctx) => scanIntoStockTake(ctx, params.stockTakeId, body));
export const stockTakeCount = implement(api.StockTake.count, ({ params, body }, ctx) => countStockTakeLine(ctx, params.stockTakeId, body));
export const stockTakeApprove = implement(api.StockTake.approve, ({ params, body }, ctx) => approveStockTake(ctx, params.stockTakeId, body));
export const stockTakeCancel = implement(api.StockTake.cancel, ({ params }, ctx) => cancelStockTake(ctx, params.stockTakeId));
