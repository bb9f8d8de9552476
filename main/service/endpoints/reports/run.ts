import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { runReport } from '../../reports/catalogue.js';

/** One report for a period, on a read worker: a year of the chain never holds up a till. */
export const reportRun = implement(api.Reports.run, ({ params, query }, ctx) => runReport(ctx, params.report, query), { offThread: true });
