import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { asHtml, asPdf } from '../../print/output.js';
import { purchaseOrderDocument } from '../../print/purchasing.js';
import { closeOrder, createOrder, listOrders, orderDetail } from '../../purchasing/purchase-orders.js';

/** Purchasing/orders: the branch's stock purchase orders (purchasing/purchase-orders.ts). */
export const purchaseOrdersList = implement(api.Purchasing.orders, ({ query }, ctx) => listOrders(ctx, query));

export const purchaseOrderCreate = implement(api.Purchasing.createOrder, ({ body }, ctx) => createOrder(ctx, body));

export const purchaseOrderDetail = implement(api.Purchasing.order, ({ params }, ctx) =>
  orderDetail(ctx, ctx.decode('purchaseOrder', params.purchaseOrderId, 'purchaseOrderId')),
);

export const purchaseOrderClose = implement(api.Purchasing.closeOrder, ({ params }, ctx) =>
  closeOrder(ctx, ctx.decode('purchaseOrder', params.purchaseOrderId, 'purchaseOrderId')),
);

/** The order on A4 (print/purchasing.ts), PDF or HTML. */
export const purchaseOrderPrint = implement(api.Purchasing.orderPrint, ({ params, query }, ctx) => {
  const doc = purchaseOrderDocument(ctx, orderDetail(ctx, ctx.decode('purchaseOrder', params.purchaseOrderId, 'purchaseOrderId')));
  return query.format === 'html' ? asHtml(ctx, doc) : asPdf(doc);
});
