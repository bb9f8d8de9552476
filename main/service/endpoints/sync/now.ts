import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { syncStatus } from '../../sync/status.js';

/** A round now; with no hub configured it only answers the status (configured: false). */
export const syncNow = implement(api.Sync.now, async (_input, ctx) => {
  await ctx.sync?.syncNow();
  return syncStatus(ctx.db, ctx.sync);
});
