/**
 * Merging two records of one person (migration 037): the manager picks the survivor and, field
 * by field, whose value stays; every row naming the merged-away customer moves to the survivor.
 * One command, one immediate transaction: the survivor's chosen fields (a journaled edit, so it
 * syncs as any customer edit), the merge row (the one change that travels), and this PC's
 * application of it (store/customer-merge.ts, as every other PC applies it when it arrives).
 *
 * An undo is allowed while nothing new was written to the survivor since the merge: no order,
 * receipt, invoice, credit note, prescription, recall, recall call or return recorded
 * for the survivor after the merge's time other than the rows the merge moved, and no edit of the
 * survivor's details after the merge. It is made at the branch that merged (a merge is that
 * branch's fact, as an order is), and every PC moves back the rows it moved.
 */
import type { MergeField, MergeRequest } from '../../../shared/models/customer-merge.js';
import type { RequestContext } from '../context.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { branches } from '../store/branch.js';
import { customers } from '../store/customer.js';
import { customerMerges, type MergeRow, type PersonColumn } from '../store/customer-merge.js';

/** The columns each field of the choice carries. */
export const FIELD_COLUMNS: Record<MergeField, readonly PersonColumn[]> = {
  name: ['title', 'first_name', 'middle_name', 'last_name'],
  birthDate: ['birth_date'],
  gender: ['gender_id'],
  mobile: ['mobile', 'mobile_digits'],
  phone: ['phone_no', 'phone_digits'],
  email: ['email'],
  address: ['house_number', 'society_name', 'street', 'area', 'landmark', 'address', 'city', 'zip_code', 'state_id', 'country_id'],
  marriage: ['marriage_date', 'is_married'],
  remarks: ['remarks'],
  taxNo: ['tax_no'],
  bloodGroup: ['blood_group'],
};

function customerOf(ctx: RequestContext, text: string, field: string, what: string) {
  const id = ctx.decode('customer', text.trim(), field);
  const row = customers(ctx.db).byId(ctx.user.companyId, id);
  if (!row || row.id !== id) {
    throw invalid(`The ${what} is not a customer of your company (or was merged away already)`, { [field]: ['No such customer of your company'] });
  }
  return row;
}

export function mergeCustomers(ctx: RequestContext, body: MergeRequest): { mergeId: number; survivorId: number; moved: number } {
  return ctx.db
    .transaction(() => {
      const survivor = customerOf(ctx, body.survivorCustomerId, 'survivorCustomerId', 'record to keep');
      const merged = customerOf(ctx, body.mergedCustomerId, 'mergedCustomerId', 'record to merge');
      if (survivor.id === merged.id) {
        throw invalid('A record cannot be merged into itself: choose two different customers', { mergedCustomerId: ['The same customer as the one kept'] });
      }
      const merges = customerMerges(ctx.db);
      const before = merges.person(survivor.id)!;
      const seen = merges.person(merged.id)!;
      const chosen: Partial<Record<PersonColumn, unknown>> = {};
      for (const [field, side] of Object.entries(body.keep ?? {})) {
        if (side !== 'merged') continue;
        for (const col of FIELD_COLUMNS[field as MergeField]) if ((seen[col] ?? null) !== (before[col] ?? null)) chosen[col] = seen[col] ?? null;
      }
      const by = { userId: ctx.user.id, at: ctx.now().toISOString() };
      const changed = Object.keys(chosen) as PersonColumn[];
      if (changed.length > 0) merges.setPerson(survivor.id, chosen, by);
      const mergeId = ctx.ids.next('customer_merge');
      merges.insert({
        id: mergeId,
        company_id: ctx.user.companyId,
        branch_id: ctx.user.branchId,
        survivor_id: survivor.id,
        merged_id: merged.id,
        survivor_before: JSON.stringify(Object.fromEntries(changed.map((c) => [c, before[c] ?? null]))),
        chosen: JSON.stringify(chosen),
        merged_seen: JSON.stringify(seen),
        created_by: by.userId,
        created_at: by.at,
      });
      const moved = merges.apply(mergeId);
      return { mergeId, survivorId: survivor.id, moved };
    })
    .immediate();
}

/** Why the merge cannot be undone now, in words; null when it can. */
export function undoBlocked(ctx: RequestContext, m: MergeRow): string | null {
  if (m.undone_at !== null) return 'Undone already';
  if (m.branch_id !== ctx.user.branchId) return `Merged at ${branches(ctx.db).byId(m.branch_id)?.name ?? 'another branch'}: it can be undone only there`;
  const merges = customerMerges(ctx.db);
  const kinds: Record<string, string> = {
    sales_order: 'orders',
    receipt: 'receipts',
    invoice: 'invoices',
    credit_note: 'credit notes',
    customer_eye_info: 'prescriptions',
    eye_checkup_recall: 'recalls',
    recall_contact: 'recall calls',
    sales_return: 'returns',
  };
  const fresh = Object.entries(merges.newSince(m)).map(([t, n]) => `${n} ${kinds[t] ?? t}`);
  const survivor = customers(ctx.db).byId(ctx.user.companyId, m.survivor_id);
  if (survivor?.modified_at && survivor.modified_at > m.created_at) fresh.push('an edit of the details');
  if (merges.current(m.merged_id) !== m.survivor_id) fresh.push('a later merge');
  return fresh.length > 0 ? `The kept record has new work since the merge (${fresh.join(', ')}): it can no longer be undone` : null;
}

export function undoMerge(ctx: RequestContext, mergeIdText: string): { survivorId: number; mergedId: number; movedBack: number } {
  const id = ctx.decode('customerMerge', mergeIdText.trim(), 'mergeId');
  return ctx.db
    .transaction(() => {
      const merges = customerMerges(ctx.db);
      const m = merges.byId(id);
      if (!m || m.company_id !== ctx.user.companyId) throw notFound('No such merge');
      if (m.branch_id !== ctx.user.branchId) throw forbidden(undoBlocked(ctx, m)!, { mergeId: ['Merged at another branch'] }, 'OTHER_BRANCH');
      const blocked = undoBlocked(ctx, m);
      if (blocked) throw conflict(blocked, m.undone_at ? 'MERGE_UNDONE' : 'MERGE_HAS_NEW_WORK');
      const by = { userId: ctx.user.id, at: ctx.now().toISOString() };
      merges.markUndone(m.id, by);
      const before = JSON.parse(m.survivor_before) as Record<PersonColumn, unknown>;
      if (Object.keys(before).length > 0) merges.setPerson(m.survivor_id, before, by);
      const movedBack = merges.unapply(m.id);
      return { survivorId: m.survivor_id, mergedId: m.merged_id, movedBack };
    })
    .immediate();
}

