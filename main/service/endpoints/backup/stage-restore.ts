import { api } from '../../../../shared/endpoints/index.js';
import { stageRestore as stage } from '../../backup/staged.js';
import { implement } from '../../http/handler.js';

export const stageRestore = implement(api.Backup.stageRestore, ({ body }, ctx) =>
  stage({ db: ctx.db, dataDir: ctx.dataDir, file: body.file, passphrase: body.passphrase ?? undefined, now: ctx.now(), ...(ctx.nativeBinding ? { nativeBinding: ctx.nativeBinding } : {}) }),
);
