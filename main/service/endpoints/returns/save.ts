import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { exchange } from '../../returns/exchange.js';
import { takeReturn } from '../../returns/take-return.js';

/** Returns/save: a return in one immediate transaction (returns/take-return.ts). */
export const saveReturn = implement(api.Returns.save, ({ body }, ctx) => takeReturn(ctx, body));

/** Returns/exchange: the return and the new sale in one transaction (returns/exchange.ts). */
export const saveExchange = implement(api.Returns.exchange, ({ body }, ctx) => exchange(ctx, body));
