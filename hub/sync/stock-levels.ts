/**
 * Other branches' stock for a branch PC (migration 'stock-levels'): a PC holds only its own
 * branches' stock movements, so the hub adds up every branch's as it folds them into row_state,
 * by the rule of a PC's `stock_from_movement` trigger: a movement adds its delta to its item,
 * branch and batch; a count sets the batch's expiry (even to none), any other movement naming a
 * date sets it to that date. Movements are facts: only inserts move a level.
 */
import type { PulledChange } from '../../shared/sync.js';
import type { LevelChange } from '../store/stock-level.js';

/** What these folded movements (in cursor order) do to each level, one entry per item, branch and batch. */
export function levelChanges(movements: readonly PulledChange[]): LevelChange[] {
  const out = new Map<string, LevelChange>();
  for (const change of movements) {
    const v = change.newValues;
    if (change.tbl !== 'stock_movement' || change.op !== 'insert' || v === null) continue;
    const { item_id: itemId, branch_id: branchId, delta } = v;
    if (typeof itemId !== 'number' || typeof branchId !== 'number' || typeof delta !== 'number') continue;
    const batchNo = typeof v.batch_no === 'string' ? v.batch_no : '';
    const expiry = typeof v.expiry_date === 'string' ? v.expiry_date : null;
    const key = JSON.stringify([itemId, branchId, batchNo]);
    const level = out.get(key) ?? { itemId, branchId, batchNo, delta: 0, expiry: null, states: false };
    level.delta += delta;
    if (v.reason === 'count' || expiry !== null) {
      level.expiry = expiry;
      level.states = true;
    }
    out.set(key, level);
  }
  return [...out.values()];
}
