import { api } from '../../../../shared/endpoints/index.js';
import { backupStatus } from '../../backup/status.js';
import { implement } from '../../http/handler.js';

export const backupStatusOf = implement(api.Backup.status, (_input, ctx) => backupStatus(ctx.dataDir, ctx.now(), ctx.mode === 'demo'));
