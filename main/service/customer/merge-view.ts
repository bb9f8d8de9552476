/** Merges and likely duplicates as the manager's screen shows them (customer/merge.ts). */
import type { DuplicatePair, MergeField, MergeListItem, MergeSide } from '../../../shared/models/customer-merge.js';
import type { RequestContext } from '../context.js';
import { customers } from '../store/customer.js';
import { customerMerges } from '../store/customer-merge.js';
import { duplicatePairs } from './duplicates.js';
import { undoBlocked } from './merge.js';
import { masksMobiles, mobileShown } from './mobile.js';

const words = (...parts: unknown[]) => {
  const text = parts.filter((p) => p !== null && p !== undefined && String(p).trim() !== '').join(' ');
  return text === '' ? null : text;
};

/** One record with each field of the choice in words, and how much history it has. */
export function mergeSide(ctx: RequestContext, customerId: number, mask: boolean): MergeSide {
  const c = customers(ctx.db).byId(ctx.user.companyId, customerId)!;
  const merges = customerMerges(ctx.db);
  const n = merges.counts(c.id);
  const names = merges.names(c.id);
  const fields: Record<MergeField, string | null> = {
    name: words(c.title, c.first_name, c.middle_name, c.last_name),
    birthDate: c.birth_date,
    gender: names.gender,
    mobile: mobileShown(mask, c.mobile),
    phone: c.phone_no,
    email: c.email,
    address: words(c.house_number, c.society_name, c.street, c.area, c.landmark, c.address, c.city, c.zip_code),
    marriage: c.is_married === 1 ? words('Married', c.marriage_date) : null,
    remarks: c.remarks,
    taxNo: c.tax_no,
    bloodGroup: c.blood_group,
  };
  return {
    customerID: ctx.enc.encode('customer', c.id),
    branch: names.branch,
    createdDate: c.created_at,
    fields,
    history: {
      orders: n.sales_order,
      prescriptions: n.customer_eye_info,
      receipts: n.receipt,
      creditNotes: n.credit_note,
      recalls: n.eye_checkup_recall,
      returns: n.sales_return,
    },
  };
}

export function duplicateList(ctx: RequestContext): { pairs: DuplicatePair[] } {
  const mask = masksMobiles(ctx);
  return {
    pairs: duplicatePairs(ctx).map((p) => ({ a: mergeSide(ctx, p.a.id, mask), b: mergeSide(ctx, p.b.id, mask), reasons: p.reasons })),
  };
}

export function mergeList(ctx: RequestContext): { merges: MergeListItem[] } {
  return {
    merges: customerMerges(ctx.db)
      .list(ctx.user.companyId, 100)
      .map((m) => ({
        mergeId: ctx.enc.encode('customerMerge', m.id),
        survivorCustomerId: ctx.enc.encode('customer', m.survivor_id),
        survivorName: m.survivor_name,
        mergedName: m.merged_name,
        branch: m.branch_name,
        by: m.created_by_name,
        at: m.created_at,
        undoneAt: m.undone_at,
        undoBlocked: m.undone_at ? null : undoBlocked(ctx, m),
      })),
  };
}
