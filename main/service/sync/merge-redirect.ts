/**
 * A customer merge at the sync apply step (migration 037): the merge row is the one change that
 * travels, and each PC applies it the same way (store/customer-merge.ts). Changes that arrive
 * after a merge for the merged-away customer are redirected here: a row naming them (an order, a
 * prescription, a receipt … made elsewhere before the merge got there) names the survivor instead,
 * and an edit of the merged-away record's details applies to it and is carried onto the survivor
 * where it is newer than the survivor's own field (the same last-writer-wins as any customer edit).
 */
import type { Db } from '../db/database.js';
import { customerMerges } from '../store/customer-merge.js';
import type { PulledChange } from '../../../shared/sync.js';
import { extend } from '../../../shared/extend.js';
import { redirectedCustomer } from '../../../shared/customer-merge.js';

export interface Redirected {
  change: PulledChange;
  /** A row that now names the survivor instead of the merged-away customer: noted after it is written. */
  moved?: { mergeId: number; tbl: string; rowId: number };
}

export function redirectMerged(db: Db, change: PulledChange): Redirected {
  const merges = customerMerges(db);
  // The rule is shared with the hub's current rows (shared/customer-merge.ts).
  const redirect = redirectedCustomer(change, merges.mergedInto);
  if (!redirect || change.rowId === null) return { change };
  const merge = merges.activeOf(redirect.from);
  const redirected = extend(change, { newValues: extend(change.newValues ?? {}, { customer_id: redirect.to }) });
  return merge ? { change: redirected, moved: { mergeId: merge.id, tbl: change.tbl, rowId: change.rowId } } : { change: redirected };
}

/** After a change is written: a merge row applies (or undoes) the merge here; a redirected row is noted. */
export function afterApplied(db: Db, redirected: Redirected): void {
  const merges = customerMerges(db);
  const { change, moved } = redirected;
  if (moved) merges.noteRow(moved.mergeId, moved.tbl, moved.rowId);
  // An edit of a merged-away record, made elsewhere before the merge got there: it applies to that
  // record as any edit, and its newer fields are carried onto the survivor, as the merge itself
  // carries them at a PC where the edit was made first.
  if (change.tbl === 'customer' && change.op === 'update' && change.rowId !== null) {
    const merge = merges.activeOf(change.rowId);
    if (merge) merges.carry(merge.id);
  }
  if (change.tbl !== 'customer_merge' || change.rowId === null) return;
  if (change.op === 'insert') merges.apply(change.rowId);
  else if (change.op === 'update' && typeof change.newValues?.undone_at === 'string') merges.unapply(change.rowId);
}
