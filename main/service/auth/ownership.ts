/**
 * Branch ownership (issue 14): an order, its receipts, invoice and delivery change only from the
 * branch that booked it, a credit note is spent only at the branch that issued it, and a transfer
 * is received only at the branch it goes to, whatever the role. Reading across branches follows the role; changing
 * never does: two branches changing one order is what sync could not reconcile.
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

/**
 * Refuses, naming the receiving branch, unless the transfer goes to the caller's branch: the
 * receipt of a transfer is the receiver's fact, as its dispatch is the sender's (stock/transfer.ts).
 */
export function receivedHere(ctx: RequestContext, transfer: { to_branch_id: number; to_branch_name: string; document_no: string }): void {
  if (transfer.to_branch_id === ctx.user.branchId) return;
  throw forbidden(`Transfer ${transfer.document_no} goes to ${transfer.to_branch_name}: it is received only there`, { transferId: [`Received at ${transfer.to_branch_name}`] }, 'OTHER_BRANCH');
}
