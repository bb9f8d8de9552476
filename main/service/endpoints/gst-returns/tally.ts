import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { optionalId } from '../../input/optional-id.js';
import { safeFileName } from '../../print/output.js';
import { tallyLedgers, tallyPeriod, tallyXml } from '../../reports/tally.js';
import { readableBranch } from '../../stock/stock-view.js';
import { companies } from '../../store/company.js';

/** A branch's sales vouchers of a period as Tally's import XML. */
export const gstReturnTally = implement(api.GSTReturns.tally, ({ query }, ctx) => {
  const { from, to } = tallyPeriod(ctx, query.from, query.to);
  const branch = readableBranch(ctx, optionalId(ctx, 'branch', query.branchId, 'branchId'), 'branchId');
  const ledgers = tallyLedgers({
    sales: query.salesLedger, cgst: query.cgstLedger, sgst: query.sgstLedger, igst: query.igstLedger,
    roundOff: query.roundOffLedger, charges: query.chargesLedger, cashParty: query.cashPartyLedger,
  });
  const company = companies(ctx.db).byId(ctx.user.companyId)?.name ?? '';
  return {
    contentType: 'application/xml',
    bytes: Buffer.from(tallyXml(ctx, branch, from, to, ledgers, company), 'utf8'),
    fileName: safeFileName(`Tally_Sales_${branch.code}_${from}_${to}.xml`),
  };
});
