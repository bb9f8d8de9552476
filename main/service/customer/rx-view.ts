/**
 * Stored Rx rows → the spec's per-eye strings. Values were normalised on save; here they are
 * only formatted back ("+1.25", "31.5") with the same functions the forms use.
 */
import { formatDiopter, formatKeratometry, formatMillimetres, formatPrism, LENS_TYPES, type Eye, type LensUse, type RxEntry } from '../../../shared/domain/rx.js';
import type { EyeRxRow } from '../store/eye-exam.js';

export type RxValues = Omit<RxEntry, 'lensTypeID'>;

const diopter = (hundredths: number | null) => (hundredths === null ? null : formatDiopter(hundredths / 100));
const mm = (value: number | null) => (value === null ? null : formatMillimetres(value));

export function rxValues(row: EyeRxRow): RxValues {
  return {
    sph: diopter(row.sph),
    cyl: diopter(row.cyl),
    axis: row.axis === null ? null : String(row.axis),
    add: diopter(row.addition),
    va: row.va,
    vn: row.vn,
    pd: mm(row.pd),
    bc: mm(row.bc),
    dia: mm(row.dia),
    fh: mm(row.fh),
    th: mm(row.th),
    k1: row.k1 === null ? null : formatKeratometry(row.k1),
    k2: row.k2 === null ? null : formatKeratometry(row.k2),
    prism: row.prism === null ? null : formatPrism(row.prism / 100),
    base: row.base,
  };
}

export type EyePair = Partial<Record<Eye, RxValues>>;

/** The rows of one examination grouped by what the lens is for, in LENS_TYPES order. */
export function byUse(rows: readonly EyeRxRow[]): Map<LensUse, EyePair> {
  const out = new Map<LensUse, EyePair>();
  for (const t of LENS_TYPES) {
    const row = rows.find((r) => r.lens_type === Number(t.id));
    if (!row) continue;
    const pair = out.get(t.use) ?? {};
    pair[t.eye] = rxValues(row);
    out.set(t.use, pair);
  }
  return out;
}

/** Spectacles for distance first: what a short form or a printed card leads with. */
export function primaryUse(uses: Map<LensUse, EyePair>): LensUse | undefined {
  return (['distance', 'near', 'contact'] as const).find((u) => uses.has(u));
}

/** The spec's numbering of spectacleType in prescription lists. */
export const SPECTACLE_TYPE: Record<LensUse, number> = { distance: 1, near: 2, contact: 3 };

/**
 * One eye's columns of a PrescriptionListItem (`spherical_Left` …): the pair's figures, the
 * distance and near PD, and null for what the save request cannot carry (wODist, wONear, pIN, iOP).
 */
export function eyeColumns(pair: EyePair, side: 'left' | 'right', distancePd: EyePair | undefined, nearPd: EyePair | undefined) {
  const Side = side === 'left' ? 'Left' : 'Right';
  const v = pair[side];
  return {
    [`spherical_${Side}`]: v?.sph ?? null,
    [`cylindrical_${Side}`]: v?.cyl ?? null,
    [`axis_${Side}`]: v?.axis ?? null,
    [`addition_${Side}`]: v?.add ?? null,
    [`vision_${Side}`]: v?.va ?? null,
    [`baseCurve_${Side}`]: v?.bc ?? null,
    [`diameter_${Side}`]: v?.dia ?? null,
    [`vN_${Side}`]: v?.vn ?? null,
    [`pD_${Side}`]: v?.pd ?? null,
    [`k1_${Side}`]: v?.k1 ?? null,
    [`k2_${Side}`]: v?.k2 ?? null,
    [`dist_${Side}`]: distancePd?.[side]?.pd ?? null,
    [`near_${Side}`]: nearPd?.[side]?.pd ?? null,
    [`wODist_${Side}`]: null,
    [`wONear_${Side}`]: null,
    [`pIN_${Side}`]: null,
    [`iOP_${Side}`]: null,
  };
}
