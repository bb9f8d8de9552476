/**
 * Whose figures a report shows: one branch when asked (a manager only one they work at, else a
 * 403 naming the branch; head office any), otherwise every branch for the admin (head office) and
 * the signed-in branch for a manager.
 */
import type { RequestContext } from '../context.js';
import { readableBranch } from '../stock/stock-view.js';
import { reportStore } from '../store/reports.js';

export interface ReportScope {
  ids: number[];
  name: string;
  /** As the store's statements take them: a JSON array. */
  json: string;
}

const scope = (ids: number[], name: string): ReportScope => ({ ids, name, json: JSON.stringify(ids) });

export function reportScope(ctx: RequestContext, branchText: string | undefined): ReportScope {
  const text = branchText?.trim();
  if (text) {
    const branch = readableBranch(ctx, ctx.decode('branch', text, 'branchID'), 'branchID');
    return scope([branch.id], branch.name);
  }
  if (ctx.user.role === 'admin') return scope(reportStore(ctx.db).branches(ctx.user.companyId).map((b) => b.id), 'All branches');
  const own = readableBranch(ctx, undefined, 'branchID');
  return scope([own.id], own.name);
}
