/**
 * The chain's reports: declared extensions, as the spec has no reports beyond the dashboard. Each
 * report reads a period (at most a year) against the period of the same length before it; one
 * JSON row answers any of them, one export row any of them as XLSX or CSV.
 */
import { endpoint } from '../contract/endpoint.js';
import { MANAGERS } from '../contract/roles.js';
import { Report, ReportExportQuery, ReportParams, ReportQuery } from '../models/reports.js';
import { PrintDocument } from '../models/print.js';

const group = 'Reports';

const REPORTS =
  'Head office and managers read the chain by period (sales by branch, day, item type, brand and salesperson; payments; discounts; returns; balances; stock value; sellers; recalls), which the spec’s dashboard of one day and branch does not give.';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const Reports = {
  run: endpoint({
    group,
    name: 'Reports.run',
    method: 'GET',
    path: '/api/Reports/{report}',
    summary: 'One report for a period (from, to) and one branch or all the caller may read, with the previous period of the same length beside it.',
    params: ReportParams,
    query: ReportQuery,
    response: Report,
    auth: MANAGERS,
    errors: [403, 404],
    extension: REPORTS,
    note: 'A manager reads the branches they work at; admin (head office) every branch. A period over a year is a 400 naming `to`.',
  }),
  export: endpoint({
    group,
    name: 'Reports.export',
    method: 'GET',
    path: '/api/Reports/{report}/export',
    summary: 'The same report as a file: format=xlsx (a workbook of one sheet) or format=csv (UTF-8, comma separated).',
    params: ReportParams,
    query: ReportExportQuery,
    response: PrintDocument,
    responseKind: { kind: 'document', contentTypes: [XLSX, 'text/csv'] },
    auth: MANAGERS,
    errors: [403, 404],
    extension: REPORTS,
  }),
};
