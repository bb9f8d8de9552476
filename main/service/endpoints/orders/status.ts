import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { changeStatus as change } from '../../order/lifecycle.js';

export const changeStatus = implement(api.Orders.status, ({ params, body }, ctx) => change(ctx, params.salesOrderId, body.statusId));
