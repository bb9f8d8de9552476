import { api } from '../../../../shared/endpoints/index.js';
import { isBareFileName, readLogo } from '../../catalog/logo-file.js';
import { invalid, notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { branches } from '../../store/branch.js';

/** branchId is the branch's row id as the spec declares it (int64); branches of other companies are not found. */
export const branchLogo = implement(api.QuickSale.branchLogo, ({ params }, ctx) => {
  if (!isBareFileName(params.fileName)) throw invalid('Invalid file name', { fileName: ['A file name, not a path'] });
  const branch = branches(ctx.db).byId(ctx.rowId('branch', params.branchId, 'branchId'));
  if (!branch || branch.company_id !== ctx.user.companyId) throw notFound('No such branch');
  const logo = readLogo(ctx.dataDir, branch.id, params.fileName);
  if (!logo) throw notFound('No such logo');
  return { contentType: logo.contentType, bytes: logo.bytes };
});
