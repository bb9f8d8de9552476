/**
 * The hub's current rows (migration 'row-state'): every change a push carries is folded into
 * `row_state` soon after the push commits, by the hub's folder (startRowStateFolder below), by
 * the rules a branch PC applies a pulled change with (main/service/sync/apply.ts), asking the same
 * decisions (shared/sync-rules.ts):
 *
 *   fact, master  applied as they come (master only from a head-office node, as a PC refuses the rest)
 *   shared        last-writer-wins per column by clock time (row_state.col_hlc keeps the winners)
 *   document      an examination's header and Rx rows win or lose together by the examination's
 *                 newest time (kept as col_hlc '*' on the header's row)
 *   sales_order   its status by precedence (Cancelled, then Delivered) and its collection branch
 *                 last-writer-wins, as sync/order-rules.ts does at a PC
 *   local, events, a PC's own settings (LOCAL_SETTINGS)  never kept
 *
 * Differences from a PC, on purpose: migrations are every node's own (a PC skips their changes
 * since it ran them itself); the hub keeps head office's, which stand for every node's. Columns a
 * PC's triggers keep from the movements (DERIVED_COLUMNS: an order's received and line count, a
 * credit note's balance) are not kept: no change carries their later values.
 * A customer merge is applied as a PC applies it (sync/merge-fold.ts): its rows move to the
 * survivor, and a row made elsewhere before the merge arrived names the survivor too.
 *
 * Folded in TypeScript a page at a time (one read of every row the page touches, one write of
 * them all): the rules stay one implementation for PCs and hub. `row_state_mark` says up to which
 * cursor the rows are folded; whoever reads row_state reads the mark with it.
 */
import type pg from 'pg';
import type { PulledChange } from '../../shared/sync.js';
import {
  acceptedFrom,
  classOf,
  DERIVED_COLUMNS,
  documentOf,
  documentWins,
  HIDDEN,
  LOCAL_SETTINGS,
  newerColumns,
  ORDER_LWW_COLUMNS,
  statusStays,
} from '../../shared/sync-rules.js';
import { changesBetween } from '../store/change.js';
import { loadRows, markAndLog, saveRows, type RowState } from '../store/row-state.js';
import { inTransaction } from '../store/transaction.js';
import { HEAD_OFFICE_NODES } from '../store/node.js';
import { customersNamed, mergeFold } from './merge-fold.js';
import { addToLevels } from '../store/stock-level.js';
import { levelChanges } from './stock-levels.js';

/** The change's row as row_state keys it: the row id as text, or the composite key's JSON array. */
export const rowKeyOf = (change: Pick<PulledChange, 'rowId' | 'rowKey'>): string | null => (change.rowId !== null ? String(change.rowId) : change.rowKey);

const EXAM_HEADER = 'customer_eye_info';
const ref = (tbl: string, rowKey: string) => `${tbl}\u0000${rowKey}`;

/** The rows a run of changes may read or write: each change's own, and an examination row's header. */
function touched(changes: readonly PulledChange[]): Array<{ tbl: string; rowKey: string }> {
  const keys = new Map<string, { tbl: string; rowKey: string }>();
  for (const change of changes) {
    const rowKey = rowKeyOf(change);
    if (rowKey === null) continue;
    keys.set(ref(change.tbl, rowKey), { tbl: change.tbl, rowKey });
    const doc = classOf(change.tbl) === 'document' ? documentOf(change.tbl, change.rowId, change.rowKey) : null;
    if (doc !== null) keys.set(ref(EXAM_HEADER, doc), { tbl: EXAM_HEADER, rowKey: doc });
  }
  return [...keys.values()];
}

/**
 * Folds changes (in cursor order) into the current rows, in this transaction, and moves the mark
 * to `mark` (the last cursor they stand for).
 */
export async function foldIntoRowState(client: pg.PoolClient, changes: readonly PulledChange[], mark: number): Promise<void> {
  const rows = new Map<string, RowState>();
  for (const row of await loadRows(client, [...touched(changes), ...customersNamed(changes)])) rows.set(ref(row.tbl, row.rowKey), row);
  // A customer merge, and rows naming a merged-away customer, as a PC applies them (sync/merge-fold.ts).
  const merges = mergeFold(client, rows);
  await merges.holdChains();
  const changed = new Set<string>();
  const movements: PulledChange[] = [];
  for (const change of changes) {
    const redirected = merges.redirect(change);
    // A movement adds to its level once, when its row first goes in (a PC's trigger is on insert).
    const rowKey = change.tbl === 'stock_movement' ? rowKeyOf(change) : null;
    const before = rowKey === null ? undefined : rows.get(ref(change.tbl, rowKey));
    const fresh = rowKey !== null && (before === undefined || before.deleted);
    const keys = foldChange(rows, redirected.change, HEAD_OFFICE_NODES);
    for (const key of keys) changed.add(key);
    if (keys.length > 0 && fresh) movements.push(redirected.change);
    if (keys.length > 0) for (const key of await merges.after(redirected)) changed.add(key);
  }
  await saveRows(client, [...changed].map((key) => rows.get(key)!), mark);
  await merges.save();
  // Each branch's stock, from the movements just folded (sync/stock-levels.ts).
  await addToLevels(client, levelChanges(movements), mark);
}

/** pg_advisory_xact_lock key serialising the folds ('hubf'): one folder at a time moves the mark. */
export const FOLD_LOCK = 0x68756266;

/**
 * Changes folded in one transaction. Large pages make the fold cheap per change (two statements a
 * page); 20,000 changes with their rows are some tens of MB in the hub's memory at most.
 */
export const FOLD_PAGE = 20_000;

/**
 * Folds one page of the log after the mark, in its own transaction under the fold lock, and
 * answers how many changes it folded (0: the rows are the whole log). Pushes commit in cursor
 * order (sync/push.ts), so the changes a statement sees after the mark are a prefix of the log:
 * a change committed later never has a cursor below the mark.
 */
export async function foldPage(pool: pg.Pool, page = FOLD_PAGE): Promise<number> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [FOLD_LOCK]);
    const { mark, top } = await markAndLog(client);
    if (mark >= top) return 0;
    const changes = await changesBetween(client, mark, Number.MAX_SAFE_INTEGER, page);
    if (changes.length > 0) await foldIntoRowState(client, changes, changes.at(-1)!.cursor);
    return changes.length;
  });
}

/**
 * Folds, in the caller's transaction (which holds the push lock, so nothing commits meanwhile),
 * whatever the log holds after the mark: for a reader that needs the rows up to the log's top.
 */
export async function catchUpRowState(client: pg.PoolClient, page = FOLD_PAGE): Promise<number> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [FOLD_LOCK]);
  let folded = 0;
  for (;;) {
    const { mark, top } = await markAndLog(client);
    if (mark >= top) return folded;
    const changes = await changesBetween(client, mark, Number.MAX_SAFE_INTEGER, page);
    if (changes.length === 0) return folded;
    await foldIntoRowState(client, changes, changes.at(-1)!.cursor);
    folded += changes.length;
  }
}

/**
 * Folds, page by page, until row_state holds every change committed when asked: for what reads
 * row_state and must not miss a change just pushed (a branch PC's pull, a join code naming
 * branches). Answers at once when the folder is not behind.
 */
export async function foldToTop(pool: pg.Pool, page = FOLD_PAGE): Promise<void> {
  const { rows } = await pool.query<{ mark: string; top: string | null }>('SELECT (SELECT cursor FROM row_state_mark) AS mark, (SELECT max(cursor) FROM change) AS top');
  const top = Number(rows[0]!.top ?? 0);
  let mark = Number(rows[0]!.mark);
  while (mark < top) {
    if ((await foldPage(pool, page)) === 0) return;
    mark = Number((await pool.query<{ cursor: string }>('SELECT cursor FROM row_state_mark')).rows[0]!.cursor);
  }
}

/**
 * Builds row_state from the log where it is behind, a page per transaction: at the hub's start
 * (a hub upgraded with changes held, or killed between a push's commit and its fold), before it
 * answers anyone. Answers the changes folded.
 */
export async function buildRowState(pool: pg.Pool, page = FOLD_PAGE): Promise<number> {
  let folded = 0;
  for (let done; (done = await foldPage(pool, page)) > 0; ) folded += done;
  return folded;
}

export interface RowStateFolder {
  /** A push committed: fold what the log holds after the mark (now, or after the fold running). */
  kick(): void;
  /** Answers when the mark has reached the log's top as it was when asked (tests, the bench). */
  caughtUp(): Promise<void>;
  /** Stops after the page being folded; the rest is folded at the next start. */
  close(): Promise<void>;
}

/**
 * The hub's folder: row_state is folded from the log in the background, after each push commits,
 * rather than inside the push's transaction, so a push writes only its changes (the log is what
 * must be durable; the current rows are derived from it). One run at a time, page after page up
 * to the log's top; a kick during a run makes it look again when it ends. A failure is logged and
 * retried after `retryMs`. Everything that reads row_state reads its mark with it.
 */
export function startRowStateFolder(
  pool: pg.Pool,
  options: { page?: number; retryMs?: number; onError?: (error: unknown) => void } = {},
): RowStateFolder {
  let again = false;
  let closed = false;
  let running: Promise<void> | null = null;
  let retry: NodeJS.Timeout | undefined;

  async function run(): Promise<void> {
    await Promise.resolve();
    try {
      while (again && !closed) {
        again = false;
        while (!closed && (await foldPage(pool, options.page)) > 0);
      }
    } catch (error) {
      options.onError?.(error);
      if (!closed) {
        retry = setTimeout(kick, options.retryMs ?? 1000);
        retry.unref();
      }
    } finally {
      running = null;
    }
  }
  function kick(): void {
    if (closed) return;
    again = true;
    running ??= run();
  }
  return {
    kick,
    async caughtUp() {
      const { rows } = await pool.query<{ top: string | null }>('SELECT max(cursor) AS top FROM change');
      const top = Number(rows[0]!.top ?? 0);
      while (!closed) {
        kick();
        await running;
        const mark = await pool.query<{ cursor: string }>('SELECT cursor FROM row_state_mark');
        if (Number(mark.rows[0]!.cursor) >= top) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await running;
    },
  };
}

/** The change's values a row keeps: not the hidden ones, not the figures a PC keeps by triggers. */
function keptValues(change: PulledChange): Record<string, unknown> {
  const derived = DERIVED_COLUMNS[change.tbl] ?? [];
  const out: Record<string, unknown> = {};
  for (const [col, value] of Object.entries(change.newValues ?? {})) {
    if (derived.includes(col) || value === HIDDEN) continue;
    out[col] = value;
  }
  return out;
}

function isLocalSetting(change: PulledChange): boolean {
  if (change.tbl !== 'setting' || change.rowKey === null) return false;
  const key = JSON.parse(change.rowKey) as unknown;
  return Array.isArray(key) && LOCAL_SETTINGS.has(String(key[0]));
}

/** Applies one change to the rows held (`rows`, keyed by ref()); answers the keys of the rows it changed. */
export function foldChange(rows: Map<string, RowState>, change: PulledChange, headOffice: readonly number[]): string[] {
  if (change.op === 'event') return [];
  // Every node runs the migrations itself; head office's changes stand for every node's.
  if (change.source === 'migration' && !headOffice.includes(change.nodeId)) return [];
  const cls = classOf(change.tbl);
  const rowKey = rowKeyOf(change);
  if (cls === undefined || cls === 'local' || rowKey === null || isLocalSetting(change)) return [];
  if (!acceptedFrom(cls, change.nodeId, headOffice)) return [];
  const key = ref(change.tbl, rowKey);
  const row = rows.get(key);
  const values = keptValues(change);

  if (cls === 'document') {
    const doc = documentOf(change.tbl, change.rowId, change.rowKey);
    if (doc === null) return [];
    const headerKey = ref(EXAM_HEADER, doc);
    if (!documentWins(change.hlc, rows.get(headerKey)?.colHlc['*'] ?? null)) return [];
    const written = write(rows, key, row, change, rowKey, values);
    // The examination's time, on its header's row (a placeholder, deleted, until the header arrives).
    const header = rows.get(headerKey) ?? blank(rows, headerKey, EXAM_HEADER, doc, change);
    header.colHlc = { ...header.colHlc, '*': change.hlc };
    return [...written, headerKey];
  }
  if (cls === 'shared' && change.op !== 'delete') {
    const winning = newerColumns(values, change.hlc, (col) => row?.colHlc[col] ?? null);
    if (Object.keys(winning).length === 0) return [];
    const written = write(rows, key, row, change, rowKey, winning);
    if (written.length > 0) stamp(rows.get(key)!, Object.keys(winning), change.hlc);
    return written;
  }
  const ruled = orderRuled(row, change, values);
  if (change.op === 'update' && Object.keys(ruled).length === 0) return [];
  const written = write(rows, key, row, change, rowKey, ruled);
  if (written.length > 0 && change.tbl === 'sales_order') stamp(rows.get(key)!, ORDER_LWW_COLUMNS.filter((col) => col in ruled), change.hlc);
  return written;
}

/** An order's status by precedence and its collection branch last-writer-wins (sync/order-rules.ts at a PC). */
function orderRuled(row: RowState | undefined, change: PulledChange, values: Record<string, unknown>): Record<string, unknown> {
  if (change.tbl !== 'sales_order' || change.op !== 'update') return values;
  const out = { ...values };
  const here = row?.values.status_id;
  if (typeof out.status_id === 'number' && statusStays(typeof here === 'number' ? here : undefined, out.status_id)) delete out.status_id;
  const lww = Object.fromEntries(ORDER_LWW_COLUMNS.filter((col) => col in out).map((col) => [col, out[col]]));
  const won = newerColumns(lww, change.hlc, (col) => row?.colHlc[col] ?? null);
  for (const col of Object.keys(lww)) if (!(col in won)) delete out[col];
  return out;
}

/** Which PCs hold a row: every change's audience that wrote it (null, every PC, once any was; absent is null). */
export function joinAudience(held: number[] | null, audience: number[] | null | undefined): number[] | null {
  if (held === null || audience === null || audience === undefined) return null;
  if (audience.every((branch) => held.includes(branch))) return held;
  return [...new Set([...held, ...audience])].sort((a, b) => a - b);
}

function stamp(row: RowState, columns: readonly string[], hlc: string): void {
  if (columns.length === 0) return;
  row.colHlc = { ...row.colHlc, ...Object.fromEntries(columns.map((col) => [col, hlc])) };
}

function blank(rows: Map<string, RowState>, key: string, tbl: string, rowKey: string, change: PulledChange): RowState {
  const row: RowState = { tbl, rowKey, nodeId: change.nodeId, cursor: change.cursor, branchId: null, values: {}, colHlc: {}, deleted: true, audience: [] };
  rows.set(key, row);
  return row;
}

/**
 * The row written as a PC's store writes it (store/sync.ts): an insert sets its columns (over a
 * deleted row: only its), an update sets its columns of a row that is there (a PC refuses one of
 * a row it has not: it changes nothing here either), a delete marks the row deleted.
 */
function write(
  rows: Map<string, RowState>,
  key: string,
  row: RowState | undefined,
  change: PulledChange,
  rowKey: string,
  values: Record<string, unknown>,
): string[] {
  if (change.op === 'update' && (row === undefined || row.deleted)) return [];
  if (change.op === 'delete' && (row === undefined || row.deleted)) return [];
  const target = row ?? blank(rows, key, change.tbl, rowKey, change);
  if (change.op === 'delete') {
    target.deleted = true;
  } else {
    target.values = change.op === 'insert' && target.deleted ? { ...values } : { ...target.values, ...values };
    target.deleted = false;
  }
  const branch = target.values.branch_id;
  target.branchId = typeof branch === 'number' ? branch : null;
  target.audience = joinAudience(target.audience, change.audience);
  target.nodeId = change.nodeId;
  target.cursor = change.cursor;
  return [key];
}
