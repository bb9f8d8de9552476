import { api } from '../../../../shared/endpoints/index.js';
import { takeBackup } from '../../backup/take.js';
import { unavailable } from '../../errors.js';
import { implement } from '../../http/handler.js';

/** The result is kept in backups.json by takeBackup (where the change journal can pick it up). */
export const backupNow = implement(api.Backup.now, async (_input, ctx) => {
  const result = await takeBackup({ db: ctx.db, dataDir: ctx.dataDir, now: ctx.now, reason: 'manual', ...(ctx.nativeBinding ? { nativeBinding: ctx.nativeBinding } : {}) });
  if (!result.ok) throw unavailable(result.message, 'BACKUP_FAILED');
  return result;
});
