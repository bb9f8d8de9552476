import { endpoint } from '../contract/endpoint.js';
import { ADMIN_ONLY, ANY_ROLE, MANAGERS } from '../contract/roles.js';
import { BackupNowRequest, BackupOverview, BackupResult, BackupSettingsRequest, BackupStatus, CancelRestoreRequest, StagedRestore, StageRestoreRequest } from '../models/backup.js';

const group = 'Backup';

const BACKUPS =
  'Issue 14, backups a store can trust: the spec has no backup; every user is warned when the last good backup is over a day old, and a manager sees the results, backs up now and sets the folder, hour, generations and passphrase.';

export const Backup = {
  status: endpoint({
    group,
    name: 'Backup.status',
    method: 'GET',
    path: '/api/backup/status',
    summary: 'When the last good (written and checked) backup was taken, and whether that is more than a day ago.',
    response: BackupStatus,
    auth: ANY_ROLE,
    extension: BACKUPS,
  }),
  overview: endpoint({
    group,
    name: 'Backup.overview',
    method: 'GET',
    path: '/api/backup/overview',
    summary: 'The backup settings, where backups go and whether they are encrypted there, and the recent results.',
    response: BackupOverview,
    auth: MANAGERS,
    extension: BACKUPS,
  }),
  now: endpoint({
    group,
    name: 'Backup.now',
    method: 'POST',
    path: '/api/backup/now',
    summary: 'Takes a backup now (the tills keep selling), checks it and answers the result.',
    body: BackupNowRequest,
    response: BackupResult,
    auth: MANAGERS,
    errors: [503],
    extension: BACKUPS,
    note: 'A backup that could not be written or failed its check is a 503 BACKUP_FAILED saying why; the earlier backups are untouched.',
  }),
  settings: endpoint({
    group,
    name: 'Backup.settings',
    method: 'POST',
    path: '/api/backup/settings',
    summary: 'Sets the backup folder, the daily hour, how many backups are kept and (optionally) a new backup passphrase.',
    body: BackupSettingsRequest,
    response: BackupOverview,
    auth: MANAGERS,
    extension: BACKUPS,
    note: 'A folder outside the data folder needs a passphrase (its backups are encrypted); the passphrase is never stored, only the key derived from it.',
  }),
  stageRestore: endpoint({
    group,
    name: 'Backup.stageRestore',
    method: 'POST',
    path: '/api/backup/stage-restore',
    summary: 'Chooses a listed backup to restore: checked now (seal, passphrase, integrity, schema, same store), put in place when the app next starts.',
    body: StageRestoreRequest,
    response: StagedRestore,
    auth: ADMIN_ONLY,
    errors: [409],
    extension: BACKUPS,
    note: 'The service cannot replace the file it has open; the current store is kept aside at the next start. A wrong or missing passphrase is a 400 naming it; a damaged file, another store or a newer schema a 409.',
  }),
  cancelRestore: endpoint({
    group,
    name: 'Backup.cancelRestore',
    method: 'POST',
    path: '/api/backup/cancel-restore',
    summary: 'Forgets the restore chosen for the next start.',
    body: CancelRestoreRequest,
    response: BackupOverview,
    auth: ADMIN_ONLY,
    extension: BACKUPS,
  }),
};
