import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { fileableGstins } from '../../reports/gstr1.js';
import { states } from '../../store/state.js';

/** The branch GSTINs the user may file for, with their state and branches. */
export const gstReturnGstins = implement(api.GSTReturns.gstins, (_input, ctx) => ({
  gstins: fileableGstins(ctx).map((g) => ({
    gstin: g.gstin,
    stateName: states(ctx.db).byId(g.stateId)?.name ?? '',
    branches: g.branches.map((b) => ({ branchID: ctx.enc.encode('branch', b.id), code: b.code, name: b.name })),
  })),
}));
