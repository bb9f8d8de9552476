/**
 * `npm run seed -- --orders N` (setup/bulk-orders.ts) on a real store: the generated orders hold
 * together as SaveSale's do, and a live sale afterwards continues the seeded number series.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { gstLine } from '../../shared/domain/gst.js';
import { addOrders } from '../../main/service/setup/bulk-orders.js';
import { companies } from '../../main/service/store/company.js';
import { DUE_SQL, RECEIVED_SQL } from '../../main/service/store/sales-order.js';
import { makeSale } from '../helpers/sales.js';
import { type TestService } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

const SEEDED = 200;
let svc: TestService;
let cashier: SignedIn;
before(async () => {
  ({ svc, cashier } = await storeWithStaff());
  const { db, ids } = svc.server.deps;
  addOrders({ file: '', db, ids, company: companies(db).only()! }, SEEDED, { now: svc.clock.now });
});
after(() => svc.close());

interface Order {
  id: number;
  order_no: string;
  branch_id: number;
  year_id: number;
  status_id: number;
  total_qty: number;
  gross: number;
  total_discount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  grand_total: number;
  rounding: number;
  net_amount: number;
  intra_state: number;
  received: number;
  due: number;
}
interface Line {
  qty: number;
  price: number;
  discount_bp: number | null;
  discount: number;
  taxable: number;
  gst_rate_bp: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  price_includes_tax: number;
}

test('every seeded order adds up: header totals are its lines’ sums, each line is gst.ts’s figure', () => {
  const { db } = svc.server.deps;
  const orders = db.prepare(`SELECT o.*, ${RECEIVED_SQL} AS received, ${DUE_SQL} AS due FROM sales_order o`).all() as Order[];
  assert.equal(orders.length, SEEDED);
  const lines = db.prepare('SELECT * FROM sales_order_line WHERE sales_order_id = ? ORDER BY line_no');
  for (const o of orders) {
    const ls = lines.all(o.id) as Line[];
    assert.ok(ls.length >= 1 && ls.length <= 3, o.order_no);
    const sum = (f: (l: Line) => number) => ls.reduce((s, l) => s + f(l), 0);
    for (const l of ls) {
      const g = gstLine(
        { qty: l.qty, unitPrice: l.price, discountBp: l.discount_bp, rateBp: l.gst_rate_bp, priceIncludesTax: l.price_includes_tax === 1 },
        o.intra_state === 1,
      );
      assert.deepEqual([l.discount, l.taxable, l.cgst, l.sgst, l.igst, l.total], [g.discount, g.taxable, g.cgst, g.sgst, g.igst, g.total], o.order_no);
    }
    assert.equal(o.total_qty, sum((l) => l.qty));
    assert.equal(o.gross, sum((l) => l.qty * l.price));
    assert.equal(o.total_discount, sum((l) => l.discount));
    assert.equal(o.taxable, sum((l) => l.taxable));
    assert.equal(o.cgst, sum((l) => l.cgst));
    assert.equal(o.sgst, sum((l) => l.sgst));
    assert.equal(o.igst, sum((l) => l.igst));
    assert.equal(o.grand_total, sum((l) => l.total));
    assert.equal(o.net_amount, o.grand_total + o.rounding);
    assert.equal(o.net_amount % 100, 0, 'rounded to the rupee');
    assert.ok(Math.abs(o.rounding) <= 50);
    assert.ok(o.due >= 0, `${o.order_no} owes ${o.due}`);
    if (o.status_id === 5) assert.equal(o.received, 0, 'a cancelled order keeps no received money');
  }
  // Spread: every status, both branches, two financial years, some still owing, some invoiced.
  assert.deepEqual([...new Set(orders.map((o) => o.status_id))].sort(), [1, 2, 3, 4, 5]);
  assert.equal(new Set(orders.map((o) => o.branch_id)).size, 2);
  assert.ok(new Set(orders.map((o) => o.year_id)).size >= 2);
  assert.ok(orders.some((o) => o.status_id !== 5 && o.due > 0 && o.received > 0), 'part-paid orders');
  const invoiced = db.prepare(`SELECT o.net_amount, ${DUE_SQL} AS due, i.net_amount AS invoice_net FROM invoice i JOIN sales_order o ON o.id = i.sales_order_id`).all() as
    Array<{ net_amount: number; due: number; invoice_net: number }>;
  assert.ok(invoiced.length > 0);
  for (const i of invoiced) {
    assert.equal(i.due, 0, 'only paid orders are invoiced');
    assert.equal(i.invoice_net, i.net_amount);
  }
});

test('order, receipt and invoice numbers are unique and run 1..n within each branch and year', () => {
  const { db } = svc.server.deps;
  for (const [table, column] of [['sales_order', 'order_no'], ['receipt', 'receipt_no'], ['invoice', 'invoice_no']] as const) {
    const groups = db
      .prepare(`SELECT branch_id, year_id, count(*) AS n, count(DISTINCT ${column}) AS distinct_n, group_concat(${column}) AS nos FROM ${table} GROUP BY branch_id, year_id`)
      .all() as Array<{ n: number; distinct_n: number; nos: string }>;
    assert.ok(groups.length > 0, table);
    for (const g of groups) {
      assert.equal(g.distinct_n, g.n, table);
      const seqs = g.nos.split(',').map((no) => Number(no.split('-').at(-1))).sort((a, b) => a - b);
      assert.deepEqual(seqs, Array.from({ length: g.n }, (_, k) => k + 1), table);
    }
  }
});

test('a live sale after the seed takes the next number of its branch and year', async () => {
  const { db } = svc.server.deps;
  const sale = await makeSale(svc, cashier, { paid: 'all' });
  const prefix = sale.salesOrderNo.slice(0, sale.salesOrderNo.lastIndexOf('-') + 1);
  const seeded = (db.prepare("SELECT order_no FROM sales_order WHERE order_no LIKE ? || '%' AND session_id LIKE 'seed-%'").all(prefix) as Array<{ order_no: string }>)
    .map((r) => Number(r.order_no.slice(prefix.length)));
  assert.ok(seeded.length > 0, 'the seed booked orders in this branch this year');
  assert.equal(Number(sale.salesOrderNo.slice(prefix.length)), Math.max(...seeded) + 1);
  assert.ok(sale.receiptNo);
  const search = await cashier.call(api.Orders.search, { body: { salesOrderNo: sale.salesOrderNo } });
  assert.equal(search.totalRows, 1);
});
