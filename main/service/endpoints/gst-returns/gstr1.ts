import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { implement } from '../../http/handler.js';
import { b2clLimit, gstr1, gstr1FileName, gstr1Scope } from '../../reports/gstr1.js';
import { gstr1Workbook } from '../../reports/gstr1-xlsx.js';

/** GSTR-1's section totals for the screen. */
export const gstr1Summary = implement(api.GSTReturns.gstr1, ({ query }, ctx) => {
  const scope = gstr1Scope(ctx, query.gstin, query.month);
  const r = gstr1(ctx, scope);
  return {
    gstin: scope.gstin,
    month: scope.month,
    fp: scope.fp,
    branches: scope.branches.map((b) => b.name),
    b2clLimit: rupees(b2clLimit(scope.from)),
    sections: r.totals.map((t) => ({
      section: t.section,
      count: t.count,
      taxableValue: rupees(t.txval),
      igst: rupees(t.iamt),
      cgst: rupees(t.camt),
      sgst: rupees(t.samt),
      cess: 0,
      value: rupees(t.value),
    })),
    warnings: r.warnings,
    jsonFileName: gstr1FileName(scope, 'json'),
    xlsxFileName: gstr1FileName(scope, 'xlsx'),
  };
}, { offThread: true });

/** GSTR-1 as the offline tool's JSON. */
export const gstr1Json = implement(api.GSTReturns.gstr1Json, ({ query }, ctx) => {
  const scope = gstr1Scope(ctx, query.gstin, query.month);
  return {
    contentType: 'application/json',
    bytes: Buffer.from(JSON.stringify(gstr1(ctx, scope).json), 'utf8'),
    fileName: gstr1FileName(scope, 'json'),
  };
});

/** GSTR-1 as the offline tool's Excel workbook. */
export const gstr1Xlsx = implement(api.GSTReturns.gstr1Xlsx, async ({ query }, ctx) => {
  const scope = gstr1Scope(ctx, query.gstin, query.month);
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: await gstr1Workbook(gstr1(ctx, scope)),
    fileName: gstr1FileName(scope, 'xlsx'),
  };
});
