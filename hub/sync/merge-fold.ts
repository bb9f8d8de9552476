/**
 * A customer merge in the hub's current rows, as each PC applies it (main/service/sync/
 * merge-redirect.ts and store/customer-merge.ts), by the same rules (shared/customer-merge.ts).
 * The merge row is the one change that travels; folding it here:
 *
 *   - moves every row naming the merged-away customer to the survivor (noting each in
 *     row_state_merge_row), marks the merged-away customer's merged_into, and carries onto the
 *     survivor the fields of the merged-away record edited after the manager saw them where newer
 *     than the survivor's own (row_state.col_hlc holds each column's winning time);
 *   - a later row naming the merged-away customer (made elsewhere before the merge got there)
 *     names the survivor instead, and is noted; a later edit of the merged-away record is carried;
 *   - an undo (the merge row's undone_at) moves the noted rows back and clears merged_into.
 *
 * The rows a batch touches are in `rows` (sync/row-state.ts loads them); the few more a merge
 * needs (every row naming the merged-away customer) are read here, which only a merge or its undo
 * costs: a scan of the customer tables' current rows, in the push that carries it.
 */
import type pg from 'pg';
import { CUSTOMER_TABLES, isCustomerTable, lateEdits, redirectedCustomer } from '../../shared/customer-merge.js';
import type { PulledChange } from '../../shared/sync.js';
import { loadRows, mergeMoved, mergesOf, rowsNamingCustomer, saveMergeMoves, type RowState } from '../store/row-state.js';

const ref = (tbl: string, rowKey: string) => `${tbl}\u0000${rowKey}`;
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

export interface MergeFold {
  /** Reads the customers a chain of merges leads to from those held (before the batch is folded). */
  holdChains(): Promise<void>;
  /** The change as it is folded: a row naming a merged-away customer names its survivor. */
  redirect(change: PulledChange): { change: PulledChange; from: number | null };
  /** After the change was folded (it changed `keys`): a merge, an undo, a carried edit, a noted row. Answers more keys changed. */
  after(folded: { change: PulledChange; from: number | null }): Promise<string[]>;
  /** Writes the notes of moved rows (after the rows are saved). */
  save(): Promise<void>;
}

/** The customers the changes name (their customer_id), so a redirect can be decided without a read of its own. */
export function customersNamed(changes: readonly PulledChange[]): Array<{ tbl: string; rowKey: string }> {
  const ids = new Set<number>();
  for (const change of changes) {
    const id = change.newValues?.customer_id;
    if (isCustomerTable(change.tbl) && typeof id === 'number') ids.add(id);
  }
  return [...ids].map((id) => ({ tbl: 'customer', rowKey: String(id) }));
}

export function mergeFold(client: pg.PoolClient, rows: Map<string, RowState>): MergeFold {
  const moved: Array<{ mergeId: number; tbl: string; rowKey: string }> = [];
  const undone: number[] = [];
  const customer = (id: number) => rows.get(ref('customer', String(id)));
  const mergedInto = (id: number) => {
    const row = customer(id);
    return row && !row.deleted ? num(row.values.merged_into) : null;
  };

  /** Reads the rows not held yet into `rows`. */
  async function hold(keys: ReadonlyArray<{ tbl: string; rowKey: string }>): Promise<void> {
    const missing = keys.filter((k) => !rows.has(ref(k.tbl, k.rowKey)));
    for (const row of await loadRows(client, missing)) rows.set(ref(row.tbl, row.rowKey), row);
  }

  /** The merge (not undone) that merged `mergedId` away, newest first: the batch's own rows over those saved. */
  async function activeMerge(mergedId: number): Promise<RowState | null> {
    const found = new Map<string, RowState>();
    for (const row of await mergesOf(client, mergedId)) found.set(row.rowKey, rows.get(ref(row.tbl, row.rowKey)) ?? row);
    for (const row of rows.values()) if (row.tbl === 'customer_merge' && num(row.values.merged_id) === mergedId) found.set(row.rowKey, row);
    const live = [...found.values()].filter((row) => !row.deleted && typeof row.values.undone_at !== 'string');
    live.sort((x, y) => Number(y.rowKey) - Number(x.rowKey));
    return live[0] ?? null;
  }

  /** Carries the merged-away record's late edits onto the survivor; answers the survivor's key when it changed. */
  function carry(merge: RowState): string[] {
    const survivorId = num(merge.values.survivor_id);
    const mergedId = num(merge.values.merged_id);
    if (survivorId === null || mergedId === null) return [];
    const merged = customer(mergedId);
    const survivor = customer(survivorId);
    if (!merged || !survivor || survivor.deleted) return [];
    const seenText = merge.values.merged_seen;
    const seen = (typeof seenText === 'string' ? JSON.parse(seenText) : (seenText ?? {})) as Record<string, unknown>;
    const edits = lateEdits(merged.values, seen, (who, col) => (who === 'merged' ? merged : survivor).colHlc[col] ?? null);
    if (edits.length === 0) return [];
    survivor.values = { ...survivor.values, ...Object.fromEntries(edits.map((e) => [e.col, e.value])) };
    survivor.colHlc = { ...survivor.colHlc, ...Object.fromEntries(edits.map((e) => [e.col, e.hlc])) };
    return [ref('customer', survivor.rowKey)];
  }

  async function apply(mergeKey: string): Promise<string[]> {
    const merge = rows.get(ref('customer_merge', mergeKey))!;
    const survivorId = num(merge.values.survivor_id);
    const mergedId = num(merge.values.merged_id);
    if (survivorId === null || mergedId === null || typeof merge.values.undone_at === 'string') return [];
    await hold([{ tbl: 'customer', rowKey: String(survivorId) }, { tbl: 'customer', rowKey: String(mergedId) }]);
    const changed: string[] = [];
    for (const row of await rowsNamingCustomer(client, CUSTOMER_TABLES, mergedId)) if (!rows.has(ref(row.tbl, row.rowKey))) rows.set(ref(row.tbl, row.rowKey), row);
    for (const row of rows.values()) {
      if (row.deleted || !isCustomerTable(row.tbl) || num(row.values.customer_id) !== mergedId) continue;
      row.values = { ...row.values, customer_id: survivorId };
      moved.push({ mergeId: Number(mergeKey), tbl: row.tbl, rowKey: row.rowKey });
      changed.push(ref(row.tbl, row.rowKey));
    }
    const merged = customer(mergedId);
    if (merged && !merged.deleted) {
      merged.values = { ...merged.values, merged_into: survivorId };
      changed.push(ref('customer', merged.rowKey));
    }
    return [...changed, ...carry(merge)];
  }

  async function unapply(mergeKey: string): Promise<string[]> {
    const merge = rows.get(ref('customer_merge', mergeKey))!;
    const mergeId = Number(mergeKey);
    const survivorId = num(merge.values.survivor_id);
    const mergedId = num(merge.values.merged_id);
    if (survivorId === null || mergedId === null) return [];
    const notes = [...(await mergeMoved(client, mergeId)), ...moved.filter((m) => m.mergeId === mergeId)];
    await hold([...notes, { tbl: 'customer', rowKey: String(mergedId) }]);
    const changed: string[] = [];
    for (const note of notes) {
      const row = rows.get(ref(note.tbl, note.rowKey));
      if (!row || num(row.values.customer_id) !== survivorId) continue;
      row.values = { ...row.values, customer_id: mergedId };
      changed.push(ref(row.tbl, row.rowKey));
    }
    for (let i = moved.length - 1; i >= 0; i--) if (moved[i]!.mergeId === mergeId) moved.splice(i, 1);
    undone.push(mergeId);
    const merged = customer(mergedId);
    if (merged && num(merged.values.merged_into) === survivorId) {
      merged.values = { ...merged.values, merged_into: null };
      changed.push(ref('customer', merged.rowKey));
    }
    return changed;
  }

  return {
    async holdChains() {
      // A customer merged into one merged away in turn: the chain's customers, up to the survivor.
      for (let hops = 0; hops < 16; hops++) {
        const next = [...rows.values()]
          .filter((row) => row.tbl === 'customer' && !row.deleted && num(row.values.merged_into) !== null)
          .map((row) => ({ tbl: 'customer', rowKey: String(num(row.values.merged_into)) }))
          .filter((k) => !rows.has(ref(k.tbl, k.rowKey)));
        if (next.length === 0) return;
        await hold(next);
      }
    },
    redirect(change) {
      const redirect = redirectedCustomer(change, mergedInto);
      if (!redirect) return { change, from: null };
      return { change: { ...change, newValues: { ...change.newValues, customer_id: redirect.to } }, from: redirect.from };
    },
    async after({ change, from }) {
      const rowKey = change.rowId !== null ? String(change.rowId) : change.rowKey;
      if (rowKey === null) return [];
      if (from !== null) {
        const merge = await activeMerge(from);
        if (merge) moved.push({ mergeId: Number(merge.rowKey), tbl: change.tbl, rowKey });
        return [];
      }
      if (change.tbl === 'customer' && change.op === 'update' && mergedInto(Number(rowKey)) !== null) {
        const merge = await activeMerge(Number(rowKey));
        if (!merge) return [];
        await hold([{ tbl: 'customer', rowKey: String(merge.values.survivor_id) }]);
        return carry(merge);
      }
      if (change.tbl !== 'customer_merge') return [];
      if (change.op === 'insert') return apply(rowKey);
      if (change.op === 'update' && typeof change.newValues?.undone_at === 'string') return unapply(rowKey);
      return [];
    },
    async save() {
      await saveMergeMoves(client, moved, undone);
    },
  };
}
