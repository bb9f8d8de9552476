/**
 * Where a sale is supplied, and so which GST applies (issue 11; IGST Act 2017, s.10(1)).
 *
 * Goods handed over at the counter are supplied where the store is: the branch's state, CGST +
 * SGST, even for a customer from another state (s.10(1)(d): no movement, the location of the goods
 * at delivery). Only goods shipped to the customer's address (delivery mode 2) are supplied where
 * the movement ends (s.10(1)(a)): the customer's state, IGST when that is not the store's. Both
 * are fixed on the order when it is sold, and the invoice prints what was fixed.
 */
import type { SalesorderModel } from '../../../shared/models/sale.js';
import type { RequestContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { branches } from '../store/branch.js';

export const DELIVERY_MODE = { collect: 1, ship: 2 } as const;

export interface Supply {
  stateId: number;
  intraState: boolean;
  deliveryModeId: number;
}

export function placeOfSupply(ctx: RequestContext, so: SalesorderModel, customerStateId: number | null): Supply {
  const branch = branches(ctx.db).byId(ctx.user.branchId);
  if (!branch) throw notFound('No such branch');
  const mode = so.deliveryModeID ?? DELIVERY_MODE.collect;
  if (mode !== DELIVERY_MODE.collect && mode !== DELIVERY_MODE.ship) {
    throw invalid('Unknown delivery mode', { 'salesorderModel.deliveryModeID': ['1 (collect at the store) or 2 (ship to the customer)'] });
  }
  if (mode === DELIVERY_MODE.collect) return { stateId: branch.state_id, intraState: true, deliveryModeId: mode };
  if (customerStateId === null) {
    throw invalid('A shipped order needs the customer’s state', { 'customerModel.stateId': ['The state the goods are shipped to'] });
  }
  return { stateId: customerStateId, intraState: customerStateId === branch.state_id, deliveryModeId: mode };
}
