import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { syncStatus } from '../../sync/status.js';

export const syncStatusOf = implement(api.Sync.status, (_input, ctx) => syncStatus(ctx.db, ctx.sync));
