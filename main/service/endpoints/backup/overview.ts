import { api } from '../../../../shared/endpoints/index.js';
import { backupOverview as overview } from '../../backup/status.js';
import { implement } from '../../http/handler.js';

export const backupOverview = implement(api.Backup.overview, (_input, ctx) => overview(ctx.db, ctx.dataDir, ctx.now(), ctx.mode === 'demo'));
