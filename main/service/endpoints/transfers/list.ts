import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { transferDestinations } from '../../stock/transfer.js';
import { listTransfers, transferDetail } from '../../stock/transfer-view.js';

/** Transfers/list: this branch's outgoing, incoming or in-transit transfers. */
export const transfersList = implement(api.Transfers.list, ({ query }, ctx) => listTransfers(ctx, query.view));

/** Transfers/{transferId}: one transfer this branch sent or is to receive. */
export const transferDetailHandler = implement(api.Transfers.detail, ({ params }, ctx) => transferDetail(ctx, params.transferId));

/** Transfers/destinations: where this branch can send goods, with the document each needs. */
export const transferDestinationsHandler = implement(api.Transfers.destinations, (_input, ctx) => transferDestinations(ctx));
