import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { orderFromPath } from '../../order/order-view.js';
import { customerTold, readyMessage, readyTemplate, setReadyTemplate } from '../../order/ready-message.js';

export const readyMessageTemplate = implement(api.Orders.readyMessageTemplate, (_input, ctx) => readyTemplate(ctx));

export const setReadyMessageTemplate = implement(api.Orders.setReadyMessageTemplate, ({ body }, ctx) => setReadyTemplate(ctx, body.template));

export const orderReadyMessage = implement(api.Orders.readyMessage, ({ params }, ctx) => readyMessage(ctx, orderFromPath(ctx, params.salesOrderId)));

export const orderCustomerTold = implement(api.Orders.customerTold, ({ params, body }, ctx) =>
  customerTold(ctx, params.salesOrderId, body.channel),
);
