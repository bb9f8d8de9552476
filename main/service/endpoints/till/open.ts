import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { closeTill, moveCash, openTill } from '../../sale/till-session.js';

/** Till/open, Till/cash-move and Till/close: each one immediate transaction in sale/till-session.ts. */
export const openTillHandler = implement(api.Till.open, ({ body }, ctx) => openTill(ctx, body));
export const cashMoveHandler = implement(api.Till.cashMove, ({ body }, ctx) => moveCash(ctx, body));
export const closeTillHandler = implement(api.Till.close, ({ body }, ctx) => closeTill(ctx, body.counted));
