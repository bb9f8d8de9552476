import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { dispatchTransfer, receiveTransfer } from '../../stock/transfer.js';
import { transferDetailById } from '../../stock/transfer-view.js';

/** Transfers/dispatch: one immediate transaction in stock/transfer.ts; answers the transfer as written. */
export const transferDispatch = implement(api.Transfers.dispatch, ({ body }, ctx) => transferDetailById(ctx, dispatchTransfer(ctx, body)));

/** Transfers/{transferId}/receive: the receiving branch's half, likewise. */
export const transferReceive = implement(api.Transfers.receive, ({ params, body }, ctx) => transferDetailById(ctx, receiveTransfer(ctx, params.transferId, body)));
