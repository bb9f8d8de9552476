/**
 * `npm run backup [-- --data-dir DIR]`: takes a backup of the store now, as the daily one would:
 * to the folder set under Settings > Backups (<data folder>/backups unless one is chosen; encrypted
 * when outside the data folder), checked, the newest N kept. Safe while the app is running: the
 * store is read, never written. Exits 1 when the backup failed, saying why.
 */
import { parseArgs } from 'node:util';
import { defaultDataDir } from './data-dir.js';
import { ALL_PAGES, takeBackup } from './service/backup/take.js';
import { openStoreReadOnly } from './service/store-file.js';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });

async function main(): Promise<boolean> {
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const { file, db } = openStoreReadOnly(dataDir);
  try {
    console.log(`Backing up ${file} …`);
    // One step: a read transaction over the whole copy (the app's sales go on in the WAL), which
    // another process's writes cannot restart as they would a copy taken in many steps.
    const result = await takeBackup({ db, dataDir, now: () => new Date(), reason: 'manual', stepPages: ALL_PAGES });
    console.log(result.message);
    if (result.file) console.log(`File: ${result.file}${result.encrypted ? ' (encrypted)' : ''}`);
    return result.ok;
  } finally {
    db.close();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
