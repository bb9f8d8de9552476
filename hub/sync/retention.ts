/**
 * Log retention: the hub's change log keeps only what some node may still need. A change is
 * archived and removed once every live node holds it and row_state holds it:
 *
 *   cursor ≤ min(every live node's pulled cursor, row_state_mark)
 *
 * (but for head office's installation secret, which every joining PC is given: store/retention.ts).
 * A live node is one not re-keyed away (node.replaced_by) nor revoked (node.revoked_at) that has
 * pulled at least once (node.pulled_upto: the cursor its last pull asked after, sync/pull.ts). A PC
 * that never pulled joins from the current rows, not the log, so it holds nothing back; a PC that
 * is offline for long does, until it syncs again or head office revokes it.
 *
 * The push side needs no bound of its own: a PC pulls only after the hub acknowledged every batch
 * it sent, so a batch it may still resend (its answer lost) lies above its pulled cursor and is
 * kept, with its row in `batch` (the resend is recognised as ever). Batches ending in a removed
 * change are removed with it.
 *
 * Before a range is removed its changes are written to `<archive dir>/changes-<first>-<last>.ndjson.gz`
 * (one change a line, as a pull sends it, with when the hub received it), flushed to disk, and only
 * then removed, a range of at most CHUNK changes per transaction. A pull (or a re-key) that asks
 * for changes after an earlier cursor than the log still holds is refused with LOG_PRUNED: that
 * store is older than anything the PCs still hold (restored from an old backup), and joins again.
 */
import { createWriteStream, mkdirSync, renameSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { archiveLines, chunkEnd, PRUNE_LOCK, removeChanges, retentionBounds, type RetentionBounds } from '../store/retention.js';
import { inTransaction } from '../store/transaction.js';

/** Changes archived and removed in one transaction (one archive file). */
export const PRUNE_CHUNK = 100_000;
const READ_PAGE = 5000;

export interface PruneResult {
  /** The log held changes after `from`; it now holds them after `upto`. */
  from: number;
  upto: number;
  removed: number;
  files: string[];
  /** What held it back: the live node furthest behind (null: none has pulled), and row_state's mark. */
  bounds: RetentionBounds;
  /** Another prune was running: this one did nothing. */
  busy?: true;
}

/** The cursor retention may remove up to now (the pruned cursor itself when nothing more may go). */
export function pruneLimit(bounds: RetentionBounds): number {
  if (bounds.pulled === null) return bounds.pruned;
  return Math.max(bounds.pruned, Math.min(bounds.pulled, bounds.mark));
}

export async function pruneLog(pool: pg.Pool, archiveDir: string, options: { chunk?: number } = {}): Promise<PruneResult> {
  const chunk = options.chunk ?? PRUNE_CHUNK;
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [PRUNE_LOCK]);
    if (!rows[0]!.locked) {
      const bounds = await retentionBounds(client);
      return { from: bounds.pruned, upto: bounds.pruned, removed: 0, files: [], bounds, busy: true };
    }
    try {
      const bounds = await retentionBounds(client);
      const limit = pruneLimit(bounds);
      const result: PruneResult = { from: bounds.pruned, upto: bounds.pruned, removed: 0, files: [], bounds };
      while (result.upto < limit) {
        const after = result.upto;
        const upto = await chunkEnd(client, after, limit, chunk);
        const archived = await archiveRange(client, archiveDir, after, upto);
        const removed = await inTransaction(pool, async (tx) => {
          const n = await removeChanges(tx, after, upto);
          // Every change of the range is committed (all lie at or below row_state's mark): the
          // same ones were archived. Anything else is a fault: nothing is removed.
          if (n !== archived.count) throw new Error(`Retention: ${archived.count} changes archived after cursor ${after} up to ${upto} but ${n} to remove; nothing removed`);
          return n;
        });
        result.removed += removed;
        if (archived.file) result.files.push(archived.file);
        result.upto = upto;
      }
      return result;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRUNE_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Writes the range's changes to a gzip NDJSON file, flushed to disk and renamed into place; no file for an empty range. */
async function archiveRange(client: pg.PoolClient, dir: string, after: number, upto: number): Promise<{ file: string | null; count: number }> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `changes-${after + 1}-${upto}.ndjson.gz`);
  const part = `${file}.part`;
  let count = 0;
  async function* lines(): AsyncGenerator<string> {
    for (let from = after; ; ) {
      const page = await archiveLines(client, from, upto, READ_PAGE);
      if (page.length === 0) return;
      count += page.length;
      yield page.map((row) => row.line).join('\n') + '\n';
      from = page.at(-1)!.cursor;
    }
  }
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(part));
  // Written and closed: flushed to the disk before anything is removed.
  const handle = await open(part, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (count === 0) {
    await rm(part, { force: true });
    return { file: null, count };
  }
  renameSync(part, file);
  await syncDir(dir);
  return { file, count };
}

/** The rename reaches the disk too (a folder cannot be opened this way on Windows: skipped there). */
async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The hub's archive folder: `archive/` in its data folder. */
export const archiveDirOf = (dataDir: string): string => path.join(dataDir, 'archive');
