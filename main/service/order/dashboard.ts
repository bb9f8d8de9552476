/**
 * The manager's dashboard figures (Dashboard/dashboardData): a branch of the caller's company
 * (managers look at any of them) for a day (default today), with the month to that day.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import type { RequestContext } from '../context.js';
import { notFound } from '../errors.js';
import { calendarDate } from '../input/dates.js';
import { dashboard } from '../store/dashboard.js';

/** Every calendar day from `from` to `to`, so the chart has a bar (maybe empty) for each. */
export function everyDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

export interface DashboardAsk {
  branchID?: string | null | undefined;
  yearID?: string | null | undefined;
  date?: string | null | undefined;
  statusId?: number | null | undefined;
}

export function dashboardFigures(ctx: RequestContext, ask: DashboardAsk) {
  const branchText = ask.branchID?.trim();
  const yearText = ask.yearID?.trim();
  const branchId = branchText ? ctx.decode('branch', branchText, 'branchID') : ctx.user.branchId;
  const yearId = yearText ? ctx.decode('year', yearText, 'yearID') : ctx.user.yearId;
  const d = dashboard(ctx.db);
  const branch = d.branch(branchId, ctx.user.companyId);
  if (!branch) throw notFound('No such branch');
  const day = calendarDate(ask.date, 'date') ?? localDate(ctx.now());
  const monthStart = `${day.slice(0, 8)}01`;
  const today = { branchId, from: day, to: day };
  const byDay = new Map(d.salesByDay({ branchId, from: monthStart, to: day }).map((x) => [x.date, x]));
  return {
    day,
    monthStart,
    branchId,
    branchName: branch.name,
    yearId,
    sales: d.sales(today),
    days: everyDay(monthStart, day).map((date) => ({ date, count: byDay.get(date)?.count ?? 0, amount: byDay.get(date)?.amount ?? 0 })),
    kinds: d.receiptsByKind(today),
    byStatus: new Map(d.ordersByStatus(branchId).map((s) => [s.status_id, s])),
    deliveries: d.deliveries(branchId, day),
    outstanding: d.outstanding(branchId),
    creditNotesIssued: d.creditNotesIssued(today),
    creditNotesSpent: d.creditNotesSpent(today),
    topItems: d.topItems(today),
    recallsDue: d.recallsDue(branchId, day),
    statusOrders: ask.statusId === null || ask.statusId === undefined ? [] : d.ordersInStatus(branchId, ask.statusId),
  };
}
