/**
 * The optometrist's grid: which cells exist, what they are called, and how the grid turns into
 * the save request's entries and back. The optical rules themselves are shared/domain/rx.ts.
 */
import {
  lensTypeId,
  tidyRxValue,
  validatePrescriptionList,
  type Eye,
  type LensUse,
  type RxEntryInput,
  type RxValueField,
} from '../../../shared/domain/rx.js';

export type GridColumn = RxValueField;

export const USES: { use: LensUse; label: string }[] = [
  { use: 'distance', label: 'Distance' },
  { use: 'near', label: 'Near' },
  { use: 'contact', label: 'Contact lens' },
];
export const EYES: { eye: Eye; label: string; short: string }[] = [
  { eye: 'right', label: 'Right', short: 'R (OD)' },
  { eye: 'left', label: 'Left', short: 'L (OS)' },
];

/** Columns in the order an optometrist reads a prescription card. */
export const COLUMNS: { key: GridColumn; label: string; title: string; uses: readonly LensUse[] }[] = [
  { key: 'sph', label: 'SPH', title: 'Sphere (D)', uses: ['distance', 'near', 'contact'] },
  { key: 'cyl', label: 'CYL', title: 'Cylinder (D)', uses: ['distance', 'near', 'contact'] },
  { key: 'axis', label: 'AXIS', title: 'Axis (°)', uses: ['distance', 'near', 'contact'] },
  { key: 'add', label: 'ADD', title: 'Near addition (D)', uses: ['distance', 'near', 'contact'] },
  { key: 'va', label: 'VA', title: 'Visual acuity', uses: ['distance', 'near', 'contact'] },
  { key: 'vn', label: 'VN', title: 'Near vision', uses: ['distance', 'near', 'contact'] },
  { key: 'pd', label: 'PD', title: 'Pupillary distance (mm)', uses: ['distance', 'near', 'contact'] },
  { key: 'bc', label: 'BC', title: 'Base curve (mm)', uses: ['contact'] },
  { key: 'dia', label: 'DIA', title: 'Diameter (mm)', uses: ['contact'] },
  { key: 'k1', label: 'K1', title: 'Keratometry, flat (D)', uses: ['contact'] },
  { key: 'k2', label: 'K2', title: 'Keratometry, steep (D)', uses: ['contact'] },
  { key: 'fh', label: 'FH', title: 'Fitting height (mm)', uses: ['distance', 'near'] },
  { key: 'prism', label: 'Prism', title: 'Prism (Δ, 0–10 in 0.25 steps)', uses: ['distance', 'near'] },
  { key: 'base', label: 'Base', title: 'Prism base: In, Out, Up or Down', uses: ['distance', 'near'] },
];

export type GridRow = Record<GridColumn, string>;
export type Grid = Record<LensUse, Record<Eye, GridRow>>;

export const emptyRow = (): GridRow => ({ sph: '', cyl: '', axis: '', add: '', va: '', vn: '', pd: '', bc: '', dia: '', k1: '', k2: '', fh: '', th: '', prism: '', base: '' });
export const emptyGrid = (): Grid => ({
  distance: { right: emptyRow(), left: emptyRow() },
  near: { right: emptyRow(), left: emptyRow() },
  contact: { right: emptyRow(), left: emptyRow() },
});

/** "Right SPH distance": the name a screen reader announces and a test finds a cell by. */
export const cellLabel = (use: LensUse, eye: Eye, column: GridColumn) =>
  `${eye === 'right' ? 'Right' : 'Left'} ${COLUMNS.find((c) => c.key === column)?.label ?? column} ${
    use === 'contact' ? 'contact lens' : use
  }`;

export const cellPath = (use: LensUse, eye: Eye, column: GridColumn) => `grid.${use}.${eye}.${column}` as const;

export const tidyCell = (column: GridColumn, text: string): string => tidyRxValue(column, text);

/** One entry per row that has any figure, in grid order, with where each came from. */
export function gridEntries(grid: Grid): { use: LensUse; eye: Eye; entry: RxEntryInput }[] {
  const out: { use: LensUse; eye: Eye; entry: RxEntryInput }[] = [];
  for (const { use } of USES) {
    for (const { eye } of EYES) {
      const row = grid[use][eye];
      const entry: RxEntryInput = { lensTypeID: lensTypeId(use, eye) };
      let any = false;
      for (const column of COLUMNS) {
        const text = row[column.key].trim();
        if (text) any = true;
        entry[column.key] = text || null;
      }
      if (any) out.push({ use, eye, entry });
    }
  }
  return out;
}

/** Where an entry's error goes: `<index>.<field>` of the sent list → the grid cell's path. */
export function entryErrorPath(sent: readonly { use: LensUse; eye: Eye }[], key: string): string | null {
  const m = /^(\d+)\.(\w+)$/.exec(key);
  if (!m) return null;
  const at = sent[Number(m[1])];
  const column = COLUMNS.find((c) => c.key === m[2]);
  return at && column ? cellPath(at.use, at.eye, column.key) : null;
}

/** Every local problem of the grid, by cell path: the shared rules, exactly as the service applies them. */
export function gridProblems(grid: Grid): Record<string, string> {
  const sent = gridEntries(grid);
  const problems: Record<string, string> = {};
  for (const [key, messages] of Object.entries(validatePrescriptionList(sent.map((s) => s.entry)))) {
    const path = entryErrorPath(sent, key);
    if (path && messages[0]) problems[path] = messages[0];
  }
  return problems;
}
