/**
 * Booking a sale (issue 13: the rule's home, not the HTTP handler): the customer, the examination
 * the lens lines carry, the order and its lines, stock, the receipt, the lab order and the recall,
 * in one immediate transaction with the idempotency check inside it.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { billTotals } from '../../../shared/domain/gst.js';
import { DEFAULT_PRESCRIPTION_TYPE, lensTypeId, readRxEntry } from '../../../shared/domain/rx.js';
import type { CustomerModel, OMFastWizardModel, SalesorderModel, SaveSaleResult } from '../../../shared/models/sale.js';
import type { RequestContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { priceLines } from './bill.js';
import { findCart, ownsCart } from './cart-view.js';
import { paiseField } from '../input/money.js';
import { checkLine, readLineFigures, withOrderHeights, type LineFigures, type LineInput } from './line.js';
import { readClaim, splitBill } from './insurance.js';
import { earlierAnswer, requestHash } from './sale-key.js';
import { readCollectBranch } from './collect-branch.js';
import { anyBranchOrders } from '../store/any-branch.js';
import { allReadyMade, promisedDelivery } from './delivery.js';
import { placeOfSupply } from './place-of-supply.js';
import { jobLine } from './job-charges.js';
import { applyPricePolicy } from './price-policy.js';
import { SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import { checkAgainstBalance, readPayment, writeReceipt } from './receipt.js';
import { carts, RX_COLUMN_NAMES, type CartLineView, type CartRow } from '../store/cart.js';
import { customers } from '../store/customer.js';
import { eyeCheckupRecalls } from '../store/eye-checkup-recall.js';
import { rxRowOf } from '../store/eye-exam.js';
import { numberSeries } from '../store/number-series.js';
import { salesOrders } from '../store/sales-order.js';
import type { CustomerInput } from '../customer/customer-input.js';
import { saveCustomer } from '../customer/customer-save.js';
import { calendarDate } from '../input/dates.js';
import { typedDoctor } from '../customer/doctor-name.js';
import { orderDate } from './order-date.js';
import { recordExam } from '../customer/exam.js';
import { raiseLabOrder, takeStock } from './stock-and-lab.js';
import { optionalText } from '../input/text.js';
import { rupees } from '../../../shared/domain/money.js';
import type { ReceiptPayment } from '../store/receipt.js';
import { paymentKindNames } from '../store/reference-list.js';
import { requireOpenTill } from './till-session.js';
import { extend } from '../../../shared/extend.js';

/** OMCustomerModel fields whose names differ from the customer form's. */
const RENAMED: Partial<Record<keyof CustomerModel, keyof CustomerInput>> = {
  branchId: 'branchID',
  countryId: 'countryID',
};

function customerInput(ctx: RequestContext, m: CustomerModel): CustomerInput {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(m)) {
    if (value === undefined || key === 'id' || key === 'customerId' || key === 'stateId' || key === 'membershipID') continue;
    input[RENAMED[key as keyof CustomerModel] ?? key] = value;
  }
  // OMCustomerModel carries these as row ids (int64), the customer form as ENC ids.
  if (m.stateId !== undefined) input.stateID = m.stateId === null ? null : ctx.enc.encode('state', m.stateId);
  if (m.membershipID !== undefined) input.membershipID = m.membershipID === null ? null : ctx.enc.encode('membership', m.membershipID);
  return input as CustomerInput;
}

function resolveCustomer(ctx: RequestContext, body: OMFastWizardModel, cartCustomer: number | null): number {
  const m = body.customerModel;
  if (m) {
    const idText = m.customerId?.trim() || m.encryptCustomerID?.trim() || body.salesorderModel?.customerId?.trim();
    const field = m.customerId?.trim() ? 'customerModel.customerId' : m.encryptCustomerID?.trim() ? 'customerModel.encryptCustomerID' : 'salesorderModel.customerId';
    return saveCustomer(ctx, customerInput(ctx, m), { text: idText, field }, (f) => `customerModel.${f}`).id;
  }
  const idText = body.salesorderModel?.customerId?.trim();
  const id = idText ? ctx.decode('customer', idText, 'salesorderModel.customerId') : cartCustomer;
  if (id === null) throw invalid('A sale needs a customer', { customerModel: ['Required'] });
  const customer = customers(ctx.db).byId(ctx.user.companyId, id);
  if (!customer) throw notFound('No such customer');
  // A merged-away customer's id (a cart made before the merge) books for the record kept.
  return customer.id;
}

const LIST = 'salesorderModel.salesOrderDetailList';

type ListedLine = NonNullable<SalesorderModel['salesOrderDetailList']>[number];

/** The spec types a listed line's spectacleLensType as text, the cart's as a number. */
function lineInput(l: ListedLine, i: number): LineInput {
  const text = l.spectacleLensType?.trim();
  if (!text) return extend(l, { spectacleLensType: null });
  if (!/^\d{1,9}$/.test(text)) throw invalid('Invalid spectacleLensType', { [`${LIST}.${i}.spectacleLensType`]: ['A lens type number'] });
  return extend(l, { spectacleLensType: Number(text) });
}

/** The listed lines' figures, checked before the transaction opens, as the cart checks its own. */
function listedFigures(ctx: RequestContext, so: SalesorderModel): LineFigures[] {
  return (so.salesOrderDetailList ?? []).map((l, i) => readLineFigures(ctx, l.itemId, 'itemId', lineInput(l, i), (f) => `${LIST}.${i}.${f}`));
}

/**
 * salesOrderDetailList as order lines, through the cart's own checks (sale/line.ts). A price other
 * than the item's is taken only when the store allows price changes (allowUserToChangePrice) and
 * an admin or manager is selling: the flag is the client's word, the role is ours.
 */
function listedLines(ctx: RequestContext, so: SalesorderModel, figures: readonly LineFigures[]): CartLineView[] {
  const mayChangePrice = so.allowUserToChangePrice === true && (ctx.user.role === 'admin' || ctx.user.role === 'manager');
  const inPair = new Map<string, number>();
  const at = ctx.now().toISOString();
  return (so.salesOrderDetailList ?? []).map((input, i) => {
    const pairNo = optionalText(input.pairNo);
    const before = pairNo ? inPair.get(pairNo) ?? 0 : 0;
    const { line, item } = checkLine(ctx, figures[i]!, lineInput(input, i), {
      at: (f) => `${LIST}.${i}.${f}`,
      itemField: 'itemId',
      linesBeforeInPair: before,
      unknownItem: 'invalid',
      samePriceOnly: !mayChangePrice,
    });
    if (pairNo) inPair.set(pairNo, before + 1);
    // The store's price policy applies here too; a listed line cannot carry an approval (the cart can).
    applyPricePolicy(ctx, item, line, null, `${LIST}.${i}.price`);
    return {
      id: i + 1, session_id: '', created_at: at, item_name: item.name, item_code: item.code, item_type_id: item.item_type_id,
      hsn_code: item.hsn_code, price_includes_tax: item.price_includes_tax, made_to_order: item.made_to_order, ...line,
    };
  });
}

/**
 * customerModel's r_/l_ SPH, CYL, AXIS, ADD as distance rows, checked by the same Rx rules; empty
 * when it carries none. Used only when the lines carry no Rx, which is the lab's copy and wins.
 */
function customerRxRows(m: CustomerModel | null | undefined) {
  if (!m) return [];
  const text = (v: number | null | undefined) => (v === null || v === undefined ? null : String(v));
  const eyes = [
    { eye: 'right', prefix: 'r_', values: [m.r_SPH, m.r_CYL, m.r_AXIS, m.r_ADD] },
    { eye: 'left', prefix: 'l_', values: [m.l_SPH, m.l_CYL, m.l_AXIS, m.l_ADD] },
  ] as const;
  const rows = [];
  for (const { eye, prefix, values } of eyes) {
    if (values.every((v) => v === null || v === undefined)) continue;
    const [sph, cyl, axis, add] = values.map(text);
    const { entry, errors } = readRxEntry({ lensTypeID: lensTypeId('distance', eye), sph, cyl, axis, add });
    const names: Record<string, string> = { sph: 'SPH', cyl: 'CYL', axis: 'AXIS', add: 'ADD' };
    const named = Object.fromEntries(Object.entries(errors).map(([k, v]) => [`customerModel.${prefix}${names[k] ?? k}`, v]));
    if (Object.keys(named).length > 0) throw invalid('The customer’s prescription has errors', named);
    rows.push(rxRowOf(entry));
  }
  return rows;
}

/** The Rx the lens lines carry, as one distance examination (right and left eye of the first pair). */
function examRows(lines: readonly CartLineView[]) {
  const seen = new Set<string>();
  const rows = [];
  for (const l of lines) {
    if (!l.eye || seen.has(l.eye) || [l.sph, l.cyl, l.axis, l.addition].every((v) => v === null)) continue;
    seen.add(l.eye);
    rows.push({
      lens_type: Number(lensTypeId('distance', l.eye === 'R' ? 'right' : 'left')),
      sph: l.sph, cyl: l.cyl, axis: l.axis, addition: l.addition, va: l.va, vn: l.vn, pd: l.pd, bc: l.bc, dia: l.dia,
      fh: l.fitting_height, th: l.total_height, k1: l.k1, k2: l.k2, prism: null, base: null,
    });
  }
  return rows;
}

/** Payment kind 1 is cash (migration 004). */
const CASH_KIND = 1;

interface TakenPayments {
  payments: ReceiptPayment[];
  /** True when they came as OMFastWizardModel.payments (field names in errors follow). */
  split: boolean;
  amountField: string;
  /** Paise: the cash among them, and what the customer handed over (null when not given). */
  cash: number;
  tendered: number | null;
}

/**
 * The sale's payments: OMFastWizardModel.payments (issue 16, several kinds at once, each its own
 * receipt) or the spec's one receiptModel; with cashTendered, the change is tendered − cash.
 */
function readPayments(ctx: RequestContext, body: OMFastWizardModel): TakenPayments {
  const list = body.payments ?? [];
  let payments: ReceiptPayment[];
  if (list.length > 0) {
    const single = body.receiptModel ? readPayment(ctx, body.receiptModel, 'receiptModel.') : null;
    if (single && single.amount > 0) throw invalid('Send the payments once: either receiptModel or payments', { 'receiptModel.amount': ['Leave empty when payments are given'] });
    payments = list.map((p, i) => {
      const payment = readPayment(ctx, p, `payments.${i}.`);
      if (payment.amount <= 0) throw invalid('Enter the amount of each payment', { [`payments.${i}.amount`]: ['More than 0'] });
      return payment;
    });
  } else {
    const single = body.receiptModel ? readPayment(ctx, body.receiptModel, 'receiptModel.') : null;
    payments = single && single.amount > 0 ? [single] : [];
  }
  const cashLines = payments.filter((p) => p.payment_kind_id === CASH_KIND);
  if (cashLines.length > 1) throw invalid('Take cash once per sale', { payments: ['One cash payment; add the amounts together'] });
  const cash = cashLines[0]?.amount ?? 0;
  const tendered = paiseField(body.cashTendered, 'cashTendered');
  if (tendered !== null && cash === 0) throw invalid('Cash handed over, but no cash payment', { cashTendered: ['Only with a cash payment'] });
  if (tendered !== null && tendered < cash) throw invalid('The cash handed over is less than the cash paid', { cashTendered: [`At least ${rupees(cash).toFixed(2)}`] });
  return { payments, split: list.length > 0, amountField: list.length > 0 ? 'payments' : 'receiptModel.amount', cash, tendered };
}

/**
 * Everything in one immediate transaction: a failure anywhere (a bad id, a line out of stock)
 * rolls back customer, exam, order, receipt, stock and lab order, and leaves the cart as it was.
 * The cart's session id is the idempotency key, checked inside the same transaction, so a retry
 * that races the first request still finds its order.
 */
export function bookSale(ctx: RequestContext, body: OMFastWizardModel): SaveSaleResult {
  const so = body.salesorderModel ?? {};
  const sessionId = body.sessionID?.trim() || so.sessionId?.trim();
  if (!sessionId) throw invalid('sessionID is required', { sessionID: ['Required'] });
  const charges = {
    jobCharges: paiseField(so.jobCharges, 'salesorderModel.jobCharges') ?? 0,
    shippingCharges: paiseField(so.shippingCharges, 'salesorderModel.shippingCharges') ?? 0,
    otherCharges: paiseField(so.otherCharges, 'salesorderModel.otherCharges') ?? 0,
    serviceTax: paiseField(so.serviceTax, 'salesorderModel.serviceTax') ?? 0,
  };
  const { companyId, branchId, yearId } = ctx.user;
  const figures = listedFigures(ctx, so);
  const hash = requestHash(body);

  return ctx.db
    .transaction((): SaveSaleResult => {
      const earlier = earlierAnswer(ctx, sessionId, hash);
      if (earlier) return earlier;
      // A sale needs the till's open session (issue 16): a 409 TILL_NOT_OPEN says to open it first.
      const tillSessionId = requireOpenTill(ctx);
      // A cart with lines wins over a list; the list is for clients that keep the cart themselves.
      // Only the user's own cart counts (sale/cart-view.ts findCart).
      const own = (c: CartRow | undefined) => (c && ownsCart(ctx, c) ? c : undefined);
      const cart = figures.length > 0 ? own(carts(ctx.db).get(sessionId, companyId, ctx.now())) : findCart(ctx, sessionId, 'sessionID');
      const inCart = cart ? carts(ctx.db).lines(sessionId) : [];
      const cartLines = withOrderHeights(inCart.length > 0 ? inCart : listedLines(ctx, so, figures), so);
      if (cartLines.length === 0) throw invalid('The cart is empty', { sessionID: ['Add at least one item'] });

      const customerId = resolveCustomer(ctx, body, cart?.customer_id ?? null);
      const customer = customers(ctx.db).byId(companyId, customerId)!;
      const at = ctx.now();
      const today = localDate(at);
      const bookedOn = orderDate(ctx, so, today);
      const supply = placeOfSupply(ctx, so, customer.state_id);
      const intra = supply.intraState;
      const lines = priceLines(ctx.db, cartLines, bookedOn, intra);
      // Job charges are a taxed service (sale/job-charges.ts); the service's GST is ours to work out, not the client's.
      const job = jobLine(ctx.db, charges.jobCharges, intra);
      const totals = billTotals(lines.map((l) => extend(l.gst, { qty: l.qty })), extend(charges, { serviceTax: 0, job }));
      const claim = readClaim(ctx, so, bookedOn);
      const split = splitBill(totals.netAmount, claim.insurance_claimed, claim.insurance_cover);
      const taken = readPayments(ctx, body);
      const paid = taken.payments.reduce((sum, p) => sum + p.amount, 0);
      const collectAt = readCollectBranch(ctx, body.collectBranchID, 'collectBranchID', branchId);
      // Collected at another branch: never handed over here at the counter.
      const handedOver = collectAt === null && allReadyMade(cartLines) && paid >= split.patient;
      const promise = handedOver ? { date: today, time: null } : promisedDelivery(ctx, so, cartLines, bookedOn, today);

      const lineRx = examRows(cartLines);
      const rxRows = lineRx.length > 0 ? lineRx : customerRxRows(body.customerModel);
      const recallGiven = calendarDate(body.eyecheckupRecallModel?.dateString ?? body.eyecheckupRecallModel?.date ?? null, 'eyecheckupRecallModel.date');
      const doctor = typedDoctor(ctx, body.eyeInfoModel?.doctorName, 'eyeInfoModel.doctorName');
      const exam = rxRows.length > 0
        ? recordExam(ctx, {
            customerId, doctorId: doctor.doctorId, typedDoctorName: doctor.typedName, typeId: DEFAULT_PRESCRIPTION_TYPE,
            visitingDate: today, remarks: null, recallDate: recallGiven, rxRows,
          })
        : null;

      const orderId = ctx.ids.next('sales_order');
      const orderNo = numberSeries(ctx.db).next('order', branchId, yearId);
      const orders = salesOrders(ctx.db);
      orders.insert({
        id: orderId, company_id: companyId, branch_id: branchId, year_id: yearId, order_no: orderNo, order_date: bookedOn,
        customer_id: customerId, eye_info_id: exam?.id ?? null,
        delivery_date: promise.date, delivery_time: promise.time,
        place_of_supply_state_id: supply.stateId, delivery_mode_id: supply.deliveryModeId, intra_state: intra ? 1 : 0, total_qty: totals.qty,
        total_mrp: lines.reduce((s, l) => s + l.mrp * l.qty, 0), gross: totals.gross, total_discount: totals.discount,
        taxable: totals.taxable, cgst: totals.cgst, sgst: totals.sgst, igst: totals.igst, grand_total: totals.grandTotal,
        job_charges: job?.taxable ?? 0, shipping_charges: charges.shippingCharges, other_charges: charges.otherCharges,
        service_tax: job?.tax ?? 0, job_gst_rate_bp: job?.rateBp ?? null, job_sac: job?.sac ?? null, rounding: totals.rounding, net_amount: totals.netAmount,
        insurance_amount: split.insurance, policy_no: optionalText(so.policyNo),
        doctor_id: doctor.doctorId, typed_doctor_name: doctor.typedName, remarks: optionalText(so.remarks), session_id: sessionId, request_hash: hash,
        created_by: ctx.user.id, created_at: at.toISOString(), till_session_id: tillSessionId, ...claim,
      });

      if (collectAt !== null) anyBranchOrders(ctx.db).collectAtBooking(orderId, collectAt);

      const ordered: Array<{ lineId: number; itemId: number; qty: number }> = [];
      lines.forEach((l, i) => {
        const lineId = ctx.ids.next('sales_order_line');
        const rx = Object.fromEntries(RX_COLUMN_NAMES.map((c) => [c, l[c]])) as Pick<CartLineView, (typeof RX_COLUMN_NAMES)[number]>;
        orders.insertLine({
          id: lineId, sales_order_id: orderId, line_no: i + 1, item_id: l.item_id, item_type_id: l.item_type_id,
          name: l.item_name, code: l.item_code, hsn_code: l.hsn_code, qty: l.qty, mrp: l.mrp, price: l.price,
          price_includes_tax: l.price_includes_tax, discount_bp: l.discount_bp, discount: l.gst.discount,
          taxable: l.gst.taxable, gst_rate_bp: l.gst.rateBp, cgst: l.gst.cgst, sgst: l.gst.sgst, igst: l.gst.igst,
          total: l.gst.total, stock_counted: l.made_to_order || l.is_ordered ? 0 : 1, batch_no: l.batch_no, is_ordered: l.is_ordered,
          price_approval_id: l.price_approval_id, ...rx,
        });
        // Goods sold to order come from the supplier, not this shelf.
        if (!l.made_to_order && !l.is_ordered) takeStock(ctx, l, orderId, `lines[${i}]`, today);
        if (l.is_ordered) ordered.push({ lineId, itemId: l.item_id, qty: l.qty });
      });

      const written: Array<{ id: number; no: string; kindId: number; amount: number }> = [];
      if (paid > 0) {
        // The customer pays their part only; the insurer's share is collected from the insurer.
        checkAgainstBalance(ctx, paid, split.patient, taken.amountField);
        taken.payments.forEach((p, i) => {
          const field = taken.split ? `payments.${i}.creditNoteID` : 'receiptModel.creditNoteID';
          const tendered = p.payment_kind_id === CASH_KIND ? taken.tendered : null;
          // A split payment's receipts point at its first (0: this one is the first).
          const splitOf = taken.payments.length > 1 ? written[0]?.id ?? 0 : null;
          written.push(extend(writeReceipt(ctx, orderId, customerId, extend(p, { tendered }), field, tillSessionId, splitOf), { kindId: p.payment_kind_id, amount: p.amount }));
        });
      } else if (split.patient > 0 && !body.allowZeroAmountReceiptInQuickSale && !body.defaultZeroReceiptAmountForQuickSale) {
        throw invalid('Take a payment: this store does not allow a sale with nothing paid', { 'receiptModel.amount': ['More than 0'] });
      }

      if (ordered.length > 0) raiseLabOrder(ctx, body, orderId, ordered, today);
      // Goods off the shelf, paid in full: handed over at the counter (sale/delivery.ts).
      if (handedOver) orders.setStatus(orderId, SALES_ORDER_STATUS.Delivered, ctx.user.id, at.toISOString());

      const recallDate = exam?.recallDate ?? recallGiven;
      if (recallDate) {
        eyeCheckupRecalls(ctx.db).insert({
          id: ctx.ids.next('eye_checkup_recall'), company_id: companyId, branch_id: branchId, customer_id: customerId,
          recall_date: recallDate, remarks: optionalText(body.eyecheckupRecallModel?.remarks), sales_order_id: orderId, eye_info_id: exam?.id ?? null,
          created_by: ctx.user.id, created_at: at.toISOString(),
        });
      }

      carts(ctx.db).empty(sessionId);
      const first = written[0];
      const kinds = paymentKindNames(ctx.db);
      return {
        salesOrderID: ctx.enc.encode('salesOrder', orderId),
        salesOrderNo: orderNo,
        receiptID: first ? ctx.enc.encode('receipt', first.id) : null,
        receiptNo: first?.no ?? null,
        message: 'Sale saved',
        receipts: written.map((r) => ({ receiptID: ctx.enc.encode('receipt', r.id), receiptNo: r.no, kind: kinds.get(r.kindId) ?? '', amount: rupees(r.amount) })),
        change: taken.tendered === null ? null : rupees(taken.tendered - taken.cash),
      };
    })
    .immediate();
}
