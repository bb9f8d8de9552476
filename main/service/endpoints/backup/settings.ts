import { api } from '../../../../shared/endpoints/index.js';
import { backupOverview, changeBackupSettings } from '../../backup/status.js';
import { implement } from '../../http/handler.js';

export const backupSettingsChange = implement(api.Backup.settings, ({ body }, ctx) => {
  changeBackupSettings(ctx.db, ctx.dataDir, { folder: body.folder, hour: body.hour, generations: body.generations, passphrase: body.passphrase ?? undefined });
  return backupOverview(ctx.db, ctx.dataDir, ctx.now(), ctx.mode === 'demo');
});
