import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { listReturns } from '../../returns/list.js';
import { returnWindow, setReturnWindow } from '../../returns/window.js';

/** Returns/list: the branch's returns, newest first. */
export const returnList = implement(api.Returns.list, ({ query }, ctx) => listReturns(ctx, query));

/** Returns/window: the store's return window in days. */
export const returnWindowOf = implement(api.Returns.window, (_input, ctx) => returnWindow(ctx));

/** Returns/window (PUT): managers set it. */
export const setReturnWindowTo = implement(api.Returns.setWindow, ({ body }, ctx) => setReturnWindow(ctx, body));
