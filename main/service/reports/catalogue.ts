/**
 * The chain's reports, one definition each: its title, its columns and how its rows are made for a
 * period and the period before. Sums over days read the daily totals (store/reports.ts); every
 * report answers the one shape (shared/models/reports.ts), so the screen, XLSX and CSV are one way.
 * Money is paise here and rupees in the answer.
 */
import { REPORT_NAMES, type Report, type ReportCell, type ReportColumn, type ReportName } from '../../../shared/models/reports.js';
import { notFound } from '../errors.js';
import { rupees } from '../../../shared/domain/money.js';
import { extend } from '../../../shared/extend.js';
import type { RequestContext } from '../context.js';
import { branches as branchStore } from '../store/branch.js';
import { reportStore, type KeyedRow, type ReportPeriod } from '../store/reports.js';
import { stockTotalOn } from '../stock/stock-view.js';
import { plusDays, reportPeriod, type Period } from './period.js';
import { reportScope, type ReportScope } from './scope.js';

type Row = Record<string, ReportCell>;
interface Built {
  rows: Row[];
  total: Row | null;
  /** The chart: which column is the bar, and whether it is money. */
  chart: { title: string; column: string; money: boolean } | null;
}
interface Definition {
  title: string;
  columns: ReportColumn[];
  build(ctx: RequestContext, scope: ReportScope, period: Period): Built;
}

const col = (key: string, header: string, kind: ReportColumn['kind'] = 'num'): ReportColumn => ({ key, header, kind });
const PREVIOUS = (what: string, kind: ReportColumn['kind'] = 'money') => [col('previous', `${what}, previous period`, kind), col('change', 'Change %', 'percent')];

/** Change from the previous period in per cent, one decimal; none when there was nothing before. */
export const change = (now: number, before: number | null): number | null =>
  before === null || before === 0 ? null : Math.round(((now - before) / Math.abs(before)) * 1000) / 10;

const periods = (scope: ReportScope, period: Period): [ReportPeriod, ReportPeriod] => [
  { branches: scope.json, from: period.from, to: period.to },
  { branches: scope.json, from: period.previousFrom, to: period.previousTo },
];

const sum = (rows: Row[], key: string) => rows.reduce((s, r) => s + (typeof r[key] === 'number' ? (r[key] as number) : 0), 0);
const money = (paise: number) => rupees(paise);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** A total row summing the listed columns (money summed in rupees, rounded to the paisa). */
function totalOf(rows: Row[], label: string, labelKey: string, keys: string[], compared?: { now: string; previous: string }): Row {
  const total: Row = { [labelKey]: label };
  for (const k of keys) total[k] = round2(sum(rows, k));
  if (compared) {
    total.previous = round2(sum(rows, compared.previous));
    total.change = change(total[compared.now] as number, total.previous as number);
  }
  return total;
}

/**
 * Rows keyed as the store keys them, with the previous period's figure of the same key beside
 * each (`previous`, `change`); `cells` makes a row's own columns.
 */
function compared<F>(now: KeyedRow<F>[], before: KeyedRow<F>[], figure: (r: KeyedRow<F>) => number, cells: (r: KeyedRow<F>) => Row, isMoney = true): Row[] {
  const prior = new Map(before.map((r) => [r.key, figure(r)]));
  return now.map((r) => {
    const p = prior.get(r.key) ?? null;
    return extend(cells(r), { previous: p === null ? null : isMoney ? money(p) : p, change: change(figure(r), p) });
  });
}

const itemCells = (labelHeader: string): Definition['columns'] => [
  col('name', labelHeader, 'text'),
  col('qty', 'Quantity sold'),
  col('amount', 'Sales', 'money'),
  col('discount', 'Discount', 'money'),
  col('returnedQty', 'Quantity returned'),
  ...PREVIOUS('Sales'),
];

function byItemGroup(list: (p: ReportPeriod) => KeyedRow<{ qty: number; amount: number; discount: number; returned_qty: number }>[]) {
  return (_ctx: RequestContext, scope: ReportScope, period: Period): Built => {
    const [now, before] = periods(scope, period);
    const rows = compared(list(now), list(before), (r) => r.amount, (r) => ({
      name: r.label,
      qty: r.qty,
      amount: money(r.amount),
      discount: money(r.discount),
      returnedQty: r.returned_qty,
    }));
    return { rows, total: totalOf(rows, 'Total', 'name', ['qty', 'amount', 'discount', 'returnedQty'], { now: 'amount', previous: 'previous' }), chart: { title: 'Sales', column: 'amount', money: true } };
  };
}

const SELLERS = 20;

export const REPORTS: Record<ReportName, Definition> = {
  'sales-by-branch': {
    title: 'Sales by branch',
    columns: [col('branch', 'Branch', 'text'), col('orders', 'Orders'), col('sales', 'Sales', 'money'), col('discount', 'Discount', 'money'), col('tax', 'GST', 'money'), col('received', 'Money received', 'money'), ...PREVIOUS('Sales')],
    build(ctx, scope, period) {
      const [now, before] = periods(scope, period);
      const s = reportStore(ctx.db);
      const rows = compared(s.salesByBranch(now), s.salesByBranch(before), (r) => r.sales, (r) => ({
        branch: r.label, orders: r.orders, sales: money(r.sales), discount: money(r.discount), tax: money(r.tax), received: money(r.received),
      }));
      return { rows, total: totalOf(rows, 'Total', 'branch', ['orders', 'sales', 'discount', 'tax', 'received'], { now: 'sales', previous: 'previous' }), chart: { title: 'Sales', column: 'sales', money: true } };
    },
  },
  'sales-by-day': {
    title: 'Sales by day',
    columns: [col('day', 'Day', 'text'), col('orders', 'Orders'), col('sales', 'Sales', 'money'), col('received', 'Money received', 'money'), col('previousDay', 'Same day of the previous period', 'text'), ...PREVIOUS('Sales')],
    build(ctx, scope, period) {
      const [now, before] = periods(scope, period);
      const s = reportStore(ctx.db);
      const current = new Map(s.salesByDay(now).map((d) => [d.day, d]));
      const prior = new Map(s.salesByDay(before).map((d) => [d.day, d]));
      const rows = Array.from({ length: period.days }, (_, i): Row => {
        const day = plusDays(period.from, i);
        const previousDay = plusDays(period.previousFrom, i);
        const d = current.get(day);
        const p = prior.get(previousDay)?.sales ?? 0;
        return { day, orders: d?.orders ?? 0, sales: money(d?.sales ?? 0), received: money(d?.received ?? 0), previousDay, previous: money(p), change: change(d?.sales ?? 0, p) };
      });
      return { rows, total: totalOf(rows, 'Total', 'day', ['orders', 'sales', 'received'], { now: 'sales', previous: 'previous' }), chart: { title: 'Sales by day', column: 'sales', money: true } };
    },
  },
  'sales-by-item-type': { title: 'Sales by item type', columns: itemCells('Item type'), build: (ctx, scope, period) => byItemGroup(reportStore(ctx.db).salesByItemType)(ctx, scope, period) },
  'sales-by-brand': { title: 'Sales by brand', columns: itemCells('Brand'), build: (ctx, scope, period) => byItemGroup(reportStore(ctx.db).salesByBrand)(ctx, scope, period) },
  'sales-by-salesperson': {
    title: 'Sales by salesperson',
    columns: [col('person', 'Booked by', 'text'), col('orders', 'Orders'), col('sales', 'Sales', 'money'), col('discount', 'Discount', 'money'), ...PREVIOUS('Sales')],
    build(ctx, scope, period) {
      const [now, before] = periods(scope, period);
      const s = reportStore(ctx.db);
      const rows = compared(s.salesBySeller(now), s.salesBySeller(before), (r) => r.sales, (r) => ({ person: r.label, orders: r.orders, sales: money(r.sales), discount: money(r.discount) }));
      return { rows, total: totalOf(rows, 'Total', 'person', ['orders', 'sales', 'discount'], { now: 'sales', previous: 'previous' }), chart: { title: 'Sales', column: 'sales', money: true } };
    },
  },
  'payments-by-kind': {
    title: 'Payments by kind',
    columns: [col('kind', 'Paid by', 'text'), col('receipts', 'Receipts'), col('amount', 'Amount', 'money'), ...PREVIOUS('Amount')],
    build(ctx, scope, period) {
      const [now, before] = periods(scope, period);
      const s = reportStore(ctx.db);
      const rows = compared(s.paymentsByKind(now), s.paymentsByKind(before), (r) => r.amount, (r) => ({ kind: r.label, receipts: r.receipts, amount: money(r.amount) }));
      return { rows, total: totalOf(rows, 'Total', 'kind', ['receipts', 'amount'], { now: 'amount', previous: 'previous' }), chart: { title: 'Amount', column: 'amount', money: true } };
    },
  },
  discounts: {
    title: 'Discounts and price approvals',
    columns: [
      col('branch', 'Branch', 'text'), col('sales', 'Sales', 'money'), col('discount', 'Discount', 'money'), col('share', 'Discount % of price', 'percent'),
      col('approvals', 'Price approvals'), col('used', 'Approvals used'), ...PREVIOUS('Discount'),
    ],
    build(ctx, scope, period) {
      const [now, before] = periods(scope, period);
      const s = reportStore(ctx.db);
      const approvals = new Map(s.priceApprovals(now).map((a) => [a.branch_id, a]));
      const rows = compared(s.salesByBranch(now), s.salesByBranch(before), (r) => r.discount, (r) => ({
        branch: r.label, sales: money(r.sales), discount: money(r.discount),
        share: r.sales + r.discount > 0 ? Math.round((r.discount / (r.sales + r.discount)) * 1000) / 10 : null,
        approvals: approvals.get(r.key)?.approvals ?? 0, used: approvals.get(r.key)?.used ?? 0,
      }));
      return { rows, total: totalOf(rows, 'Total', 'branch', ['sales', 'discount', 'approvals', 'used'], { now: 'discount', previous: 'previous' }), chart: { title: 'Discount', column: 'discount', money: true } };
    },
  },
  'returns-and-cancellations': {
    title: 'Returns and cancellations',
    columns: [
      col('branch', 'Branch', 'text'), col('returns', 'Returns'), col('returned', 'Goods returned', 'money'), col('refunded', 'Refunded', 'money'),
      col('cancelled', 'Orders cancelled'), col('cancelledAmount', 'Cancelled orders’ value', 'money'), ...PREVIOUS('Goods returned'),
    ],
    build(ctx, scope, period) {
      const [now, before] = periods(scope, period);
      const s = reportStore(ctx.db);
      const rows = compared(s.salesByBranch(now), s.salesByBranch(before), (r) => r.returned, (r) => ({
        branch: r.label, returns: r.returns, returned: money(r.returned), refunded: money(r.refunded), cancelled: r.cancelled, cancelledAmount: money(r.cancelled_amount),
      }));
      return { rows, total: totalOf(rows, 'Total', 'branch', ['returns', 'returned', 'refunded', 'cancelled', 'cancelledAmount'], { now: 'returned', previous: 'previous' }), chart: { title: 'Goods returned', column: 'returned', money: true } };
    },
  },
  'outstanding-balances': {
    title: 'Outstanding customer balances',
    columns: [col('customer', 'Customer', 'text'), col('mobile', 'Mobile', 'text'), col('orders', 'Orders owing'), col('oldest', 'Oldest order', 'text'), col('owed', 'Owed', 'money'), ...PREVIOUS('Owed')],
    build(ctx, scope, period) {
      const [now, before] = periods(scope, period);
      const s = reportStore(ctx.db);
      const rows = s.owing(now).map((r): Row => ({ customer: r.label, mobile: r.mobile, orders: r.orders, oldest: r.oldest, owed: money(r.owed), previous: null, change: null }));
      const all = s.owedTotal(now);
      const prior = s.owedTotal(before);
      // The total is of every order owing, the list of the thousand customers owed most.
      const total: Row = { customer: 'Total', orders: all.orders, owed: money(all.owed), previous: money(prior.owed), change: change(all.owed, prior.owed) };
      return { rows, total, chart: null };
    },
  },
  'stock-value': {
    title: 'Stock value at cost',
    columns: [col('branch', 'Branch', 'text'), col('qty', 'Quantity on hand'), col('value', 'Value at cost', 'money'), ...PREVIOUS('Value at cost')],
    build(ctx, scope, period) {
      const rows = scope.ids.map((id): Row => {
        const branch = branchStore(ctx.db).byId(id)!;
        const end = stockTotalOn(ctx, branch, period.to);
        const before = stockTotalOn(ctx, branch, period.previousTo);
        return { branch: branch.name, qty: end.totalQty, value: money(end.totalValue), previous: money(before.totalValue), change: change(end.totalValue, before.totalValue) };
      });
      return { rows, total: totalOf(rows, 'Total', 'branch', ['qty', 'value'], { now: 'value', previous: 'previous' }), chart: { title: 'Value at cost', column: 'value', money: true } };
    },
  },
  'fast-sellers': {
    title: 'Fast sellers',
    columns: [col('code', 'Code', 'text'), col('name', 'Item', 'text'), col('qty', 'Quantity sold'), col('amount', 'Sales', 'money'), ...PREVIOUS('Quantity sold', 'num')],
    build(ctx, scope, period) {
      const [now, before] = periods(scope, period);
      const s = reportStore(ctx.db);
      const top = s.salesByItem(now).filter((r) => r.qty > 0).sort((a, b) => b.qty - a.qty || b.amount - a.amount || a.key - b.key).slice(0, SELLERS);
      const rows = compared(top, s.salesByItem(before), (r) => r.qty, (r) => ({ code: r.code, name: r.label, qty: r.qty, amount: money(r.amount) }), false);
      return { rows, total: null, chart: { title: 'Quantity sold', column: 'qty', money: false } };
    },
  },
  'slow-sellers': {
    title: 'Slow sellers',
    columns: [col('code', 'Code', 'text'), col('name', 'Item', 'text'), col('onHand', 'On hand today'), col('qty', 'Quantity sold'), ...PREVIOUS('Quantity sold', 'num')],
    build(ctx, scope, period) {
      const [now, before] = periods(scope, period);
      const s = reportStore(ctx.db);
      const sold = new Map(s.salesByItem(now).map((r) => [r.key, r.qty]));
      const soldBefore = new Map(s.salesByItem(before).map((r) => [r.key, r.qty]));
      const slow = s
        .onHand(scope.json)
        .map((r) => ({ item_id: r.item_id, on_hand: r.on_hand, qty: sold.get(r.item_id) ?? 0 }))
        .sort((a, b) => a.qty - b.qty || b.on_hand - a.on_hand || a.item_id - b.item_id)
        .slice(0, SELLERS);
      const names = new Map(s.itemNames(slow.map((r) => r.item_id)).map((i) => [i.id, i]));
      const rows = slow.map((r): Row => {
        const p = soldBefore.get(r.item_id) ?? 0;
        return { code: names.get(r.item_id)?.code ?? '', name: names.get(r.item_id)?.name ?? '', onHand: r.on_hand, qty: r.qty, previous: p, change: change(r.qty, p) };
      });
      return { rows, total: null, chart: null };
    },
  },
  'recall-follow-up': {
    title: 'Eye check-up recall follow-up',
    columns: [col('branch', 'Branch', 'text'), col('due', 'Recalls due'), col('customers', 'Customers'), col('notified', 'Told'), col('rate', 'Followed up %', 'percent'), ...PREVIOUS('Followed up %', 'percent')],
    build(ctx, scope, period) {
      const [now, before] = periods(scope, period);
      const s = reportStore(ctx.db);
      const names = new Map(s.branches(ctx.user.companyId).map((b) => [b.id, b.name]));
      const rate = (r: { due: number; notified: number } | undefined) => (r && r.due > 0 ? Math.round((r.notified / r.due) * 1000) / 10 : null);
      const current = new Map(s.recalls(now).map((r) => [r.branch_id, r]));
      const prior = new Map(s.recalls(before).map((r) => [r.branch_id, r]));
      const rows = scope.ids.map((id): Row => {
        const r = current.get(id);
        const [nowRate, beforeRate] = [rate(r), rate(prior.get(id))];
        return { branch: names.get(id) ?? '', due: r?.due ?? 0, customers: r?.customers ?? 0, notified: r?.notified ?? 0, rate: nowRate, previous: beforeRate, change: nowRate === null ? null : change(nowRate, beforeRate) };
      });
      return { rows, total: null, chart: { title: 'Recalls due', column: 'due', money: false } };
    },
  },
};

const isReportName = (name: string): name is ReportName => (REPORT_NAMES as readonly string[]).includes(name);

export interface ReportAsk {
  from: string;
  to: string;
  branchID?: string | undefined;
}

/** One report for the caller's scope and the period asked (a 400 naming the field for a bad period). */
export function runReport(ctx: RequestContext, name: string, ask: ReportAsk): Report {
  if (!isReportName(name)) throw notFound(`There is no report called ${name}`);
  const period = reportPeriod(ask.from, ask.to);
  const scope = reportScope(ctx, ask.branchID);
  const def = REPORTS[name];
  const built = def.build(ctx, scope, period);
  const labelKey = def.columns[0]!.key;
  return {
    report: name,
    title: def.title,
    from: period.from,
    to: period.to,
    previousFrom: period.previousFrom,
    previousTo: period.previousTo,
    branchName: scope.name,
    columns: def.columns,
    rows: built.rows,
    total: built.total,
    chart: built.chart
      ? {
          title: built.chart.title,
          money: built.chart.money,
          points: built.rows.map((r) => ({
            label: String(r[labelKey] ?? ''),
            value: typeof r[built.chart!.column] === 'number' ? (r[built.chart!.column] as number) : 0,
            previous: previousOf(r, built.chart!.column, def),
          })),
        }
      : null,
  };
}

/** The previous period's figure for the chart, when the report's `previous` column is of the charted figure. */
function previousOf(row: Row, column: string, def: Definition): number | null {
  const previousHeader = def.columns.find((c) => c.key === 'previous')?.header ?? '';
  const charted = def.columns.find((c) => c.key === column)?.header ?? '';
  return previousHeader.startsWith(`${charted},`) && typeof row.previous === 'number' ? row.previous : null;
}
