/**
 * Many orders for benchmarks (`npm run seed -- --orders N`): sales over the store's customers and
 * items, spread over the past two years across its branches, so both financial years and every
 * status hold rows. Lines are priced by sale/bill.ts and totalled by shared/domain/gst.ts, exactly
 * as SaveSale does; numbers come from the real per-branch, per-year series, so a live sale after
 * the seed takes the next number. Stock is not taken: the seed is about lists and balances, and
 * stores that sold this much would long since have restocked (docs/decisions.md).
 */
import { RECEIPT_STATUS, SALES_ORDER_STATUS, type SalesOrderStatusId } from '../../../shared/contract/statuses.js';
import { localDate } from '../../../shared/domain/calendar.js';
import { billTotals } from '../../../shared/domain/gst.js';
import { refreshStatistics, type Db } from '../db/database.js';
import { priceLines } from '../sale/bill.js';
import type { OpenStore } from '../store-file.js';
import { branches } from '../store/branch.js';
import { financialYears, type YearRow } from '../store/financial-year.js';
import { invoices } from '../store/invoice.js';
import { items } from '../store/item.js';
import { numberSeries } from '../store/number-series.js';
import { receiptStatuses } from '../store/receipt-status.js';
import { receipts, type NewReceipt } from '../store/receipt.js';
import { salesOrders } from '../store/sales-order.js';
import { users } from '../store/user.js';
import { seededRandom } from './seeded-random.js';

const BATCH = 5_000;
const DAYS = 730;
const DAY_MS = 86_400_000;
/** Items the orders draw from: enough variety for realistic lists, few enough to hold in memory. */
const ITEM_POOL = 5_000;
const PAYMENT_KINDS = [1, 1, 1, 2, 3, 3] as const;

type Progress = (done: number, total: number) => void;

/** The customers orders may go to; read here because only the seed wants them all at once. */
function customerPool(db: Db, companyId: number): Array<{ id: number; state_id: number | null }> {
  return db
    .prepare<[number], { id: number; state_id: number | null }>('SELECT id, state_id FROM customer WHERE company_id = ? AND is_active = 1 ORDER BY id')
    .all(companyId);
}

/**
 * An order's status from its age: recent ones are still at the lab or the counter, old ones were
 * delivered; a few of every age were cancelled.
 */
function statusFor(ageDays: number, roll: number): SalesOrderStatusId {
  if (roll < 4) return SALES_ORDER_STATUS.Cancelled;
  if (ageDays > 30) return SALES_ORDER_STATUS.Delivered;
  if (ageDays > 7) return roll < 40 ? SALES_ORDER_STATUS.ReadyForDelivery : SALES_ORDER_STATUS.Delivered;
  return ([SALES_ORDER_STATUS.Booked, SALES_ORDER_STATUS.InLab, SALES_ORDER_STATUS.ReadyForDelivery] as const)[roll % 3]!;
}

/**
 * Adds `total` orders dated up to `now` over the last `days` (default two years), with their
 * receipts and some invoices, in batched transactions.
 */
export function addOrders(store: OpenStore, total: number, options: { now?: Date; days?: number; progress?: Progress } = {}): void {
  const { db, ids, company } = store;
  const now = options.now ?? new Date();
  const progress = options.progress ?? (() => {});
  const days = options.days ?? DAYS;
  const rand = seededRandom(1_000_000 + total);
  const branchIds = branches(db).ofCompany(company.id).map((b) => b.id);
  const userId = users(db).firstAdmin(company.id)!.id;
  const pool = items(db)
    .search({ companyId: company.id, offset: 0, limit: ITEM_POOL, day: localDate(now) })
    .rows.filter((i) => i.is_active === 1 && i.sale_price > 0);
  const people = customerPool(db, company.id);
  if (pool.length === 0 || people.length === 0) throw new Error('The store needs items and customers before orders can be seeded');
  const orders = salesOrders(db);
  const series = numberSeries(db);
  const years = financialYears(db);
  const paid = receipts(db);
  const settle = receiptStatuses(db);
  const bills = invoices(db);
  let year: YearRow | undefined;
  const yearOf = (day: string) => {
    if (!year || day < year.start_date || day > year.end_date) year = years.ensure(company.id, day);
    return year;
  };
  const today = localDate(now);
  const dayOf = (ageDays: number) => localDate(new Date(now.getTime() - ageDays * DAY_MS));
  const stamp = (day: string, i: number) => `${day}T${String(4 + (i % 9)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00.000Z`;

  const stateOf = new Map<number, number>();
  const branchState = (id: number) => {
    if (!stateOf.has(id)) stateOf.set(id, branches(db).byId(id)!.state_id);
    return stateOf.get(id)!;
  };
  for (let done = 0; done < total; done += BATCH) {
    db.transaction(() => {
      for (let i = done; i < Math.min(total, done + BATCH); i++) {
        // Oldest first, so each series' numbers rise with the dates, as at a real counter.
        const ageDays = Math.floor(((total - 1 - i) * days) / Math.max(total, 1));
        const day = dayOf(ageDays);
        const at = stamp(day, i);
        const branchId = branchIds[rand.int(branchIds.length)]!;
        const customer = rand.pick(people);
        // Sold over the counter: supplied in the branch's state, CGST + SGST (sale/place-of-supply.ts).
        const intra = true;
        const wanted = Array.from({ length: 1 + rand.int(3) }, () => {
          const item = rand.pick(pool);
          const discount = rand.int(10);
          return {
            item, qty: item.item_type_id === 3 ? 1 : 1 + (rand.int(8) === 0 ? 1 : 0), price: item.sale_price,
            discount_bp: discount < 2 ? 500 * (discount + 1) : null, discount_amount: null, hsn_code: item.hsn_code,
            price_includes_tax: item.price_includes_tax,
          };
        });
        const lines = priceLines(db, wanted, day, intra);
        const totals = billTotals(lines.map((l) => ({ ...l.gst, qty: l.qty })));
        const y = yearOf(day);
        const orderId = ids.next('sales_order');
        orders.insert({
          id: orderId, company_id: company.id, branch_id: branchId, year_id: y.id, order_no: series.next('order', branchId, y.id),
          order_date: day, customer_id: customer.id, eye_info_id: null, intra_state: intra ? 1 : 0,
          place_of_supply_state_id: branchState(branchId), delivery_mode_id: 1, job_gst_rate_bp: null, job_sac: null, total_qty: totals.qty,
          total_mrp: lines.reduce((s, l) => s + l.item.mrp * l.qty, 0), gross: totals.gross, total_discount: totals.discount,
          taxable: totals.taxable, cgst: totals.cgst, sgst: totals.sgst, igst: totals.igst, grand_total: totals.grandTotal,
          job_charges: 0, shipping_charges: 0, other_charges: 0, service_tax: 0, rounding: totals.rounding, net_amount: totals.netAmount,
          insurance_company_id: null, insurance_amount: 0, insurance_claimed: 0, insurance_cover: null, insurance_info: null,
          insurance_membership_type: null, insurance_verification_no: null, insurance_start_date: null, insurance_end_date: null,
          policy_no: null, doctor_id: null, typed_doctor_name: null, remarks: null, session_id: `seed-${orderId}`, request_hash: null, delivery_date: null, delivery_time: null, created_by: userId,
          created_at: at,
        });
        lines.forEach((l, n) => {
          orders.insertLine({
            id: ids.next('sales_order_line'), sales_order_id: orderId, line_no: n + 1, item_id: l.item.id, item_type_id: l.item.item_type_id,
            name: l.item.name, code: l.item.code, hsn_code: l.item.hsn_code, qty: l.qty, mrp: l.item.mrp, price: l.price,
            price_includes_tax: l.price_includes_tax, discount_bp: l.discount_bp, discount: l.gst.discount, taxable: l.gst.taxable,
            gst_rate_bp: l.gst.rateBp, cgst: l.gst.cgst, sgst: l.gst.sgst, igst: l.gst.igst, total: l.gst.total,
            stock_counted: 0, batch_no: '', is_ordered: l.item.made_to_order, price_approval_id: null, pair_no: null, eye: null, spectacle_lens_type: null,
            sph: null, cyl: null, axis: null, addition: null, va: null, vn: null, near: null, pd: null, bc: null, dia: null, k1: null,
            k2: null, fitting_height: null, total_height: null, rx_remarks: null,
          });
        });

        const net = totals.netAmount;
        const status = statusFor(ageDays, rand.int(100));
        // What this order's receipts add up to, kept here rather than read back: the seed knows what it
        // wrote, and a read would go by whatever statistics the store had before it grew.
        const taken: number[] = [];
        let received = 0;
        const pay = (amount: number, onDay: string, when: string) => {
          const ry = yearOf(onDay);
          const receipt: NewReceipt = {
            id: ids.next('receipt'), company_id: company.id, branch_id: branchId, year_id: ry.id,
            receipt_no: series.next('receipt', branchId, ry.id), receipt_date: onDay, sales_order_id: orderId, customer_id: customer.id,
            amount, payment_kind_id: rand.pick(PAYMENT_KINDS), card_type_id: null, card_no: null, name_on_card: null, bank_name: null,
            cheque_no: null, cheque_date: null, reference_no: null, remarks: null, credit_note_id: null, created_by: userId, created_at: when,
          };
          paid.insert(receipt);
          taken.push(receipt.id);
          received += amount;
        };
        // Most pay in full at the counter; some leave an advance and pay the rest on delivery; some still owe.
        const plan = rand.int(100);
        const advance = net <= 100 ? net : Math.max(100, Math.round((net * (30 + rand.int(31))) / 100 / 100) * 100);
        let settledOn = day;
        if (net > 0 && (plan < 65 || advance >= net)) {
          pay(net, day, at);
        } else if (net > 0) {
          pay(Math.min(advance, net - 1), day, at);
          if (status === SALES_ORDER_STATUS.Delivered && plan < 92) {
            settledOn = dayOf(Math.max(0, ageDays - 1 - rand.int(10)));
            pay(net - Math.min(advance, net - 1), settledOn, stamp(settledOn, i + 1));
          }
        }
        if (status === SALES_ORDER_STATUS.Cancelled) {
          // Cancelled as the cancel endpoint does when the money is not kept: the receipts stop counting.
          for (const id of taken) settle.set(id, RECEIPT_STATUS.Cancelled, userId, at);
          orders.cancel(orderId, userId, at, null, 'Seeded');
        } else if (status !== SALES_ORDER_STATUS.Booked) {
          orders.setStatus(orderId, status, userId, at);
        }
        if (status !== SALES_ORDER_STATUS.Cancelled && received >= net && rand.int(10) < 4 && settledOn <= today) {
          const iy = yearOf(settledOn);
          bills.insert({
            id: ids.next('invoice'), company_id: company.id, branch_id: branchId, year_id: iy.id,
            invoice_no: series.next('invoice', branchId, iy.id), invoice_date: settledOn, sales_order_id: orderId, customer_id: customer.id,
            taxable: totals.taxable, cgst: totals.cgst, sgst: totals.sgst, igst: totals.igst, rounding: totals.rounding, net_amount: net,
            created_by: userId, created_at: stamp(settledOn, i + 2),
          });
        }
      }
    }).immediate();
    refreshStatistics(db);
    progress(Math.min(total, done + BATCH), total);
  }
  // Planner statistics taken while these tables were nearly empty would have every balance
  // (store/sales-order.ts DUE_SQL) scan all receipts: measure the tables as they now are.
  db.exec('ANALYZE sales_order; ANALYZE sales_order_line; ANALYZE receipt; ANALYZE invoice;');
}
