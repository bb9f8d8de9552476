/**
 * Applies a page of changes pulled from the hub (issue 15) in ONE immediate SQLite transaction,
 * with the pull cursor moved in the same transaction, so a crash applies a page wholly or not at
 * all. The writes run as the source 'sync': the journal's triggers skip them (they are another
 * node's entries, already at the hub), while the triggers that keep figures (migration 014) fire
 * as for any write. A change that cannot apply (unknown table or column, a constraint, master data
 * from a branch) is kept in sync_dead_letter with the reason and the rest of the page applies: the
 * page is first applied whole, and only when a change fails is it applied again (from the start)
 * with each change in its own savepoint. The rule per table is its class (shared/sync-rules.ts).
 */
import type { Db } from '../db/database.js';
import { asActor, HIDDEN, journalClock, SYNC_SOURCE } from '../db/journal.js';
import { syncStore, type TableShape } from '../store/sync.js';
import type { PulledChange } from '../../../shared/sync.js';
import type { JOURNALED_TABLES } from '../db/journal.js';
import { acceptedFrom, classOf, documentOf, documentWins, KEPT_COLUMNS, LOCAL_SETTINGS, maxHlc, newerColumns, TABLE_CLASSES, type TableClass } from '../../../shared/sync-rules.js';
import { afterApplied, redirectMerged } from './merge-redirect.js';
import { orderUpdateValues } from './order-rules.js';

export interface ApplyResult {
  applied: number;
  /** Not for this node (events, local tables, this PC's settings) or lost to a newer value. */
  skipped: number;
  deadLetters: number;
}

type Outcome = 'applied' | 'skipped';

class Refused extends Error {}

/** Every journaled table has a sync class: a table added to JOURNALED_TABLES without one does not compile. */
export const CLASS_OF_EVERY_TABLE: Readonly<Record<(typeof JOURNALED_TABLES)[number], TableClass>> = TABLE_CLASSES;

/**
 * `next`: the pull cursor the page moves to (null: it stays, for an order fetched on demand). The
 * page applies with the foreign-key checks off: a branch PC holds part of the chain (sync/audience.ts),
 * so a row of an order it holds may name a row it does not (the till day of the branch that took a
 * payment, a credit note of another order); the PC that wrote the row checked it there. The checks
 * are on again for every other write, before this returns.
 *
 * Turning the checks off and on makes SQLite prepare every statement again (the checks are compiled
 * into them, with the tables' triggers: over a millisecond each for the order tables), so a catch-up
 * of 36,000 changes in chunks of 500 prepared its statements anew seventy times. A page is therefore
 * first applied with the checks on, as they are: when no row names one this store lacks (head
 * office's PC, which holds everything) that is the same writes, and nothing is prepared again. A
 * change that would break a check rolls the attempt back, and the page applies with them off as
 * before; the next PAGES_CHECKS_OFF pages of that store then go straight with them off.
 */
export function applyPulledPage(db: Db, changes: readonly PulledChange[], next: number | null, headOffice: readonly number[], now: Date): ApplyResult {
  const off = checksOffFor.get(db) ?? 0;
  if (off === 0) {
    try {
      return applyPage(db, changes, next, headOffice, now, true);
    } catch (err) {
      if (!(err instanceof ForeignKeyMiss)) throw err;
      checksOffFor.set(db, PAGES_CHECKS_OFF);
    }
  } else {
    checksOffFor.set(db, off - 1);
  }
  db.pragma('foreign_keys = OFF');
  try {
    return applyPage(db, changes, next, headOffice, now, false);
  } finally {
    db.pragma('foreign_keys = ON');
  }
}

/** After a page needed the foreign-key checks off, this many more pages of the store apply with them off at once. */
const PAGES_CHECKS_OFF = 20;
const checksOffFor = new WeakMap<Db, number>();

/** A change of a page applied with the foreign-key checks on broke one: the page applies again with them off. */
class ForeignKeyMiss extends Error {}

const isForeignKeyError = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY';

function applyPage(db: Db, changes: readonly PulledChange[], next: number | null, headOffice: readonly number[], now: Date, checksOn: boolean): ApplyResult {
  const store = syncStore(db);
  const clock = journalClock(db);
  // The whole page without a savepoint per change first (two statements fewer a change); a change
  // that cannot apply rolls it all back, and the page runs again a savepoint per change.
  const page = (eachInSavepoint: boolean) => {
    const result: ApplyResult = { applied: 0, skipped: 0, deadLetters: 0 };
    const inSavepoint = db.transaction((change: PulledChange) => applyOne(db, change, headOffice));
    for (const change of changes) {
      try {
        const outcome = eachInSavepoint ? inSavepoint(change) : applyOne(db, change, headOffice);
        result[outcome === 'applied' ? 'applied' : 'skipped']++;
      } catch (err) {
        if (checksOn && isForeignKeyError(err)) throw new ForeignKeyMiss();
        if (!eachInSavepoint) throw new Retry();
        result.deadLetters++;
        store.deadLetter({
          cursor: change.cursor,
          node_id: change.nodeId,
          seq: change.seq,
          tbl: change.tbl,
          op: change.op,
          row_ref: change.rowId !== null ? String(change.rowId) : change.rowKey,
          reason: err instanceof Error ? err.message : String(err),
          change: JSON.stringify(change),
          at: now.toISOString(),
        });
      }
      clock.receive(change.hlc, now.getTime());
    }
    if (next !== null) noteHeard(db, changes, now);
    store.setState(next === null ? { clock_high: clock.current() } : { pull_cursor: next, clock_high: clock.current() });
    return result;
  };
  const run = (eachInSavepoint: boolean) => db.transaction(() => page(eachInSavepoint)).immediate();
  const result = asActor({ userId: null, branchId: null, till: '', source: SYNC_SOURCE, now: () => now }, () => {
    try {
      return run(false);
    } catch (err) {
      if (!(err instanceof Retry)) throw err;
      return run(true);
    }
  });
  return result;
}

/** A change of the page could not apply without its savepoint: the page runs again with them. */
class Retry extends Error {}

/**
 * What the chain dashboard reads as each branch's last sync (migration 039): per node and branch
 * the changes name, the newest change time, kept as `changes` are pulled (others' changes) or
 * acknowledged by the hub (this node's own). Changes that name no branch (the system's) say nothing.
 */
export function noteHeard(db: Db, changes: ReadonlyArray<{ nodeId: number; branchId: number | null; at: string }>, now: Date): void {
  const newest = new Map<string, { node: number; branch: number; at: string }>();
  for (const c of changes) {
    if (c.branchId === null) continue;
    const key = `${c.nodeId}:${c.branchId}`;
    const seen = newest.get(key);
    if (seen === undefined || c.at > seen.at) newest.set(key, { node: c.nodeId, branch: c.branchId, at: c.at });
  }
  const store = syncStore(db);
  for (const h of newest.values()) store.heard(h.node, h.branch, h.at, now.toISOString());
}

function applyOne(db: Db, pulled: PulledChange, headOffice: readonly number[]): Outcome {
  // Every node runs the same migrations itself: their rows are here already.
  if (pulled.op === 'event' || pulled.source === 'migration') return 'skipped';
  // A merged-away customer's rows and edits go to the survivor; a merge row applies the merge here.
  const redirected = redirectMerged(db, pulled);
  const outcome = applyChange(db, redirected.change, headOffice);
  if (outcome === 'applied') afterApplied(db, redirected);
  return outcome;
}

function applyChange(db: Db, change: PulledChange, headOffice: readonly number[]): Outcome {
  const cls = classOf(change.tbl);
  if (cls === undefined) throw new Refused(`Unknown table ${change.tbl}: this store does not sync it (an older version?)`);
  if (cls === 'local') return 'skipped';
  const store = syncStore(db);
  const shape = store.shape(change.tbl);
  if (!shape) throw new Refused(`This store has no table ${change.tbl}`);
  const key = keyOf(change, shape);
  if (change.tbl === 'setting' && LOCAL_SETTINGS.has(String(key.key))) return 'skipped';
  if (!acceptedFrom(cls, change.nodeId, headOffice)) {
    throw new Refused(`${change.tbl} is master data: only head office (node ${headOffice.join(', ')}) changes it, this came from node ${change.nodeId}`);
  }
  const values = valuesOf(change, shape);

  if (cls === 'document') {
    const doc = documentOf(change.tbl, change.rowId, change.rowKey);
    if (doc === null) throw new Refused(`An examination row without its examination (${change.tbl})`);
    if (!documentWins(change.hlc, maxHlc(store.clockOf('examination', doc, '*'), store.localDocumentHlc(Number(doc))))) return 'skipped';
    write(db, change, shape, key, values);
    store.setClock('examination', doc, '*', change.hlc);
    return 'applied';
  }
  if (cls === 'shared' && change.op !== 'delete') {
    const rowRef = change.rowId !== null ? String(change.rowId) : change.rowKey!;
    const winning = newerColumns(values, change.hlc, (col) =>
      maxHlc(store.clockOf(change.tbl, rowRef, col), store.localColumnHlc(change.tbl, change.rowId, change.rowKey, col)),
    );
    if (Object.keys(winning).length === 0) return 'skipped';
    write(db, change, shape, key, winning);
    for (const col of Object.keys(winning)) store.setClock(change.tbl, rowRef, col, change.hlc);
    return 'applied';
  }
  // An order two branches act on (sync/order-rules.ts): its status and collection branch.
  const ruled = orderUpdateValues(db, change, values);
  // An update left with nothing to set is lost; a delete carries no values and always applies.
  if (change.op === 'update' && Object.keys(ruled).length === 0) return 'skipped';
  write(db, change, shape, key, ruled);
  return 'applied';
}

function write(db: Db, change: PulledChange, shape: TableShape, key: Record<string, unknown>, values: Record<string, unknown>): void {
  const store = syncStore(db);
  if (change.op === 'insert') {
    store.upsert(change.tbl, shape, key, values);
  } else if (change.op === 'update') {
    if (store.update(change.tbl, shape, key, values) === 0 && !store.exists(change.tbl, shape, key)) {
      throw new Refused(`No ${change.tbl} row ${change.rowId ?? change.rowKey} here to update (its insert did not arrive or could not apply)`);
    }
  } else {
    store.remove(change.tbl, shape, key);
  }
}

/** The row's key columns from the change's row id or JSON key. */
function keyOf(change: PulledChange, shape: TableShape): Record<string, unknown> {
  if (change.rowId !== null && shape.key.length === 1) return { [shape.key[0]!]: change.rowId };
  if (change.rowKey !== null) {
    const parts = JSON.parse(change.rowKey) as unknown;
    if (Array.isArray(parts) && parts.length === shape.key.length) return Object.fromEntries(shape.key.map((c, i) => [c, sqlValue(parts[i])]));
  }
  throw new Refused(`The row of ${change.tbl} is not named as this store keys it`);
}

/** The change's new values this store takes: known columns, not kept figures, not hidden ones. */
function valuesOf(change: PulledChange, shape: TableShape): Record<string, unknown> {
  const kept = KEPT_COLUMNS[change.tbl];
  const out: Record<string, unknown> = {};
  const values = change.newValues;
  if (values === null) return out;
  // By index over the names (a page has tens of thousands of rows of tens of columns): no pair made per value.
  const cols = Object.keys(values);
  for (let i = 0; i < cols.length; i++) {
    const col = cols[i]!;
    if (!shape.columns.has(col)) throw new Refused(`Unknown column ${change.tbl}.${col}: this store is older than the sender`);
    const value = values[col];
    if (value === HIDDEN || (kept !== undefined && kept.includes(col))) continue;
    out[col] = sqlValue(value);
  }
  return out;
}

/** A JSON value as SQLite takes it: a journaled BLOB ('hex:…') back to bytes, true/false as 1/0. */
export function sqlValue(value: unknown): unknown {
  if (typeof value === 'string' && value.startsWith('hex:')) return Buffer.from(value.slice(4), 'hex');
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value ?? null;
}
