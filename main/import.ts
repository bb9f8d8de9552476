/**
 * `npm run import -- items.csv [--data-dir DIR]`: imports or updates items from a CSV file into
 * the store in the data folder (columns: README.md, "Importing items"). Good rows are written
 * in one transaction; bad rows are listed by line and reason.
 *
 * Exit code: 0 all rows imported, 2 some rows refused (the good ones were imported), 1 failure
 * (nothing imported).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultDataDir } from './data-dir.js';
import { importItems } from './service/catalog/import.js';
import { asActor } from './service/db/journal.js';
import { openStoreFile } from './service/store-file.js';

function main(): number {
  const { values, positionals } = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true });
  const [csvFile] = positionals;
  if (!csvFile || positionals.length > 1) {
    console.error('Usage: npm run import -- items.csv [--data-dir DIR]');
    return 1;
  }
  const text = readFileSync(csvFile, 'utf8');
  const store = openStoreFile(values['data-dir'] ?? defaultDataDir());
  try {
    const report = asActor({ userId: null, branchId: null, till: '', source: 'cli' }, () => importItems(store.db, store.ids, store.company.id, text, new Date()));
    console.log(`${csvFile} → ${store.file}: ${report.created} items added, ${report.updated} updated, ${report.stockRows} stock counts set.`);
    if (report.problems.length === 0) return 0;
    console.log(`${report.problems.length} row(s) refused:`);
    for (const p of report.problems) console.log(`  line ${p.line}: ${p.reason}`);
    return 2;
  } finally {
    store.db.close();
  }
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`Import failed, nothing imported: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
