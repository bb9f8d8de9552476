/**
 * Any branch serves any customer: where an order is collected, and what two branches acting on one
 * order while apart leave for a person (docs/decisions.md, "Any branch serves any customer").
 *
 * What needs a person is read from the facts every branch ends up holding alike, never stored as a
 * flag, so every PC shows the same list once it has synced:
 *   overpaid                 the receipts (each the fact of the branch that took it) add up to more
 *                            than the customer's part of the bill: both branches took the last payment
 *   paid_after_cancel        a cancelled order still has money received on it: a payment taken at
 *                            another branch before the cancel reached it
 *   delivered_and_cancelled  a branch handed the goods over while the booking branch cancelled:
 *                            the cancel wins the status (sync/order-rules.ts), the handing-over stays
 */
import { rupees } from '../../../shared/domain/money.js';
import { extend } from '../../../shared/extend.js';
import { SALES_ORDER_STATUS, SALES_ORDER_STATUS_NAMES, type SalesOrderStatusId } from '../../../shared/contract/statuses.js';
import type { ToSettleItem, ToSettleReason } from '../../../shared/models/any-branch.js';
import type { RequestContext } from '../context.js';
import { conflict } from '../errors.js';
import { collectionMovedHere } from '../auth/ownership.js';
import { anyBranchOrders, type ToSettleRow } from '../store/any-branch.js';
import { readCollectBranch } from '../sale/collect-branch.js';
import { branches } from '../store/branch.js';
import { orderFromPath, fullName } from './order-view.js';

const money = (paise: number) => `₹${rupees(paise).toFixed(2)}`;

type Settling = Pick<ToSettleRow, 'status_id' | 'net_amount' | 'insurance_amount' | 'received' | 'delivered_at' | 'delivered_branch_name'>;

/** Why the order needs a person; empty when it does not. */
export function settleReasons(o: Settling): ToSettleReason[] {
  const reasons: ToSettleReason[] = [];
  const cancelled = o.status_id === SALES_ORDER_STATUS.Cancelled;
  const excess = o.received - (o.net_amount - o.insurance_amount);
  if (cancelled && o.received > 0) {
    reasons.push({
      kind: 'paid_after_cancel', amount: rupees(o.received),
      text: `${money(o.received)} was received on this order after it was cancelled: the branch that took it gives it back from its till`,
    });
  } else if (!cancelled && excess > 0) {
    reasons.push({
      kind: 'overpaid', amount: rupees(excess),
      text: `Paid ${money(excess)} more than the bill: the customer is owed ${money(excess)}, given back from the till of the branch that took the later payment`,
    });
  }
  if (cancelled && o.delivered_at !== null) {
    reasons.push({
      kind: 'delivered_and_cancelled', amount: 0,
      text: `Handed over at ${o.delivered_branch_name ?? 'another branch'} on ${o.delivered_at.slice(0, 10)}, but cancelled: the customer has the goods; bill them again or take them back`,
    });
  }
  return reasons;
}

/** Moves where the customer collects the order; one immediate transaction. */
export function moveCollection(ctx: RequestContext, salesOrderId: string, branchText: string | null | undefined): { message: string } {
  return ctx.db
    .transaction(() => {
      const order = orderFromPath(ctx, salesOrderId);
      collectionMovedHere(ctx, order);
      if (order.status_id === SALES_ORDER_STATUS.Delivered || order.status_id === SALES_ORDER_STATUS.Cancelled) {
        const status = SALES_ORDER_STATUS_NAMES[order.status_id as SalesOrderStatusId];
        throw conflict(`Order ${order.order_no} is ${status}: where it is collected can no longer change`, 'ORDER_COLLECTION_FIXED');
      }
      const to = readCollectBranch(ctx, branchText, 'branchID', order.branch_id);
      const store = anyBranchOrders(ctx.db);
      store.setCollectBranch(order.id, to);
      return { message: `Order ${order.order_no} is now collected at ${store.collection(order.id).collect_branch_name}` };
    })
    .immediate();
}

/** The orders needing a person: the caller's branch's, or every branch's for head office (an admin). */
export function toSettleList(ctx: RequestContext): { rows: ToSettleItem[] } {
  const rows = anyBranchOrders(ctx.db).toSettle(ctx.user.companyId, ctx.user.role === 'admin' ? null : ctx.user.branchId);
  return {
    rows: rows.map((o) => ({
      salesOrderID: ctx.enc.encode('salesOrder', o.id),
      salesOrderNo: o.order_no,
      orderDate: o.order_date,
      customerName: fullName(o),
      branchName: o.branch_name,
      collectBranchName: o.collect_branch_name,
      statusID: o.status_id,
      netAmount: rupees(o.net_amount),
      received: rupees(o.received),
      reasons: settleReasons(o),
    })),
  };
}

/** The order page's collection fields: where it is collected, who handed it over, what needs a person. */
export function collectionFields(ctx: RequestContext, o: Omit<Settling, 'delivered_at' | 'delivered_branch_name'> & { id: number; branch_id: number }) {
  const c = anyBranchOrders(ctx.db).collection(o.id);
  return {
    collectBranchID: ctx.enc.encode('branch', c.collect_branch_id ?? o.branch_id),
    collectBranchName: c.collect_branch_name,
    deliveredBranchName: c.delivered_branch_name,
    // Settled by a manager at these very figures (order/settle.ts): nothing left for a person.
    toSettle: anyBranchOrders(ctx.db).settling(o.id)?.settled ? [] : settleReasons(extend(o, { delivered_at: c.delivered_at, delivered_branch_name: c.delivered_branch_name })),
  };
}

/** The "Collect at" choice: the company's open branches, the caller's own first. */
export function collectBranches(ctx: RequestContext) {
  const all = branches(ctx.db).ofCompany(ctx.user.companyId);
  const rows = all.map((b) => ({ branchID: ctx.enc.encode('branch', b.id), branchName: b.name, here: b.id === ctx.user.branchId }));
  return { rows: [...rows.filter((r) => r.here), ...rows.filter((r) => !r.here)] };
}
