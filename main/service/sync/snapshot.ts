/**
 * Filling a joining PC from the hub's snapshot (hub/sync/snapshot.ts) instead of the whole log:
 * the company's current rows as of the hub's mark, a table at a time with parents before children,
 * each page written in one immediate transaction with where the download stands (join_snapshot,
 * store/snapshot.ts), so a PC killed during the download goes on from its last page. Then the pull
 * cursor is the mark: the worker pulls the changes after it as every PC does.
 *
 * Rows are written as a pulled change's are (store/sync.ts upsert, as the source 'sync': never
 * journaled), so this store's triggers keep the figures the hub does not hold (DERIVED_COLUMNS: an
 * order's received and line count from its receipts and lines, a credit note's balance; stock
 * totals from the movements) exactly as they would from the whole log. Foreign keys are off while
 * the rows go in (a table referring to itself, a row whose parent sorts later), and the tables'
 * indexes are set aside and built once at the end (store/snapshot.ts). A row naming a row this
 * PC does not hold (a branch PC's receipt at another branch's till day) is kept, as a pulled
 * change is (sync/apply.ts applies with foreign keys off). The clock times the hub kept per column (shared tables, an
 * examination, an order's collection branch) become this PC's sync_clock, so a late change loses
 * or wins here as at every other PC. Merges re-point rows at each PC without a journal entry: the
 * standing ones are applied here once every row is in.
 */
import { refreshStatistics, type Db } from '../db/database.js';
import { asActor, journalClock, SYNC_SOURCE } from '../db/journal.js';
import { customerMerges } from '../store/customer-merge.js';
import { joinSnapshotStore, restoreIndexes, setIndexesAside, type JoinSnapshotRow } from '../store/snapshot.js';
import { ROW_CLOCK, syncStore, type TableShape } from '../store/sync.js';
import { DEFAULT_SNAPSHOT_LIMIT, readSnapshotPage, SnapshotOpened, SYNC_PATHS, type SnapshotRow } from '../../../shared/sync.js';
import { HIDDEN, KEPT_COLUMNS, TABLE_CLASSES } from '../../../shared/sync-rules.js';
import { extend } from '../../../shared/extend.js';
import { sqlValue } from './apply.js';
import type { HubFetch } from './hub-tls.js';
import { HubRefusal } from './worker.js';

export interface SnapshotProgress {
  table: string;
  rows: number;
}

/** The hub answered that the snapshot is closed (restarted, or idle too long): the download starts again. */
export class SnapshotGone extends Error {}

/** The hub predates snapshots: the join pulls the whole log instead. */
export class NoSnapshots extends Error {}

/** The page cache while the snapshot is written (KiB). */
const SNAPSHOT_CACHE_KIB = 256 * 1024;

/** The synced tables this store has, parents before children (by their foreign keys). */
export function tablesInOrder(db: Db): string[] {
  const store = syncStore(db);
  const keys = joinSnapshotStore(db);
  const synced = Object.entries(TABLE_CLASSES)
    .filter(([table, cls]) => cls !== 'local' && store.shape(table) !== null)
    .map(([table]) => table)
    .sort();
  const set = new Set(synced);
  const out: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (placed.has(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const parent of keys.parentsOf(table)) if (parent !== table && set.has(parent)) visit(parent);
    visiting.delete(table);
    placed.add(table);
    out.push(table);
  };
  synced.forEach(visit);
  return out;
}

interface Hub {
  base: string;
  client: HubFetch;
  nodeId: number;
}

async function ask(hub: Hub, path: string, init: RequestInit): Promise<unknown> {
  const response = await hub.client(`${hub.base}${path}`, extend(init, { signal: AbortSignal.timeout(120_000) }));
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : {};
  if (!response.ok) {
    const { code = `HTTP_${response.status}`, message = text } = body as { code?: string; message?: string };
    if (response.status === 410) throw new SnapshotGone(message);
    if (response.status === 404 && code === 'NO_SUCH_ENDPOINT') throw new NoSnapshots(message);
    throw new HubRefusal(response.status, code, message);
  }
  return body;
}

/**
 * Downloads the snapshot into the side file from where `state` stands (a new one when it names
 * none) and sets the pull cursor to its mark. SnapshotGone: the file holds part of a closed
 * snapshot, and must be made again before a new one.
 */
export async function downloadSnapshot(
  db: Db,
  hub: Hub,
  state: JoinSnapshotRow,
  now: () => Date,
  progress: (p: SnapshotProgress) => void = () => undefined,
  pageRows = DEFAULT_SNAPSHOT_LIMIT,
): Promise<void> {
  if (state.done) return;
  const keys = joinSnapshotStore(db);
  const tables = tablesInOrder(db);
  let { snapshot_id: id, mark, clock_high: clockHigh, tbl, after } = state;
  if (id === null || mark === null) {
    const opened = SnapshotOpened.parse(
      await ask(hub, SYNC_PATHS.snapshot, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nodeId: hub.nodeId }) }),
    );
    ({ id, mark, clockHigh } = { id: opened.id, mark: opened.mark, clockHigh: opened.clockHigh });
    tbl = tables[0] ?? null;
    after = '';
    db.transaction(() => {
      setIndexesAside(db, tables);
      keys.set({ snapshot_id: id, mark, clock_high: clockHigh, tbl, after, done: 0 });
    }).immediate();
  }
  const fetchPage = (table: string, from: string) => {
    const query = `nodeId=${hub.nodeId}&table=${table}&after=${encodeURIComponent(from)}&limit=${pageRows}`;
    return ask(hub, `${SYNC_PATHS.snapshot}/${id}?${query}`, { method: 'GET' }).then(readSnapshotPage);
  };
  // While a page is written here the next one is read at the hub: the two wait on each other only where one is slower.
  let start = tbl === null ? tables.length : tables.indexOf(tbl);
  if (start < 0) start = 0;
  let ahead = start < tables.length ? fetchPage(tables[start]!, after) : null;
  ahead?.catch(() => undefined);
  const saved = {
    synchronous: db.pragma('synchronous', { simple: true }),
    cache: db.pragma('cache_size', { simple: true }),
    temp: db.pragma('temp_store', { simple: true }),
  };
  // A side file: a page lost to a power cut is read again (NORMAL keeps the file whole); a large
  // cache keeps the tables' indexes in memory while they grow; the sorts that make the indexes and
  // add the figures at the end stay in memory rather than in temporary files.
  db.pragma('synchronous = NORMAL');
  db.pragma(`cache_size = ${-SNAPSHOT_CACHE_KIB}`);
  db.pragma('temp_store = MEMORY');
  db.pragma('foreign_keys = OFF');
  try {
    for (let i = start; i < tables.length; i++) {
      const table = tables[i]!;
      const nextTable = tables[i + 1] ?? null;
      let rows = 0;
      for (let more = true; more; ) {
        const page = await ahead!;
        more = page.next !== null;
        after = page.next ?? '';
        const then = more ? table : nextTable;
        ahead = then === null ? null : fetchPage(then, after);
        ahead?.catch(() => undefined);
        applySnapshotPage(db, table, page.rows, then, after, now());
        rows += page.rows.length;
        // Between pages the counter's event loop runs (a join from the first-run screen).
        await new Promise((resolve) => setImmediate(resolve));
      }
      progress({ table, rows });
    }
    finishSnapshot(db, { id, mark, clockHigh }, now());
  } finally {
    db.pragma('foreign_keys = ON');
    db.pragma(`synchronous = ${saved.synchronous}`);
    db.pragma(`cache_size = ${saved.cache}`);
    db.pragma(`temp_store = ${saved.temp}`);
  }
  // The hub may close it now; it closes an idle one itself.
  await ask(hub, `${SYNC_PATHS.snapshot}/${id}?nodeId=${hub.nodeId}`, { method: 'DELETE' }).catch(() => undefined);
}

const sync = (now: Date) => ({ userId: null, branchId: null, till: '', source: SYNC_SOURCE, now: () => now });

/** One page of a table's rows, with where the download stands after it, in one transaction. */
export function applySnapshotPage(db: Db, table: string, rows: readonly SnapshotRow[], nextTable: string | null, after: string, now: Date): void {
  const store = syncStore(db);
  const shape = store.shape(table);
  if (!shape) throw new Error(`This store has no table ${table}`);
  const write = rowWriter(store, table, shape);
  asActor(sync(now), () =>
    db
      .transaction(() => {
        // Every row's column times, written at the end in one statement: [table, row, column, time].
        const clocks: string[][] = [];
        for (const row of rows) {
          if (row.values !== null) {
            try {
              write(keyOf(table, row.key, shape), row.values);
            } catch (error) {
              // Another row holds its unique value (two PCs gave the same one while apart): kept
              // out as a pull keeps out the later of the two, noted where head office sees it.
              if (!isUniqueClash(error)) throw error;
              keepOut(db, table, row, (error as Error).message, now);
              continue;
            }
          }
          clocksOf(table, row, clocks);
        }
        if (clocks.length > 0) store.setClocks(JSON.stringify(clocks));
        joinSnapshotStore(db).progress(nextTable, after);
      })
      .immediate(),
  );
}

/**
 * A row's column times as sync_clock rows: the time most of its columns share once, as the row's
 * own (ROW_CLOCK), and a row for each column with another time; `*` is an examination's time.
 */
function clocksOf(table: string, row: SnapshotRow, clocks: string[][]): void {
  const times = new Map<string, number>();
  for (const col in row.colHlc) if (col !== '*') times.set(row.colHlc[col]!, (times.get(row.colHlc[col]!) ?? 0) + 1);
  let shared: string | null = null;
  for (const [hlc, n] of times) if (n > 1 && (shared === null || n > times.get(shared)!)) shared = hlc;
  if (shared !== null) clocks.push([table, row.key, ROW_CLOCK, shared]);
  for (const col in row.colHlc) {
    const hlc = row.colHlc[col]!;
    if (col === '*') clocks.push(['examination', row.key, '*', hlc]);
    else if (hlc !== shared) clocks.push([table, row.key, col, hlc]);
  }
}

/**
 * Writes a table's rows as upsert would, the work per column done once per page rather than per
 * row: a page's rows come from one table, mostly with the same columns in the same order, so the
 * columns taken and the statement are worked out once for each set of names. A row with a hidden
 * value takes the general way (valuesOf).
 */
function rowWriter(store: ReturnType<typeof syncStore>, table: string, shape: TableShape): (key: Record<string, unknown>, values: Record<string, unknown>) => void {
  type Plan = { names: string[]; take: number[]; run: (args: unknown[]) => void };
  const plans = new Map<string, Plan>();
  let plan: Plan | null = null;
  const planFor = (names: string[]): Plan => {
    const key = names.join(',');
    const known = plans.get(key);
    if (known) return known;
    for (const name of names) knownColumn(table, name, shape);
    const kept = KEPT_COLUMNS[table] ?? [];
    const take = names.flatMap((name, i) => (kept.includes(name) || shape.key.includes(name) ? [] : [i]));
    const made = { names, take, run: store.upserter(table, shape, [...take.map((i) => names[i]!), ...shape.key]) };
    plans.set(key, made);
    return made;
  };
  return (key, values) => {
    const names = Object.keys(values);
    if (plan === null || !sameNames(plan.names, names)) plan = planFor(names);
    const all = Object.values(values);
    const args: unknown[] = [];
    for (const i of plan.take) {
      const value = all[i];
      if (value === HIDDEN) {
        store.upsert(table, shape, key, valuesOf(table, values, shape));
        return;
      }
      args.push(sqlValue(value));
    }
    for (const col of shape.key) args.push(key[col]);
    plan.run(args);
  };
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Every row is in: the standing merges applied, the pull cursor at the mark. */
function finishSnapshot(db: Db, snapshot: { id: string; mark: number; clockHigh: string | null }, now: Date): void {
  const store = syncStore(db);
  const clock = journalClock(db);
  asActor(sync(now), () =>
    db
      .transaction(() => {
        restoreIndexes(db, (table, rowKey, reason, values) => keepOut(db, table, { key: rowKey, values, colHlc: {}, cursor: snapshot.mark }, reason, now));
        holdForTest();
        const merges = customerMerges(db);
        for (const id of joinSnapshotStore(db).activeMerges()) merges.apply(id);
        if (snapshot.clockHigh) clock.receive(snapshot.clockHigh, now.getTime());
        store.setState({ pull_cursor: snapshot.mark, clock_high: clock.current() });
        joinSnapshotStore(db).set({ snapshot_id: snapshot.id, mark: snapshot.mark, clock_high: snapshot.clockHigh, tbl: null, after: '', done: 1 });
      })
      .immediate(),
  );
  refreshStatistics(db);
}

/**
 * TEST ONLY, off unless set: POS_TEST_HOLD_JOIN_FINISH_MS makes the join's last transaction wait
 * that long once the indexes are made again and the figures added, nothing committed, after
 * saying so on stderr, so a test can SIGKILL it there (test/sync/sync.test.ts).
 */
function holdForTest(): void {
  const ms = Number(process.env.POS_TEST_HOLD_JOIN_FINISH_MS ?? 0);
  if (!(ms > 0)) return;
  process.stderr.write(`POS_TEST_HOLD_JOIN_FINISH_MS: indexes made and figures added, not committed; holding ${ms} ms\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const isUniqueClash = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/**
 * A snapshot row this store cannot hold beside another with the same unique value (an invoice of
 * the same order, an item code, given at two PCs while apart): noted in sync_dead_letter with the
 * change that last wrote it at the hub, as a pulled change that cannot apply is, and the join goes on.
 */
function keepOut(db: Db, table: string, row: SnapshotRow, reason: string, now: Date): void {
  syncStore(db).deadLetter({
    cursor: row.cursor ?? 0,
    node_id: row.nodeId ?? 0,
    seq: 0,
    tbl: table,
    op: 'insert',
    row_ref: row.key,
    reason: `Joining: ${reason}`,
    change: JSON.stringify(row),
    at: now.toISOString(),
  });
}

/** The row's key columns from the hub's key: the id as text, or the composite key's JSON array. */
function keyOf(table: string, key: string, shape: TableShape): Record<string, unknown> {
  if (key.startsWith('[')) {
    const parts = JSON.parse(key) as unknown;
    if (Array.isArray(parts) && parts.length === shape.key.length) return Object.fromEntries(shape.key.map((c, i) => [c, sqlValue(parts[i])]));
  } else if (shape.key.length === 1 && /^-?\d+$/.test(key)) {
    return { [shape.key[0]!]: Number(key) };
  }
  throw new Error(`The hub names a row of ${table} as this store does not key it (${key})`);
}

/** A column the hub sends must be one this store has: a PC whose program is older refuses to join. */
function knownColumn(table: string, col: string, shape: TableShape): void {
  if (!shape.columns.has(col)) throw new Error(`The hub holds a column ${table}.${col} this store does not have: update this PC's program before it joins`);
}

/** The row's values this store takes: known columns, not the figures its triggers keep, not hidden ones. */
function valuesOf(table: string, values: Record<string, unknown>, shape: TableShape): Record<string, unknown> {
  const kept = KEPT_COLUMNS[table] ?? [];
  const out: Record<string, unknown> = {};
  for (const [col, value] of Object.entries(values)) {
    knownColumn(table, col, shape);
    if (kept.includes(col) || value === HIDDEN) continue;
    out[col] = sqlValue(value);
  }
  return out;
}
