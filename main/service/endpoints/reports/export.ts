import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { runReport } from '../../reports/catalogue.js';
import { reportCsv, reportXlsx } from '../../reports/files.js';

/** The report as XLSX or CSV, made on a read worker as the report itself is. */
export const reportExport = implement(
  api.Reports.export,
  async ({ params, query }, ctx) => {
    const report = runReport(ctx, params.report, query);
    return query.format === 'xlsx' ? reportXlsx(report) : reportCsv(report);
  },
  { offThread: true },
);
