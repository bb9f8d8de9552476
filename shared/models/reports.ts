/**
 * The chain's reports (endpoints/reports.ts): every report answers the same shape, a table of
 * columns and rows for a period and its comparison with the period of the same length before it,
 * and, where a picture says it faster, the chart's points. Money in rupees.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { qStr } from '../contract/primitives.js';

export const REPORT_NAMES = [
  'sales-by-branch',
  'sales-by-day',
  'sales-by-item-type',
  'sales-by-brand',
  'sales-by-salesperson',
  'payments-by-kind',
  'discounts',
  'returns-and-cancellations',
  'outstanding-balances',
  'stock-value',
  'fast-sellers',
  'slow-sellers',
  'recall-follow-up',
] as const;
export const ReportName = z.enum(REPORT_NAMES);
export type ReportName = z.infer<typeof ReportName>;

/** The most days one report covers: a year (a leap year's 366 days). */
export const MAX_REPORT_DAYS = 366;

/** The report's name (REPORT_NAMES); an unknown one is a 404. */
export const ReportParams = z.object({ report: bounded(40) });

export const ReportQuery = z.object({
  /** First day of the period, YYYY-MM-DD. */
  from: bounded('date'),
  /** Last day of the period, YYYY-MM-DD; at most a year after `from`. */
  to: bounded('date'),
  /** One branch (ENC id); without it, all the branches the caller may read. */
  branchID: qStr(),
});

export const ReportExportQuery = ReportQuery.extend({
  format: z.enum(['xlsx', 'csv']),
});

export const ReportColumn = z.object({
  key: z.string(),
  header: z.string(),
  /** How a cell reads: text, a count, rupees, a percentage. */
  kind: z.enum(['text', 'num', 'money', 'percent']),
});
export type ReportColumn = z.infer<typeof ReportColumn>;

export const ReportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof ReportCell>;

export const ReportChartPoint = z.object({ label: z.string(), value: z.number(), previous: z.number().nullable() });

export const Report = z.object({
  report: ReportName,
  title: z.string(),
  from: z.string(),
  to: z.string(),
  /** The period of the same length just before: what the "previous" columns are. */
  previousFrom: z.string(),
  previousTo: z.string(),
  /** The branch reported on, or "All branches". */
  branchName: z.string(),
  columns: z.array(ReportColumn),
  rows: z.array(z.record(z.string(), ReportCell)),
  /** The row of totals, when adding the rows up means something. */
  total: z.record(z.string(), ReportCell).nullable(),
  /** Bars of one figure (rupees or a count) per row, with the previous period's beside it. */
  chart: z.object({ title: z.string(), money: z.boolean(), points: z.array(ReportChartPoint) }).nullable(),
});
export type Report = z.infer<typeof Report>;
