import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { historyOf } from '../../order/customer-history.js';

/** A customer's whole history at every branch, each record with its branch (order/customer-history.ts). */
export const customerHistoryEverywhere = implement(api.Orders.customerHistory, ({ query }, ctx) => historyOf(ctx, query.customerId));
