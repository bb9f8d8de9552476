import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { renderEscPos } from '../../print/escpos.js';
import { asHtml, asPdf, safeFileName } from '../../print/output.js';
import { tillReportDocument } from '../../print/till-report.js';
import { sessionReport, xReport } from '../../sale/till-session.js';

/** Till/x-report: the open session as it stands. */
export const xReportHandler = implement(api.Till.xReport, (_input, ctx) => xReport(ctx));

/** Till/report/{sessionId}: the kept Z report, or an X report of an open session. */
export const tillReportHandler = implement(api.Till.report, ({ params }, ctx) => sessionReport(ctx, params.sessionId));

/** Till/report/{sessionId}/print: the same report on the receipt roll, as PDF, HTML or ESC/POS. */
export const tillReportPrint = implement(api.Till.reportPrint, ({ params, query }, ctx) => {
  const doc = tillReportDocument(ctx, sessionReport(ctx, params.sessionId), ctx.user.branchId);
  if (query.format === 'html') return asHtml(ctx, doc);
  if (query.format === 'escpos') return { contentType: 'application/octet-stream', bytes: renderEscPos(doc, { columns: 48, drawer: false }), fileName: `${safeFileName(doc.fileName)}.prn` };
  return asPdf(doc);
});
