/**
 * One sale line as a request states it, checked and priced the same way wherever it comes from:
 * a cart line (saveSalesOrderTemp) or a line of SaveSale's salesorderModel.salesOrderDetailList.
 * Errors name the caller's own fields through `at`, so a cart line says `qty` and a listed line
 * `salesorderModel.salesOrderDetailList.1.qty`.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { readRxEntry, type RxEntryInput } from '../../../shared/domain/rx.js';
import type { RequestContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import type { CartLineRow, LineRx } from '../store/cart.js';
import { rxRowOf } from '../store/eye-exam.js';
import { items, type ItemRow } from '../store/item.js';
import { ITEM_TYPE } from '../store/item-type.js';
import { paiseField } from '../input/money.js';
import { optionalText } from '../input/text.js';
import { extend } from '../../../shared/extend.js';



/** The fields a cart line and a listed line share; the item id is passed apart because its name differs. */
export interface LineInput {
  qty?: number | null;
  price?: number | null;
  discountAmount?: number | null;
  discountRate?: number | null;
  pairNo?: string | null;
  batchNo?: string | null;
  isOrdered?: boolean | null;
  spectacleLensType?: number | null;
  near?: string | null;
  prescriptionRemarks?: string | null;
  spherical?: string | null;
  cylinder?: string | null;
  axis?: string | null;
  addition?: string | null;
  vision?: string | null;
  vn?: string | null;
  pd?: string | null;
  basecurve?: string | null;
  diameter?: string | null;
  k1?: string | null;
  k2?: string | null;
  lensFittingHeight?: number | null;
  lensTotalHeight?: number | null;
}

export type FieldName = (field: string) => string;

/** What can be checked without the database; run before a transaction opens so bad input costs no lock. */
export interface LineFigures {
  itemId: number;
  qty: number;
  price: number | null;
  discountAmount: number | null;
  discountBp: number | null;
}

export function readLineFigures(ctx: RequestContext, itemText: string | null | undefined, itemField: string, input: LineInput, at: FieldName): LineFigures {
  const errors: Record<string, string[]> = {};
  if (!itemText?.trim()) throw invalid(`${at(itemField)} is required`, { [at(itemField)]: ['Required'] });
  const itemId = ctx.decode('item', itemText.trim(), at(itemField));
  const qty = input.qty ?? 1;
  if (!Number.isInteger(qty) || qty < 1 || qty > 9999) errors[at('qty')] = ['A whole number from 1 to 9999'];
  const price = paiseField(input.price, at('price'));
  const discountAmount = paiseField(input.discountAmount, at('discountAmount'));
  const rate = input.discountRate ?? null;
  if (rate !== null && (rate < 0 || rate > 100)) errors[at('discountRate')] = ['A percent from 0 to 100'];
  if (Object.keys(errors).length > 0) throw invalid('The line has errors', errors);
  return { itemId, qty, price, discountAmount, discountBp: rate === null ? null : Math.round(rate * 100) };
}

export type CheckedLine = Omit<CartLineRow, 'id' | 'session_id' | 'created_at'>;

/**
 * The line checked against its item: active, price at most the MRP, Rx read per eye. `eye` is the
 * caller's count of the pair's earlier lines (right eye first, then left). `unknownItem` lets the
 * cart keep its 404 while a listed line answers 400 naming the field.
 */
export function checkLine(
  ctx: RequestContext,
  figures: LineFigures,
  input: LineInput,
  options: { at: FieldName; itemField: string; linesBeforeInPair: number; unknownItem: 'notFound' | 'invalid'; samePriceOnly?: boolean },
): { line: CheckedLine; item: ItemRow } {
  const { at } = options;
  const item = items(ctx.db).byId(ctx.user.companyId, figures.itemId, localDate(ctx.now()));
  if (!item || item.is_active !== 1) {
    if (options.unknownItem === 'notFound') throw notFound('No such item');
    throw invalid('No such item', { [at(options.itemField)]: ['No such active item'] });
  }
  const unitPrice = figures.price ?? item.sale_price;
  if (options.samePriceOnly && unitPrice !== item.sale_price) {
    throw invalid('The price differs from the item’s', { [at('price')]: [`The item’s price, ${item.sale_price / 100}, unless the store lets managers change prices`] });
  }
  if (unitPrice > item.mrp) throw invalid('The price is above the MRP', { [at('price')]: [`At most the MRP, ${item.mrp / 100}`] });
  const pairNo = optionalText(input.pairNo);
  let eye: LineRx['eye'] = null;
  if (pairNo) {
    if (options.linesBeforeInPair >= 2) throw invalid('A lens pair has two lines, one per eye', { [at('pairNo')]: ['This pair already has both eyes'] });
    eye = options.linesBeforeInPair === 0 ? 'R' : 'L';
  }
  const rx = readLineRx(input, item.item_type_id === ITEM_TYPE.contactLens, eye, at);
  if (item.item_type_id === ITEM_TYPE.spectacleLens) checkLensRange(item, rx, eye, at);
  return {
    item,
    line: {
      item_id: item.id,
      qty: figures.qty,
      price: unitPrice,
      mrp: item.mrp,
      discount_bp: figures.discountBp,
      discount_amount: figures.discountAmount,
      batch_no: input.batchNo?.trim() ?? '',
      is_ordered: input.isOrdered === true || item.made_to_order === 1 ? 1 : 0,
      price_approval_id: null,
      pair_no: pairNo,
      eye,
      ...rx,
    },
  };
}

/** The line's Rx, or all nulls when none was typed; checked by shared/domain/rx.ts and stored normalised, as the lab will read it. */
function readLineRx(body: LineInput, contact: boolean, eye: LineRx['eye'], at: FieldName): Omit<LineRx, 'pair_no' | 'eye'> {
  const input: RxEntryInput = {
    lensTypeID: String((contact ? 5 : 1) + (eye === 'L' ? 1 : 0)),
    sph: body.spherical, cyl: body.cylinder, axis: body.axis, add: body.addition, va: body.vision, vn: body.vn,
    pd: body.pd, bc: body.basecurve, dia: body.diameter, k1: body.k1, k2: body.k2,
    fh: body.lensFittingHeight === null || body.lensFittingHeight === undefined ? null : String(body.lensFittingHeight),
    th: body.lensTotalHeight === null || body.lensTotalHeight === undefined ? null : String(body.lensTotalHeight),
  };
  const typed = Object.entries(input).some(([k, v]) => k !== 'lensTypeID' && v !== null && v !== undefined && String(v).trim() !== '');
  const lensType = body.spectacleLensType ?? null;
  const none = { spectacle_lens_type: lensType, sph: null, cyl: null, axis: null, addition: null, va: null, vn: null, near: optionalText(body.near), pd: null, bc: null, dia: null, k1: null, k2: null, fitting_height: null, total_height: null, rx_remarks: optionalText(body.prescriptionRemarks) };
  if (!typed) return none;
  const { entry, errors } = readRxEntry(input);
  const names: Record<string, string> = { sph: 'spherical', cyl: 'cylinder', axis: 'axis', add: 'addition', va: 'vision', vn: 'vn', pd: 'pd', bc: 'basecurve', dia: 'diameter', k1: 'k1', k2: 'k2', fh: 'lensFittingHeight', th: 'lensTotalHeight' };
  const named = Object.fromEntries(Object.entries(errors).map(([k, v]) => [at(names[k] ?? k), v]));
  if (Object.keys(named).length > 0) throw invalid('The prescription on the line has errors', named);
  const row = rxRowOf(entry);
  return extend(none, { sph: row.sph, cyl: row.cyl, axis: row.axis, addition: row.addition, va: row.va, vn: row.vn, pd: row.pd, bc: row.bc, dia: row.dia, k1: row.k1, k2: row.k2, fitting_height: row.fh, total_height: row.th });
}

/** Diopters in hundredths as a prescription writes them: −20.00, +4.00, 0.00. */
const diopters = (hundredths: number) => `${hundredths > 0 ? '+' : hundredths < 0 ? '−' : ''}${(Math.abs(hundredths) / 100).toFixed(2)}`;

/**
 * A spectacle lens is made in a range (the item's power_from/power_to for SPH, cyl_to for the
 * cylinder's size, add_from/add_to for a multifocal's ADD): a pair outside it cannot be made, so
 * it is refused when it is added, naming the eye and the field. A multifocal design (one with an
 * ADD range) with Rx typed but no ADD is refused too. A line with no Rx at all is let through:
 * the prescription may follow with the customer.
 */
function checkLensRange(item: ItemRow, rx: Omit<LineRx, 'pair_no' | 'eye'>, eye: LineRx['eye'], at: FieldName): void {
  const side = eye === 'L' ? 'Left' : eye === 'R' ? 'Right' : 'The';
  const errors: Record<string, string[]> = {};
  const range = (from: number | null, to: number | null) =>
    from !== null && to !== null ? `${diopters(from)} to ${diopters(to)}` : from !== null ? `${diopters(from)} or more` : `up to ${diopters(to!)}`;
  if (rx.sph !== null && ((item.power_from !== null && rx.sph < item.power_from) || (item.power_to !== null && rx.sph > item.power_to))) {
    errors[at('spherical')] = [`${side} SPH ${diopters(rx.sph)} is outside this lens’s ${range(item.power_from, item.power_to)}`];
  }
  if (rx.cyl !== null && item.cyl_to !== null && Math.abs(rx.cyl) > Math.abs(item.cyl_to)) {
    errors[at('cylinder')] = [`${side} CYL ${diopters(rx.cyl)} is beyond this lens’s ±${(Math.abs(item.cyl_to) / 100).toFixed(2)}`];
  }
  const typed = rx.sph !== null || rx.cyl !== null;
  if (item.add_from !== null || item.add_to !== null) {
    if (rx.addition === null && typed) errors[at('addition')] = [`${side} ADD is needed for this multifocal lens (${range(item.add_from, item.add_to)})`];
    else if (rx.addition !== null && ((item.add_from !== null && rx.addition < item.add_from) || (item.add_to !== null && rx.addition > item.add_to))) {
      errors[at('addition')] = [`${side} ADD ${diopters(rx.addition)} is outside this lens’s ${range(item.add_from, item.add_to)}`];
    }
  }
  const messages = Object.values(errors).flat();
  if (messages.length > 0) throw invalid(messages.join('; '), errors);
}

type Heights = {
  rightLensFittingHeight?: number | null;
  rightLensTotalHeight?: number | null;
  leftLensFittingHeight?: number | null;
  leftLensTotalHeight?: number | null;
};

/**
 * salesorderModel's per-eye fitting and total heights (right/leftLensFittingHeight,
 * right/leftLensTotalHeight), for clients that measure them once for the order: they fill the lens
 * lines of that eye that carry none of their own (a line's own height wins). Checked by the Rx
 * rules (10–40 mm, half steps, fitting not above total), naming the salesorderModel field.
 */
export function withOrderHeights<L extends Pick<LineRx, 'eye' | 'fitting_height' | 'total_height'>>(lines: readonly L[], so: Heights): L[] {
  const read = (eye: 'right' | 'left') => {
    const fhField = `${eye}LensFittingHeight` as const;
    const thField = `${eye}LensTotalHeight` as const;
    const fh = so[fhField];
    const th = so[thField];
    if ((fh === null || fh === undefined) && (th === null || th === undefined)) return null;
    const { entry, errors } = readRxEntry({
      lensTypeID: eye === 'right' ? '1' : '2',
      fh: fh === null || fh === undefined ? null : String(fh),
      th: th === null || th === undefined ? null : String(th),
    });
    const named: Record<string, string[]> = {};
    if (errors.fh) named[`salesorderModel.${fhField}`] = errors.fh;
    if (errors.th) named[`salesorderModel.${thField}`] = errors.th;
    if (Object.keys(named).length > 0) throw invalid('The fitting heights have errors', named);
    const row = rxRowOf(entry);
    return { fh: row.fh, th: row.th };
  };
  const right = read('right');
  const left = read('left');
  return lines.map((l) => {
    const h = l.eye === 'R' ? right : l.eye === 'L' ? left : null;
    if (!h) return l;
    return Object.assign({}, l, { fitting_height: l.fitting_height ?? h.fh, total_height: l.total_height ?? h.th });
  });
}
