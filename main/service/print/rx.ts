/**
 * Per-eye prescriptions as printed: the lens lines of an order (what the lab grinds) and the
 * rows of an eye examination, as table rows R and L. Diopters are stored in hundredths and
 * printed with the sign, as the Rx forms show them (shared/domain/rx.ts).
 */
import { formatDiopter, formatMillimetres } from '../../../shared/domain/rx.js';
import type { PrintLineRow } from '../store/print-source.js';
import type { Block } from './layout.js';

export const diopters = (hundredths: number | null): string => (hundredths === null ? '' : formatDiopter(hundredths / 100));
export const millimetres = (value: number | null): string => (value === null ? '' : formatMillimetres(value));

const EYE_NAME = { R: 'Right', L: 'Left' } as const;

/** Lens lines that carry an eye, right eye first within each pair. */
export function eyeLines(lines: readonly PrintLineRow[]): PrintLineRow[] {
  return lines.filter((l) => l.eye !== null).sort((a, b) => (a.pair_no ?? '').localeCompare(b.pair_no ?? '') || (a.eye === 'R' ? -1 : 1) - (b.eye === 'R' ? -1 : 1));
}

/** The Rx of an order's lens lines: eye, SPH, CYL, AXIS, ADD (and PD, fitting height on wide sheets). */
export function orderRxTable(lines: readonly PrintLineRow[], wide: boolean): Block | null {
  const eyes = eyeLines(lines);
  if (eyes.length === 0) return null;
  const columns = [
    { title: 'Eye', width: 1.1 },
    { title: 'SPH', width: 1, align: 'right' as const },
    { title: 'CYL', width: 1, align: 'right' as const },
    { title: 'AXIS', width: 0.9, align: 'right' as const },
    { title: 'ADD', width: 1, align: 'right' as const },
    ...(wide ? [{ title: 'PD', width: 0.9, align: 'right' as const }, { title: 'FH', width: 0.9, align: 'right' as const }] : []),
  ];
  return {
    kind: 'table',
    columns,
    rows: eyes.map((l) => [
      EYE_NAME[l.eye!],
      diopters(l.sph),
      diopters(l.cyl),
      l.axis === null ? '' : String(l.axis),
      diopters(l.addition),
      ...(wide ? [millimetres(l.pd), millimetres(l.fitting_height)] : []),
    ]),
  };
}
