/**
 * Settling an order two branches acting apart left for a person (order/any-branch.ts says which):
 * a manager records how it was settled, and when money went back to the customer, pays it out of
 * this till as a cash out naming the order (the till's own record, sale/till-session.ts), in the
 * same immediate transaction. The settlement (migration 041) is the settling branch's fact and
 * keeps the order's figures: the order leaves Orders/to-settle at every PC while they stay so.
 */
import { rupees } from '../../../shared/domain/money.js';
import { atMost, TEXT_MAX } from '../../../shared/contract/lengths.js';
import { SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import type { SettleOrderRequest } from '../../../shared/models/any-branch.js';
import type { RequestContext } from '../context.js';
import { conflict, forbidden, invalid } from '../errors.js';
import { paiseField } from '../input/money.js';
import { optionalText } from '../input/text.js';
import { recordCashMove } from '../sale/till-session.js';
import { anyBranchOrders, type SettlingRow } from '../store/any-branch.js';
import { settleReasons } from './any-branch.js';
import { orderFromPath } from './order-view.js';

/** Money the customer is owed on the order, in paise: all of it after a cancel, else what was paid beyond their part of the bill. */
export function owedBack(o: Pick<SettlingRow, 'status_id' | 'net_amount' | 'insurance_amount' | 'received'>): number {
  if (o.status_id === SALES_ORDER_STATUS.Cancelled) return Math.max(0, o.received);
  return Math.max(0, o.received - (o.net_amount - o.insurance_amount));
}

export function settleOrder(ctx: RequestContext, salesOrderId: string, body: SettleOrderRequest): { id: number; message: string } {
  const note = optionalText(body.note);
  if (!note) throw invalid('Say how it was settled', { note: ['Required, e.g. "Gave back ₹50 in cash"'] });
  if (note.length > TEXT_MAX.remarks) throw invalid('The note is too long', { note: [atMost(TEXT_MAX.remarks)] });
  const refund = paiseField(body.refundAmount, 'refundAmount') ?? 0;
  return ctx.db
    .transaction(() => {
      const order = orderFromPath(ctx, salesOrderId);
      const store = anyBranchOrders(ctx.db);
      const o = store.settling(order.id)!;
      const here = [o.branch_id, o.collect_branch_id, o.delivered_branch_id].includes(ctx.user.branchId);
      if (ctx.user.role !== 'admin' && !here) {
        throw forbidden(`Order ${o.order_no} was not booked, collected or handed over at your branch: a branch it concerns, or head office, settles it`, { salesOrderId: ['Another branch’s order'] }, 'OTHER_BRANCH');
      }
      if (o.settled || settleReasons(o).length === 0) throw conflict(`Order ${o.order_no} has nothing to settle now`, 'ORDER_NOTHING_TO_SETTLE');
      const owed = owedBack(o);
      if (refund > owed) {
        throw invalid(`The customer is owed ₹${rupees(owed).toFixed(2)} on order ${o.order_no}`, { refundAmount: [`At most ${rupees(owed).toFixed(2)}`] });
      }
      const moveId = refund > 0 ? recordCashMove(ctx, 'out', refund, `Refund on order ${o.order_no}`, 'refundAmount') : null;
      const id = ctx.ids.next('order_settlement');
      store.insertSettlement({
        id,
        company_id: ctx.user.companyId,
        branch_id: ctx.user.branchId,
        sales_order_id: o.id,
        note,
        refund_amount: refund,
        till_cash_move_id: moveId,
        status_id: o.status_id,
        net_amount: o.net_amount,
        insurance_amount: o.insurance_amount,
        received: o.received,
        delivered_at: o.delivered_at,
        created_by: ctx.user.id,
        created_at: ctx.now().toISOString(),
      });
      const paid = refund > 0 ? `; ₹${rupees(refund).toFixed(2)} paid out of this till` : '';
      return { id, message: `Order ${o.order_no} is settled${paid}` };
    })
    .immediate();
}
