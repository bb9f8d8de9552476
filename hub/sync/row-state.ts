/**
 * The hub's current rows (migration 'row-state'): every change a push carries is folded into
 * `row_state` in the push's own transaction, by the rules a branch PC applies a pulled change with
 * (main/service/sync/apply.ts), asking the same decisions (shared/sync-rules.ts):
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
 * Folded in TypeScript a batch at a time (one read of every row the batch touches, one write of
 * them all): the rules stay one implementation for PCs and hub, and a push costs two statements
 * more however many changes it carries.
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
import { changesBetween, lockPushes } from '../store/change.js';
import { loadRows, markAndLog, saveRows, type RowState } from '../store/row-state.js';
import { inTransaction } from '../store/transaction.js';
import { HEAD_OFFICE_NODES } from './join.js';
import { customersNamed, mergeFold } from './merge-fold.js';

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
  for (const change of changes) {
    const redirected = merges.redirect(change);
    const keys = foldChange(rows, redirected.change, HEAD_OFFICE_NODES);
    for (const key of keys) changed.add(key);
    if (keys.length > 0) for (const key of await merges.after(redirected)) changed.add(key);
  }
  await saveRows(client, [...changed].map((key) => rows.get(key)!), mark);
  await merges.save();
}

/** Folds what the log holds after the mark and before `before` (a push's first cursor), in pages. */
export async function catchUpRowState(client: pg.PoolClient, before: number = Number.MAX_SAFE_INTEGER, page = 5000): Promise<number> {
  let folded = 0;
  for (;;) {
    const { mark, top } = await markAndLog(client, before);
    if (mark >= top) return folded;
    const changes = await changesBetween(client, mark, before, page);
    if (changes.length === 0) return folded;
    await foldIntoRowState(client, changes, changes.at(-1)!.cursor);
    folded += changes.length;
  }
}

/**
 * At the hub's start: builds row_state from the log where it is behind (a hub that held changes
 * before the migration, or changes appended without a push), a page per transaction under the
 * push lock, so pushes wait and then find it whole.
 */
export async function buildRowState(pool: pg.Pool, page = 5000): Promise<number> {
  let folded = 0;
  for (;;) {
    const done = await inTransaction(pool, async (client) => {
      await lockPushes(client);
      const { mark, top } = await markAndLog(client);
      if (mark >= top) return 0;
      const changes = await changesBetween(client, mark, Number.MAX_SAFE_INTEGER, page);
      if (changes.length > 0) await foldIntoRowState(client, changes, changes.at(-1)!.cursor);
      return changes.length;
    });
    if (done === 0) return folded;
    folded += done;
  }
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
