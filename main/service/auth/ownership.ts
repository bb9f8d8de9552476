/**
 * Branch ownership (issue 14): an order's lines, cancel, invoice and delivery promise change only
 * from the branch that booked it; its job (in lab, ready, delivered) only at the branch where the
 * customer collects it (collectedHere); any branch takes a payment against it or a return of its
 * goods, each a fact of the branch that took it (docs/decisions.md, "Any branch serves any
 * customer"). A credit note is spent only at the branch that issued it, and a transfer is received
 * only at the branch it goes to, whatever the role. Reading across branches follows the role.
 */
import type { RequestContext } from '../context.js';
import { forbidden } from '../errors.js';
import { branches } from '../store/branch.js';

/** Refuses, naming the issuing branch, unless the credit note was issued at the caller's branch. */
export function noteChangedHere(ctx: RequestContext, note: { branch_id: number; credit_note_no: string }, field: string): void {
  if (note.branch_id === ctx.user.branchId) return;
  const owner = branches(ctx.db).byId(note.branch_id)?.name ?? 'another branch';
  throw forbidden(`Credit note ${note.credit_note_no} was issued at ${owner}: it can be spent only there.`, { [field]: [`Issued at ${owner}`] }, 'OTHER_BRANCH');
}

/** Refuses, naming the owning branch, unless the order was booked at the caller's branch. */
export function changedHere(ctx: RequestContext, order: { branch_id: number; order_no: string }): void {
  if (order.branch_id === ctx.user.branchId) return;
  const owner = branches(ctx.db).byId(order.branch_id)?.name ?? 'another branch';
  throw forbidden(`Order ${order.order_no} belongs to ${owner}: it can be changed only there.`, { salesOrderId: [`Booked at ${owner}`] }, 'OTHER_BRANCH');
}

/** Where the customer collects the order: its collection branch, else the branch that booked it. */
export const collectionBranchOf = (order: { branch_id: number; collect_branch_id?: number | null }): number => order.collect_branch_id ?? order.branch_id;

/**
 * Any branch serves any customer: the order's job (in lab, ready, delivered, "customer told") moves
 * only at the branch that hands it over, so one branch alone writes those statuses. Refuses, naming it.
 */
export function collectedHere(ctx: RequestContext, order: { branch_id: number; collect_branch_id?: number | null; order_no: string }): void {
  const at = collectionBranchOf(order);
  if (at === ctx.user.branchId) return;
  const name = branches(ctx.db).byId(at)?.name ?? 'another branch';
  throw forbidden(`Order ${order.order_no} is collected at ${name}: it is marked ready and delivered there.`, { salesOrderId: [`Collected at ${name}`] }, 'OTHER_BRANCH');
}

/** Where an order is collected moves at the booking branch, or by head office (an admin) for any branch. */
export function collectionMovedHere(ctx: RequestContext, order: { branch_id: number; order_no: string }): void {
  if (ctx.user.role === 'admin') return;
  changedHere(ctx, order);
}

/**
 * Refuses, naming the receiving branch, unless the transfer goes to the caller's branch: the
 * receipt of a transfer is the receiver's fact, as its dispatch is the sender's (stock/transfer.ts).
 */
export function receivedHere(ctx: RequestContext, transfer: { to_branch_id: number; to_branch_name: string; document_no: string }): void {
  if (transfer.to_branch_id === ctx.user.branchId) return;
  throw forbidden(`Transfer ${transfer.document_no} goes to ${transfer.to_branch_name}: it is received only there`, { transferId: [`Received at ${transfer.to_branch_name}`] }, 'OTHER_BRANCH');
}
