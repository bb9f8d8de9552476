/** The first run on screen and leaving the demo (setup/first-run.ts): contract in, command, contract out. */
import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { joinHubOnScreen, setUpStoreOnScreen, setupStatus, tryDemo } from '../../setup/first-run.js';

export const setupStatusOf = implement(api.Setup.status, (_input, ctx) => setupStatus(ctx.db, ctx));
export const setupCreateStore = implement(api.Setup.createStore, ({ body }, ctx) => setUpStoreOnScreen(ctx, body));
export const setupJoinHub = implement(api.Setup.joinHub, ({ body }, ctx) => joinHubOnScreen(ctx, body));
export const setupTryDemo = implement(api.Setup.tryDemo, (_input, ctx) => tryDemo(ctx));

/** The only routes a PC without a store answers (first-run.ts). */
export const firstRunHandlers = [setupStatusOf, setupCreateStore, setupJoinHub, setupTryDemo];
