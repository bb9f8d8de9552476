import { api } from '../../../../shared/endpoints/index.js';
import { cancelStagedRestore } from '../../backup/staged.js';
import { backupOverview } from '../../backup/status.js';
import { implement } from '../../http/handler.js';

export const cancelRestore = implement(api.Backup.cancelRestore, (_input, ctx) => {
  cancelStagedRestore(ctx.dataDir);
  return backupOverview(ctx.db, ctx.dataDir, ctx.now(), ctx.mode === 'demo');
});
