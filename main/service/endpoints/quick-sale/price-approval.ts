import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { approveAtTill } from '../../sale/price-approval.js';

export const priceApproval = implement(api.QuickSale.priceApproval, ({ body }, ctx) => approveAtTill(ctx, body));
