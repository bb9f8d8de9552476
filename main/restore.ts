/**
 * `npm run restore -- FILE [--force] [--data-dir DIR]`: puts a backup back as this PC's store, with
 * the app closed. The file is checked first (its seal and passphrase, SQLite's integrity check, a
 * schema no newer than this app, the same store unless --force); the store it replaces is kept
 * beside it under a dated name; the answer says what date the store returns to. An encrypted
 * backup opens with the key kept in the data folder on the PC that made it; elsewhere it asks for
 * the store's backup passphrase (or takes POS_BACKUP_PASSPHRASE).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { defaultDataDir } from './data-dir.js';
import { restoreBackup, RestoreRefused } from './service/backup/restore.js';
import { DEMO_FILE, STORE_FILE, storeFile } from './service/store-file.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false }, 'data-dir': { type: 'string' } },
});

/** Asks for the passphrase at a terminal without showing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: stdin, output: stdout, terminal: true });
    const shown = rl as unknown as { _writeToOutput: (s: string) => void };
    let asked = false;
    shown._writeToOutput = (s: string) => {
      if (!asked) stdout.write(s);
    };
    rl.question(question, (answer) => {
      rl.close();
      stdout.write('\n');
      resolve(answer);
    });
    asked = true;
  });
}

async function main(): Promise<void> {
  const file = positionals[0];
  if (!file) throw new Error('Name the backup to restore: npm run restore -- FILE');
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const backup = path.resolve(file);
  // The store this PC opens is replaced (store-file.ts: the real one, else the demo); on a new PC, the real one.
  const demo = path.join(dataDir, DEMO_FILE);
  const target = storeFile(dataDir)?.file ?? (existsSync(demo) ? demo : path.join(dataDir, STORE_FILE));
  const restore = (passphrase: string | undefined) =>
    restoreBackup({ dataDir, target, file: backup, ...(passphrase ? { passphrase } : {}), force: values.force === true });
  let restored;
  try {
    // On the PC that made it, the key kept in the data folder opens an encrypted backup.
    restored = await restore(process.env.POS_BACKUP_PASSPHRASE);
  } catch (err) {
    if (!(err instanceof RestoreRefused && err.code === 'NEEDS_PASSPHRASE' && stdin.isTTY)) throw err;
    restored = await restore(await askHidden('Backup passphrase: '));
  }
  console.log(restored.message);
}

main().catch((err: unknown) => {
  const words = err instanceof RestoreRefused ? `Not restored: ${err.message}` : `Restore failed: ${err instanceof Error ? err.message : String(err)}`;
  console.error(words);
  process.exit(1);
});
