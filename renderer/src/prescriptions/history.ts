/**
 * A prescription-list item read as the grid's rows. The list item carries one set of per-eye
 * figures (the spec's _Right/_Left fields): the spectacle figures, with the contact-lens fit
 * (BC, DIA, K1, K2) beside them.
 */
import type { Eye } from '../../../shared/domain/rx.js';
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
};

export const HISTORY_COLUMNS = Object.keys(SOURCE) as GridColumn[];

export function historyValue(item: PrescriptionListItem, eye: Eye, column: GridColumn): string | null {
  const base = SOURCE[column];
  if (!base) return null;
  const key = `${base}_${eye === 'right' ? 'Right' : 'Left'}` as keyof PrescriptionListItem;
  const value = item[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The columns any eye of these items fills, so the history shows no empty columns. */
export function usedColumns(items: readonly PrescriptionListItem[]): GridColumn[] {
  return HISTORY_COLUMNS.filter((c) => items.some((i) => historyValue(i, 'right', c) ?? historyValue(i, 'left', c)));
}
