import { randomUUID } from 'node:crypto';
import { api } from '../../../../shared/endpoints/index.js';
import { readRxEntry, type RxEntryInput } from '../../../../shared/domain/rx.js';
import { badRequest, notFound } from '../../http/errors.js';
import { implement } from '../../http/handler.js';
import { carts, type LineRx } from '../../store/cart.js';
import { items } from '../../store/item.js';
import { rxRowOf } from '../../store/eye-exam.js';
import { findCart, paiseField } from '../../sale/cart-view.js';

const CONTACT_LENS_TYPE = 4;

/**
 * Adds one line to the cart, opening a cart (and issuing its sessionID) when none is given.
 * Price defaults to the item's sale price and MRP is always the item's. A lens pair is two calls
 * with the same pairNo: the first line is the right eye, the second the left; each eye's Rx is
 * checked by shared/domain/rx.ts and stored normalised, as the lab will read it.
 */
export const saveSalesOrderTemp = implement(api.QuickSale.saveSalesOrderTemp, ({ body }, ctx) => {
  const errors: Record<string, string[]> = {};
  if (!body.itemID?.trim()) throw badRequest('itemID is required', { itemID: ['Required'] });
  const itemId = ctx.decode('item', body.itemID.trim(), 'itemID');
  const qty = body.qty ?? 1;
  if (!Number.isInteger(qty) || qty < 1 || qty > 9999) errors.qty = ['A whole number from 1 to 9999'];
  const price = paiseField(body.price, 'price');
  const discountAmount = paiseField(body.discountAmount, 'discountAmount');
  const rate = body.discountRate ?? null;
  if (rate !== null && (rate < 0 || rate > 100)) errors.discountRate = ['A percent from 0 to 100'];
  if (Object.keys(errors).length > 0) throw badRequest('The cart line has errors', errors);
  const at = ctx.now().toISOString();

  return ctx.db
    .transaction(() => {
      const item = items(ctx.db).byId(ctx.user.companyId, itemId);
      if (!item || item.is_active !== 1) throw notFound('No such item');
      const store = carts(ctx.db);
      let sessionID = body.sessionID?.trim() ?? '';
      if (sessionID) {
        findCart(ctx, sessionID, 'sessionID');
        store.touch(sessionID, at);
      } else {
        sessionID = randomUUID();
        store.create({ session_id: sessionID, company_id: ctx.user.companyId, branch_id: ctx.user.branchId, user_id: ctx.user.id, customer_id: null, created_at: at }, ctx.now());
      }
      const unitPrice = price ?? item.sale_price;
      if (unitPrice > item.mrp) throw badRequest('The price is above the MRP', { price: [`At most the MRP, ${item.mrp / 100}`] });
      const pairNo = body.pairNo?.trim() || null;
      let eye: LineRx['eye'] = null;
      if (pairNo) {
        const before = store.linesInPair(sessionID, pairNo);
        if (before >= 2) throw badRequest('A lens pair has two lines, one per eye', { pairNo: ['This pair already has both eyes'] });
        eye = before === 0 ? 'R' : 'L';
      }
      const rx = readLineRx(body, item.item_type_id === CONTACT_LENS_TYPE, eye);
      store.addLine({
        id: ctx.ids.next('cart_line'),
        session_id: sessionID,
        item_id: item.id,
        qty,
        price: unitPrice,
        mrp: item.mrp,
        discount_bp: rate === null ? null : Math.round(rate * 100),
        discount_amount: discountAmount,
        batch_no: body.batchNo?.trim() ?? '',
        is_ordered: body.isOrdered === true || item.made_to_order === 1 ? 1 : 0,
        ...rx,
        pair_no: pairNo,
        eye,
        created_at: at,
      });
      return { sessionID, message: 'Added to the cart' };
    })
    .immediate();
});

type RxBody = Parameters<typeof saveSalesOrderTemp.run>[0]['body'];

/** The line's Rx, or all nulls when none was typed; errors name the request's own fields. */
function readLineRx(body: RxBody, contact: boolean, eye: LineRx['eye']): Omit<LineRx, 'pair_no' | 'eye'> {
  const input: RxEntryInput = {
    lensTypeID: String((contact ? 5 : 1) + (eye === 'L' ? 1 : 0)),
    sph: body.spherical, cyl: body.cylinder, axis: body.axis, add: body.addition, va: body.vision, vn: body.vn,
    pd: body.pd, bc: body.basecurve, dia: body.diameter, k1: body.k1, k2: body.k2,
    fh: body.lensFittingHeight === null || body.lensFittingHeight === undefined ? null : String(body.lensFittingHeight),
    th: body.lensTotalHeight === null || body.lensTotalHeight === undefined ? null : String(body.lensTotalHeight),
  };
  const typed = Object.entries(input).some(([k, v]) => k !== 'lensTypeID' && v !== null && v !== undefined && String(v).trim() !== '');
  const lensType = body.spectacleLensType ?? null;
  const none = { spectacle_lens_type: lensType, sph: null, cyl: null, axis: null, addition: null, va: null, vn: null, near: body.near?.trim() || null, pd: null, bc: null, dia: null, k1: null, k2: null, fitting_height: null, total_height: null, rx_remarks: body.prescriptionRemarks?.trim() || null };
  if (!typed) return none;
  const { entry, errors } = readRxEntry(input);
  const names: Record<string, string> = { sph: 'spherical', cyl: 'cylinder', axis: 'axis', add: 'addition', va: 'vision', vn: 'vn', pd: 'pd', bc: 'basecurve', dia: 'diameter', k1: 'k1', k2: 'k2', fh: 'lensFittingHeight', th: 'lensTotalHeight' };
  const named = Object.fromEntries(Object.entries(errors).map(([k, v]) => [names[k] ?? k, v]));
  if (Object.keys(named).length > 0) throw badRequest('The prescription on the line has errors', named);
  const row = rxRowOf(entry);
  return { ...none, sph: row.sph, cyl: row.cyl, axis: row.axis, addition: row.addition, va: row.va, vn: row.vn, pd: row.pd, bc: row.bc, dia: row.dia, k1: row.k1, k2: row.k2, fitting_height: row.fh, total_height: row.th };
}
