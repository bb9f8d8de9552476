/**
 * "Not the same person" (migration 041): a manager's word that two customers the Duplicates screen
 * proposed as one person are two (a mother and daughter sharing a mobile, two Priya Shahs). The
 * pair is then left out of the proposals at every PC (customer/duplicates.ts). Like a merge it is
 * the fact of the branch that said it, journaled and synced, and undone only there. One command,
 * one immediate transaction each.
 */
import type { NotSameItem, NotSameRequest } from '../../../shared/models/customer-merge.js';
import type { RequestContext } from '../context.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { branches } from '../store/branch.js';
import { customers } from '../store/customer.js';
import { customerDistinct, type DistinctRow } from '../store/customer-distinct.js';

function customerOf(ctx: RequestContext, text: string, field: string) {
  const id = ctx.decode('customer', text.trim(), field);
  const row = customers(ctx.db).byId(ctx.user.companyId, id);
  if (!row || row.id !== id) throw invalid('That is not a customer of your company (or was merged away already)', { [field]: ['No such customer of your company'] });
  return row;
}

export function markNotSame(ctx: RequestContext, body: NotSameRequest): number {
  return ctx.db
    .transaction(() => {
      const one = customerOf(ctx, body.customerAId, 'customerAId');
      const other = customerOf(ctx, body.customerBId, 'customerBId');
      if (one.id === other.id) throw invalid('Choose two different customers', { customerBId: ['The same customer twice'] });
      const [a, b] = one.id < other.id ? [one.id, other.id] : [other.id, one.id];
      const store = customerDistinct(ctx.db);
      if (store.activeOf(a, b)) throw conflict('These two are marked as different people already', 'ALREADY_NOT_SAME');
      const id = ctx.ids.next('customer_distinct');
      store.insert({ id, company_id: ctx.user.companyId, branch_id: ctx.user.branchId, customer_a_id: a, customer_b_id: b, created_by: ctx.user.id, created_at: ctx.now().toISOString() });
      return id;
    })
    .immediate();
}

/** Why the mark cannot be undone here, in words; null when it can. */
function undoBlocked(ctx: RequestContext, d: DistinctRow): string | null {
  if (d.undone_at !== null) return 'Undone already';
  if (d.branch_id !== ctx.user.branchId) return `Marked at ${branches(ctx.db).byId(d.branch_id)?.name ?? 'another branch'}: it can be undone only there`;
  return null;
}

export function undoNotSame(ctx: RequestContext, idText: string): number {
  const id = ctx.decode('customerDistinct', idText.trim(), 'notSameId');
  return ctx.db
    .transaction(() => {
      const store = customerDistinct(ctx.db);
      const d = store.byId(id);
      if (!d || d.company_id !== ctx.user.companyId) throw notFound('No such "not the same person"');
      const blocked = undoBlocked(ctx, d);
      if (d.undone_at !== null) throw conflict(blocked!, 'NOT_SAME_UNDONE');
      if (blocked) throw forbidden(blocked, { notSameId: ['Marked at another branch'] }, 'OTHER_BRANCH');
      store.markUndone(d.id, { userId: ctx.user.id, at: ctx.now().toISOString() });
      return d.id;
    })
    .immediate();
}

export function notSameList(ctx: RequestContext): { marks: NotSameItem[] } {
  return {
    marks: customerDistinct(ctx.db)
      .list(ctx.user.companyId, 100)
      .map((d) => ({
        notSameId: ctx.enc.encode('customerDistinct', d.id),
        one: `${d.a_name} · ${d.a_branch}`,
        other: `${d.b_name} · ${d.b_branch}`,
        branch: d.branch_name,
        by: d.created_by_name,
        at: d.created_at,
        undoneAt: d.undone_at,
        undoBlocked: undoBlocked(ctx, d),
      })),
  };
}
