/**
 * Prescription-list items read as the grid's rows. An item carries one set of per-eye figures
 * (the spec's _Right/_Left fields) for one use of the lens, named by `spectacleType`
 * (1 distance, 2 near, 3 contact lens); one examination may answer several items with one id.
 */
import type { Eye, LensUse } from '../../../shared/domain/rx.js';
import type { PrescriptionListItem } from '../../../shared/models/prescription.js';
import type { GridColumn } from './grid.js';

const SOURCE: Partial<Record<GridColumn, string>> = {
  sph: 'spherical',
  cyl: 'cylindrical',
  axis: 'axis',
  add: 'addition',
  va: 'vision',
  vn: 'vN',
  pd: 'pD',
  bc: 'baseCurve',
  dia: 'diameter',
  k1: 'k1',
  k2: 'k2',
  prism: 'prism',
  base: 'base',
};

export const HISTORY_COLUMNS = Object.keys(SOURCE) as GridColumn[];

const USE_BY_TYPE: Record<number, LensUse> = { 1: 'distance', 2: 'near', 3: 'contact' };
export const useOf = (item: PrescriptionListItem): LensUse => USE_BY_TYPE[item.spectacleType ?? 1] ?? 'distance';

export function historyValue(item: PrescriptionListItem, eye: Eye, column: GridColumn): string | null {
  const base = SOURCE[column];
  if (!base) return null;
  const key = `${base}_${eye === 'right' ? 'Right' : 'Left'}` as keyof PrescriptionListItem;
  const value = item[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The columns any eye of these items fills, so a history card shows no empty columns. */
export function usedColumns(items: readonly PrescriptionListItem[]): GridColumn[] {
  return HISTORY_COLUMNS.filter((c) => items.some((i) => historyValue(i, 'right', c) ?? historyValue(i, 'left', c)));
}

/** Items of one examination together, in the order the service answered (newest first). */
export function groupExams(items: readonly PrescriptionListItem[]): PrescriptionListItem[][] {
  const groups = new Map<string, PrescriptionListItem[]>();
  for (const item of items) {
    const group = groups.get(item.id);
    if (group) group.push(item);
    else groups.set(item.id, [item]);
  }
  const order: Record<LensUse, number> = { distance: 0, near: 1, contact: 2 };
  return [...groups.values()].map((g) => g.sort((a, b) => order[useOf(a)] - order[useOf(b)]));
}
