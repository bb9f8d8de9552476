import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { takeOverCart as takeOver } from '../../sale/cart-view.js';

export const takeOverCart = implement(api.QuickSale.takeOverCart, ({ body }, ctx) =>
  ctx.db.transaction(() => ({ message: takeOver(ctx, body.sessionID) })).immediate(),
);
