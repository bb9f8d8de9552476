import { api } from '../../../../shared/endpoints/index.js';
import { orderHistory } from '../../audit/order-history.js';
import { implement } from '../../http/handler.js';
import { orderFromPath } from '../../order/order-view.js';

export const orderHistoryOf = implement(api.Orders.history, ({ params }, ctx) => ({
  data: orderHistory(ctx, orderFromPath(ctx, params.salesOrderId).id),
}));
