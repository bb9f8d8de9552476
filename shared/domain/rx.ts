/**
 * Eye prescription (Rx) rules: one module for the service's checks and the renderer's forms, so a
 * value the form accepts is a value the service stores, formatted the same way on both sides.
 *
 * A prescription entry (the spec's OMPrescriptionRequestModel) carries no eye of its own, so its
 * `lensTypeID` names both what the lens is for and the eye: see LENS_TYPES.
 */

/** The entry's fields: the spec's twelve, then the contract's k1/k2 and prism/base (shared/contract/extensions.ts). */
export const RX_FIELDS = ['lensTypeID', 'sph', 'cyl', 'axis', 'add', 'va', 'vn', 'pd', 'bc', 'dia', 'fh', 'th', 'k1', 'k2', 'prism', 'base'] as const;
export type RxField = (typeof RX_FIELDS)[number];
export type RxValueField = Exclude<RxField, 'lensTypeID'>;

/** An entry as a form or a client sends it: every value is optional text. */
export type RxEntryInput = { [K in RxField]?: string | null | undefined };
/** An entry after normalising: canonical text, `null` for "not given". */
export type RxEntry = { lensTypeID: string } & { [K in RxValueField]: string | null };
export type RxErrors = Partial<Record<RxField, string[]>>;

export type Eye = 'right' | 'left';
export type LensUse = 'distance' | 'near' | 'contact';

export const LENS_TYPES = [
  { id: '1', use: 'distance', eye: 'right', label: 'Distance, right eye (OD)' },
  { id: '2', use: 'distance', eye: 'left', label: 'Distance, left eye (OS)' },
  { id: '3', use: 'near', eye: 'right', label: 'Near, right eye (OD)' },
  { id: '4', use: 'near', eye: 'left', label: 'Near, left eye (OS)' },
  { id: '5', use: 'contact', eye: 'right', label: 'Contact lens, right eye (OD)' },
  { id: '6', use: 'contact', eye: 'left', label: 'Contact lens, left eye (OS)' },
] as const satisfies readonly { id: string; use: LensUse; eye: Eye; label: string }[];
export type LensType = (typeof LENS_TYPES)[number];

export const lensType = (id: string | null | undefined): LensType | undefined =>
  LENS_TYPES.find((t) => t.id === (id ?? '').trim());
export const lensTypeId = (use: LensUse, eye: Eye): string => LENS_TYPES.find((t) => t.use === use && t.eye === eye)!.id;

/**
 * Where the examination's figures came from (the save request's `presripionTypeID`, answered as
 * `typeID`): an eye test here, a doctor's written prescription, or a reading of the old glasses.
 */
export const PRESCRIPTION_TYPES = [
  { id: 1, label: 'Eye test' },
  { id: 2, label: "Doctor's prescription" },
  { id: 3, label: 'Old spectacles (lensometer)' },
] as const;
export const DEFAULT_PRESCRIPTION_TYPE = 1;

const blank = (text: string | null | undefined): boolean => text == null || text.trim() === '';

/* Typed and pasted minus signs (U+2212, en dash) are the same minus to an optometrist. */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
function parseNumber(text: string | null | undefined): number | null {
  if (text == null) return null;
  const t = text.trim().replace(/[\u2212\u2013]/g, '-').replace(/\s+/g, '');
  if (!NUMBER.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

const onStep = (value: number, step: number): boolean => {
  const units = value / step;
  return Math.abs(units - Math.round(units)) < 1e-9;
};

/** A diopter value: "+1.25", "-.5", "1", "−0.75", "plano"/"pl" (0) → a number; anything else → null. */
export function parseDiopter(text: string | null | undefined): number | null {
  if (text != null && /^\s*(plano|pl)\s*$/i.test(text)) return 0;
  return parseNumber(text);
}

/** Signed, two decimals, zero unsigned: "+1.25", "-0.50", "0.00" (the spec's strings, never "PLANO"). */
export function formatDiopter(value: number): string {
  const hundredths = Math.round(value * 100);
  if (hundredths === 0) return '0.00';
  return `${hundredths > 0 ? '+' : '-'}${(Math.abs(hundredths) / 100).toFixed(2)}`;
}

/** Millimetres with as many decimals as the value needs, at least one: "62.0", "31.5", "8.65". */
export function formatMillimetres(value: number): string {
  const fixed = value.toFixed(2);
  return fixed.endsWith('0') ? fixed.slice(0, -1) : fixed;
}

/** AXIS in degrees: "90", "090", "90°" → 90. Integer only; range is checked by the rules. */
export function parseAxis(text: string | null | undefined): number | null {
  if (text == null) return null;
  const t = text.trim().replace(/°$/, '').trim();
  return /^\d{1,3}$/.test(t) ? Number(t) : null;
}

/*
 * Snellen lines of 6 m and 20 ft charts, and the low-vision notes written in their place
 * (counting fingers, hand movements, perception of light, no perception of light). A trailing
 * "P" (partial: some letters of the line read) is kept, as Indian practices write "6/9P".
 */
const SNELLEN: Record<string, readonly string[]> = {
  '6': ['3', '3.8', '4', '4.8', '5', '6', '7.5', '9', '12', '18', '24', '36', '60'],
  '20': ['10', '12.5', '13', '15', '16', '20', '25', '30', '32', '40', '50', '60', '63', '70', '80', '100', '125', '160', '200', '400'],
};
const LOW_VISION = ['CF', 'HM', 'PL', 'PR', 'NPL'];

/** "6/6", "6/9p", "20/20", "cf" → canonical text; null when it is not a chart line. */
export function parseVisualAcuity(text: string | null | undefined): string | null {
  if (text == null) return null;
  const t = text.trim().toUpperCase().replace(/\s+/g, '');
  if (LOW_VISION.includes(t)) return t;
  const m = /^(6|20)\/(\d+(?:\.\d+)?)(P)?$/.exec(t);
  if (!m || !SNELLEN[m[1]!]!.includes(m[2]!)) return null;
  return `${m[1]}/${m[2]}${m[3] ?? ''}`;
}

/* The N-notation near chart (Faculty of Ophthalmologists): N5 is newspaper small print. */
const NEAR_LINES = ['5', '6', '8', '10', '12', '14', '18', '24', '36'];

/** "N6", "n 8", "N10p" → "N6", "N8", "N10P"; null when it is not a near-chart line. */
export function parseNearVision(text: string | null | undefined): string | null {
  if (text == null) return null;
  const m = /^N(\d+)(P)?$/.exec(text.trim().toUpperCase().replace(/\s+/g, ''));
  return m && NEAR_LINES.includes(m[1]!) ? `N${m[1]}${m[2] ?? ''}` : null;
}

export const RX_LIMITS = {
  sph: { min: -30, max: 30, step: 0.25 },
  cyl: { min: -10, max: 10, step: 0.25 },
  add: { min: 0.25, max: 4, step: 0.25 },
  axis: { min: 1, max: 180 },
  pdMonocular: { min: 20, max: 40, step: 0.5 },
  pdBinocular: { min: 50, max: 80, step: 0.5 },
  bc: { min: 7, max: 10, step: 0.05 },
  dia: { min: 12, max: 16, step: 0.1 },
  fh: { min: 10, max: 40, step: 0.5 },
  th: { min: 15, max: 70, step: 0.5 },
  /** Keratometry (corneal power) in diopters; keratometers read in eighths. */
  k: { min: 35, max: 55, step: 0.125 },
  /** Prism in prism dioptres (Δ), quarter steps; 0 means none. */
  prism: { min: 0, max: 10, step: 0.25 },
} as const;

/** Where a prism's base points, as written on a prescription. */
export const PRISM_BASES = ['In', 'Out', 'Up', 'Down'] as const;
export type PrismBase = (typeof PRISM_BASES)[number];

/** "in", "BI", "base in", "IN" → "In"; null when it is not one of the four. */
export function parsePrismBase(text: string | null | undefined): PrismBase | null {
  if (text == null) return null;
  const t = text.trim().toLowerCase().replace(/^base\s*/, '');
  const short: Record<string, PrismBase> = { bi: 'In', bo: 'Out', bu: 'Up', bd: 'Down' };
  return short[t] ?? PRISM_BASES.find((b) => b.toLowerCase() === t) ?? null;
}

/** Prism as written: two decimals, no sign ("1.50"). */
export const formatPrism = (value: number): string => value.toFixed(2);

/**
 * The words a message names a cell of the grid by: "Left CYL" on a distance row (the counter's
 * lines are distance or contact-lens rows of one eye), "Left near CYL", "Left contact-lens K1".
 * One place, so the prescription screen, the counter and the service say it alike.
 */
export function cellName(type: LensType | undefined, label: string): string {
  if (!type) return label;
  const side = type.eye === 'right' ? 'Right' : 'Left';
  const use = type.use === 'distance' ? '' : type.use === 'near' ? 'near ' : 'contact-lens ';
  return `${side} ${use}${label}`;
}

const signed = (n: number) => formatDiopter(n);

type Reading<T> = { value: T | null; error?: string };

function readDiopter(label: string, text: string | null | undefined, lim: { min: number; max: number; step: number }): Reading<number> {
  if (blank(text)) return { value: null };
  const n = parseDiopter(text);
  if (n === null) return { value: null, error: `${label} is a number like +1.25 or -0.50` };
  if (!onStep(n, lim.step)) return { value: null, error: `${label} must be a multiple of ${lim.step} (e.g. ${signed(Math.round(n * 4) / 4)})` };
  if (n < lim.min || n > lim.max) return { value: null, error: `${label} must be between ${signed(lim.min)} and ${signed(lim.max)}` };
  return { value: Math.round(n * 100) / 100 };
}

function readMillimetres(
  label: string,
  text: string | null | undefined,
  ranges: readonly { min: number; max: number }[],
  step: number,
  rangeText: string,
): Reading<number> {
  if (blank(text)) return { value: null };
  const n = parseNumber(text?.replace(/mm$/i, ''));
  if (n === null) return { value: null, error: `${label} is a number of millimetres` };
  if (!ranges.some((r) => n >= r.min && n <= r.max)) return { value: null, error: `${label} must be ${rangeText}` };
  if (!onStep(n, step)) return { value: null, error: `${label} must be a multiple of ${step} mm` };
  return { value: n };
}

/**
 * Keratometry as written: two decimals, three when the reading is an odd eighth, so
 * "43.125" is never rounded to "43.13" (which would be off the keratometer's scale).
 */
export function formatKeratometry(value: number): string {
  const fixed = value.toFixed(3);
  return fixed.endsWith('0') ? fixed.slice(0, -1) : fixed;
}

function readKeratometry(label: string, text: string | null | undefined): Reading<number> {
  if (blank(text)) return { value: null };
  const n = parseNumber(text?.replace(/\s*D$/i, ''));
  if (n === null) return { value: null, error: `${label} is a number of diopters like 43.25` };
  if (n < RX_LIMITS.k.min || n > RX_LIMITS.k.max) return { value: null, error: `${label} must be between 35.00 and 55.00 D` };
  if (!onStep(n, RX_LIMITS.k.step)) return { value: null, error: `${label} must be a multiple of 0.125 D` };
  return { value: n };
}

/** K1/K2 keratometry in diopters (35.00..55.00, 0.125 steps): an error message, or null when fine or blank. */
export const keratometryProblem = (text: string | null | undefined): string | null => readKeratometry('K', text).error ?? null;

/**
 * Reads one entry: its canonical form and every problem, keyed by the request's field names.
 * AXIS belongs to the cylinder: required when CYL is not zero, and dropped when there is no
 * cylinder (a stray axis on a spherical lens means nothing and must not reach the lab).
 * An ADD of zero means "no addition" and is stored as none.
 */
export function readRxEntry(input: RxEntryInput): { entry: RxEntry; errors: RxErrors } {
  const errors: RxErrors = {};
  const fail = (field: RxField, message: string) => (errors[field] ??= []).push(message);
  const type = lensType(input.lensTypeID);
  if (!type) fail('lensTypeID', `Lens type is one of ${LENS_TYPES.map((t) => `${t.id} (${t.label})`).join(', ')}`);
  // Every message names its cell ("Left CYL must be a multiple of 0.25"): the counter shows it as it is.
  const cell = (label: string) => cellName(type, label);

  const take = (field: RxField, r: Reading<number>): number | null => {
    if (r.error) fail(field, r.error);
    return r.value;
  };
  const sph = take('sph', readDiopter(cell('SPH'), input.sph, RX_LIMITS.sph));
  const cyl = take('cyl', readDiopter(cell('CYL'), input.cyl, RX_LIMITS.cyl));
  let add = take('add', blank(input.add) || parseDiopter(input.add) !== 0 ? readDiopter(cell('ADD'), input.add, RX_LIMITS.add) : { value: null });
  if (add !== null && add <= 0) add = null;

  let axis: number | null = null;
  const cylPresent = cyl !== null && cyl !== 0;
  if (cylPresent) {
    if (blank(input.axis)) fail('axis', `${cell('AXIS')} is required when CYL is not zero`);
    else {
      const a = parseAxis(input.axis);
      if (a === null) fail('axis', `${cell('AXIS')} is a whole number of degrees, 1 to 180`);
      else if (a < RX_LIMITS.axis.min || a > RX_LIMITS.axis.max) fail('axis', `${cell('AXIS')} must be between 1 and 180`);
      else axis = a;
    }
  }

  let va: string | null = null;
  if (!blank(input.va)) {
    va = parseVisualAcuity(input.va);
    if (va === null) fail('va', `${cell('VA')} is a Snellen fraction like 6/6, 6/9P or 20/20 (or CF, HM, PL, NPL)`);
  }
  let vn: string | null = null;
  if (!blank(input.vn)) {
    vn = parseNearVision(input.vn);
    if (vn === null) fail('vn', `${cell('near vision')} is an N-chart line: ${NEAR_LINES.map((n) => `N${n}`).join(', ')}`);
  }

  const { pdMonocular: mono, pdBinocular: bino } = RX_LIMITS;
  const pd = take('pd', readMillimetres(cell('PD'), input.pd, [mono, bino], 0.5, '20–40 mm for one eye or 50–80 mm for both'));
  const bc = take('bc', readMillimetres(cell('BC'), input.bc, [RX_LIMITS.bc], RX_LIMITS.bc.step, '7.0–10.0 mm'));
  const dia = take('dia', readMillimetres(cell('DIA'), input.dia, [RX_LIMITS.dia], RX_LIMITS.dia.step, '12.0–16.0 mm'));
  const fh = take('fh', readMillimetres(cell('fitting height'), input.fh, [RX_LIMITS.fh], RX_LIMITS.fh.step, '10–40 mm'));
  const th = take('th', readMillimetres(cell('lens height'), input.th, [RX_LIMITS.th], RX_LIMITS.th.step, '15–70 mm'));
  const k1 = take('k1', readKeratometry(cell('K1'), input.k1));
  const k2 = take('k2', readKeratometry(cell('K2'), input.k2));

  // Prism in quarter prism dioptres, 0–10 Δ, with the direction of its base; 0 means none.
  let prism: number | null = null;
  if (!blank(input.prism)) {
    const n = parseNumber(input.prism?.replace(/\s*(Δ|pd)$/i, ''));
    if (n === null) fail('prism', `${cell('prism')} is a number of prism dioptres like 1.50`);
    else if (n < RX_LIMITS.prism.min || n > RX_LIMITS.prism.max) fail('prism', `${cell('prism')} must be between 0 and 10 Δ`);
    else if (!onStep(n, RX_LIMITS.prism.step)) fail('prism', `${cell('prism')} must be a multiple of 0.25 Δ`);
    else if (n > 0) prism = n;
  }
  let base: PrismBase | null = null;
  if (!blank(input.base)) {
    base = parsePrismBase(input.base);
    if (base === null) fail('base', `${cell('prism base')} is one of ${PRISM_BASES.join(', ')}`);
  }
  if (prism !== null && base === null && blank(input.base)) fail('base', `${cell('prism base')} is required with a prism (${PRISM_BASES.join(', ')})`);
  if (prism === null && base !== null && !errors.prism) fail('prism', `${cell('prism')} is required with a base`);

  if (type) {
    const contact = type.use === 'contact';
    if (!contact && bc !== null) fail('bc', `${cell('BC')}: BC applies to contact lenses only`);
    if (!contact && dia !== null) fail('dia', `${cell('DIA')}: DIA applies to contact lenses only`);
    if (contact && fh !== null) fail('fh', `${cell('fitting height')}: fitting height applies to spectacle lenses only`);
    if (contact && th !== null) fail('th', `${cell('lens height')}: lens height applies to spectacle lenses only`);
    if (contact && prism !== null) fail('prism', `${cell('prism')}: a prism applies to spectacle lenses only`);
    // Keratometry is what a contact lens is fitted to; the grid records it on those rows only.
    if (!contact && k1 !== null) fail('k1', `${cell('K1')}: K1 is recorded on contact-lens rows only`);
    if (!contact && k2 !== null) fail('k2', `${cell('K2')}: K2 is recorded on contact-lens rows only`);
  }
  if (fh !== null && th !== null && fh > th) fail('fh', `${cell('fitting height')} cannot exceed the lens height`);

  const entry: RxEntry = {
    lensTypeID: type?.id ?? (input.lensTypeID ?? '').trim(),
    sph: sph === null ? (cylPresent ? '0.00' : null) : formatDiopter(sph),
    cyl: cyl === null ? null : formatDiopter(cyl),
    axis: axis === null ? null : String(axis),
    add: add === null ? null : formatDiopter(add),
    va,
    vn,
    pd: pd === null ? null : formatMillimetres(pd),
    bc: bc === null ? null : formatMillimetres(bc),
    dia: dia === null ? null : formatMillimetres(dia),
    fh: fh === null ? null : formatMillimetres(fh),
    th: th === null ? null : formatMillimetres(th),
    k1: k1 === null ? null : formatKeratometry(k1),
    k2: k2 === null ? null : formatKeratometry(k2),
    prism: prism === null ? null : formatPrism(prism),
    base: prism === null ? null : base,
  };
  return { entry, errors };
}

export const validateRxEntry = (input: RxEntryInput): RxErrors => readRxEntry(input).errors;
export const normaliseRxEntry = (input: RxEntryInput): RxEntry => readRxEntry(input).entry;

/** True when an entry carries no figures at all: a blank row of the grid, skipped on save. */
export const isBlankRxEntry = (input: RxEntryInput): boolean =>
  RX_FIELDS.every((f) => f === 'lensTypeID' || blank(input[f]));

/**
 * Every entry of an examination, with errors keyed `<index>.<field>` (the service prefixes
 * `prescriptionList.`). Blank rows of the grid are skipped, indices still count them. One entry
 * per lens type and eye: two "distance, right" rows would leave the lab guessing which to grind.
 */
export function validatePrescriptionList(entries: readonly RxEntryInput[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const seen = new Map<string, number>();
  entries.forEach((input, i) => {
    if (isBlankRxEntry(input)) return;
    for (const [field, messages] of Object.entries(readRxEntry(input).errors)) errors[`${i}.${field}`] = messages;
    const id = lensType(input.lensTypeID)?.id;
    if (id === undefined) return;
    const first = seen.get(id);
    if (first !== undefined) errors[`${i}.lensTypeID`] = [`Lens type ${id} is already entry ${first}`];
    else seen.set(id, i);
  });
  return errors;
}

/**
 * Formats what was typed, for a form field's blur: "1.5" → "+1.50", "6/9p" → "6/9P". Text that
 * does not parse is returned as typed, so the user sees their input next to the error.
 */
export function tidyRxValue(field: RxValueField, text: string): string {
  switch (field) {
    case 'sph':
    case 'cyl':
    case 'add': {
      const n = parseDiopter(text);
      return n === null ? text : formatDiopter(n);
    }
    case 'axis': {
      const a = parseAxis(text);
      return a === null ? text : String(a);
    }
    case 'va':
      return parseVisualAcuity(text) ?? text;
    case 'vn':
      return parseNearVision(text) ?? text;
    case 'base':
      return parsePrismBase(text) ?? text;
    case 'prism': {
      const n = parseNumber(text.replace(/\s*(Δ|pd)$/i, ''));
      return n === null ? text : formatPrism(n);
    }
    case 'k1':
    case 'k2': {
      const n = parseNumber(text.replace(/\s*D$/i, ''));
      return n === null ? text : formatKeratometry(n);
    }
    default: {
      const n = parseNumber(text.replace(/mm$/i, ''));
      return n === null ? text : formatMillimetres(n);
    }
  }
}

export type SphCylAxis = { sph: string | null | undefined; cyl: string | null | undefined; axis: string | null | undefined };

/**
 * Plus ↔ minus cylinder: SPH + CYL, −CYL, AXIS ± 90 (staying within 1..180). The same lens
 * written the other way, as a lab or an old prescription may state it. Null when the figures
 * do not parse, or when a cylinder has no axis; no cylinder → the figures unchanged.
 */
export function transpose(rx: SphCylAxis): { sph: string; cyl: string; axis: string | null } | null {
  const sph = blank(rx.sph) ? 0 : parseDiopter(rx.sph);
  const cyl = blank(rx.cyl) ? 0 : parseDiopter(rx.cyl);
  if (sph === null || cyl === null) return null;
  if (cyl === 0) {
    return { sph: formatDiopter(sph), cyl: formatDiopter(0), axis: null };
  }
  const axis = parseAxis(rx.axis);
  if (axis === null || axis < 1 || axis > 180) return null;
  return { sph: formatDiopter(sph + cyl), cyl: formatDiopter(-cyl), axis: String(axis > 90 ? axis - 90 : axis + 90) };
}
