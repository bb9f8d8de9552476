import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { markNotSame, notSameList, undoNotSame } from '../../customer/distinct.js';

/** CustomerMerge "not the same person": customer/distinct.ts marks and undoes, each in one immediate transaction. */
export const notSameHandler = implement(api.CustomerMerge.notSame, ({ body }, ctx) => ({ notSameId: ctx.enc.encode('customerDistinct', markNotSame(ctx, body)) }));

export const undoNotSameHandler = implement(api.CustomerMerge.undoNotSame, ({ body }, ctx) => ({ notSameId: ctx.enc.encode('customerDistinct', undoNotSame(ctx, body.notSameId)) }));

export const notSameListHandler = implement(api.CustomerMerge.notSameList, (_req, ctx) => notSameList(ctx));
