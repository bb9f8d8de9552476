/**
 * What a user may do to a line's price and discount at the till, and the manager's approval for
 * more (issue 11). One rule for every path that sets a price or discount: cart add, cart update
 * and SaveSale's listed lines (save-invoice-data takes no price: it invoices the order's lines).
 *
 * Per role, setting `price.policy` (JSON, any subset), from the spec's allowUserToChangePrice,
 * allowUserToChangeDiscount and maxUserDiscountPercentage:
 *   cashier  { changePrice: false, changeDiscount: true, maxDiscountPercent: 10 }
 *   manager and admin  { changePrice: true, changeDiscount: true, maxDiscountPercent: 100 }
 * Hard rules for everyone: never above MRP (a 400); never below the item's cost without a
 * manager's approval. Beyond the role's limits the line needs a manager's approval: a 403 with
 * code PRICE_APPROVAL_REQUIRED and the cashier's words ("Discount above 10 % needs a manager").
 * A manager or admin is their own approver for below-cost lines: their own role lets them.
 */
import type { Role } from '../../../shared/contract/roles.js';
import { lineDiscount } from '../../../shared/domain/gst.js';
import type { RequestContext } from '../context.js';
import { forbidden, invalid } from '../errors.js';
import type { ItemRow } from '../store/item.js';
import { priceApprovals, type PriceApprovalRow } from '../store/price-approval.js';
import { settings } from '../store/setting.js';
import { atMost, TEXT_MAX } from '../../../shared/contract/lengths.js';

export const PRICE_POLICY_SETTING = 'price.policy';
export const APPROVAL_REQUIRED = 'PRICE_APPROVAL_REQUIRED';
export const APPROVAL_MINUTES = 10;

export interface RolePolicy {
  changePrice: boolean;
  changeDiscount: boolean;
  maxDiscountPercent: number;
}

const DEFAULTS: Record<Role, RolePolicy> = {
  admin: { changePrice: true, changeDiscount: true, maxDiscountPercent: 100 },
  manager: { changePrice: true, changeDiscount: true, maxDiscountPercent: 100 },
  cashier: { changePrice: false, changeDiscount: true, maxDiscountPercent: 10 },
  optometrist: { changePrice: false, changeDiscount: false, maxDiscountPercent: 0 },
};

/** The role's policy: the store's setting over the defaults; an unreadable setting keeps the defaults. */
export function rolePolicy(ctx: RequestContext, role: Role = ctx.user.role): RolePolicy {
  const policy = { ...DEFAULTS[role] };
  const text = settings(ctx.db).get(PRICE_POLICY_SETTING);
  if (!text) return policy;
  try {
    const given = (JSON.parse(text) as Record<string, Partial<RolePolicy>>)[role] ?? {};
    if (typeof given.changePrice === 'boolean') policy.changePrice = given.changePrice;
    if (typeof given.changeDiscount === 'boolean') policy.changeDiscount = given.changeDiscount;
    const max = given.maxDiscountPercent;
    if (typeof max === 'number' && max >= 0 && max <= 100) policy.maxDiscountPercent = max;
  } catch {
    // A hand-edited setting that is not JSON never stops the till.
  }
  return policy;
}

export interface PricedLine {
  qty: number;
  /** Paise per unit. */
  price: number;
  discount_bp: number | null;
  discount_amount: number | null;
  /** Stocked goods sold to order (sale/shelf.ts): a manager's decision. */
  orderedItem?: boolean;
}

const pct = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)} %`;

/** What about this line goes beyond the user's own policy, in the cashier's words; empty when nothing does. */
export function needsApproval(ctx: RequestContext, item: Pick<ItemRow, 'sale_price' | 'cost'>, line: PricedLine): string[] {
  const policy = rolePolicy(ctx);
  const manager = ctx.user.role === 'manager' || ctx.user.role === 'admin';
  const gross = line.qty * line.price;
  const discount = lineDiscount(gross, line.discount_amount, line.discount_bp);
  const reasons: string[] = [];
  if (line.price !== item.sale_price && !policy.changePrice) reasons.push('Changing the price needs a manager');
  if (discount > 0 && !policy.changeDiscount) reasons.push('A discount needs a manager');
  else if (discount > 0) {
    // Against the item's own price, so a lower price plus a discount cannot slip past the limit.
    const off = line.qty * item.sale_price - (gross - discount);
    const bp = item.sale_price > 0 ? Math.round((off * 10000) / (line.qty * item.sale_price)) : 0;
    if (bp > policy.maxDiscountPercent * 100) reasons.push(`Discount above ${pct(policy.maxDiscountPercent * 100)} needs a manager`);
  }
  if (item.cost !== null && gross - discount < line.qty * item.cost && !manager) reasons.push('Selling below cost needs a manager');
  if (line.orderedItem && !manager) reasons.push('Selling an item to order needs a manager');
  return reasons;
}

/**
 * Checks a line against the policy. Within it: null. Beyond it, with a valid unused approval for
 * exactly this item, price and discount, given to this user: the approval's id (now used).
 * Otherwise a 403 the screen can answer with the approval dialog.
 */
export function applyPricePolicy(
  ctx: RequestContext,
  item: Pick<ItemRow, 'id' | 'sale_price' | 'cost'>,
  line: PricedLine,
  approvalText: string | null | undefined,
  field: string,
): number | null {
  const reasons = needsApproval(ctx, item, line);
  if (reasons.length === 0) return null;
  const text = approvalText?.trim();
  if (!text) throw forbidden(reasons.join('; '), { [field]: reasons }, APPROVAL_REQUIRED);
  const id = ctx.decode('priceApproval', text, 'priceApprovalID');
  const approval = priceApprovals(ctx.db).byId(id, ctx.user.companyId);
  const problem = approvalProblem(ctx, approval, item.id, line);
  if (problem) throw forbidden(problem, { priceApprovalID: [problem] }, APPROVAL_REQUIRED);
  if (!priceApprovals(ctx.db).use(id, ctx.now().toISOString())) {
    throw forbidden('This approval was already used: ask the manager again', { priceApprovalID: ['Used'] }, APPROVAL_REQUIRED);
  }
  return id;
}

function approvalProblem(ctx: RequestContext, a: PriceApprovalRow | undefined, itemId: number, line: PricedLine): string | null {
  if (!a || a.branch_id !== ctx.user.branchId) return 'No such approval';
  if (a.requested_by !== ctx.user.id) return 'This approval was given to another user';
  if (a.used_at) return 'This approval was already used: ask the manager again';
  if (a.expires_at < ctx.now().toISOString()) return `The approval has expired (${APPROVAL_MINUTES} minutes): ask the manager again`;
  if (a.item_id !== itemId || a.price !== line.price || (a.discount_bp ?? null) !== (line.discount_bp ?? null) || (a.discount_amount ?? null) !== (line.discount_amount ?? null)) {
    return 'The approval was for another price or discount: ask the manager again';
  }
  return null;
}

/** Reads an approval request's reason: required, in words. */
export function approvalReason(text: string | null | undefined): string {
  const reason = text?.trim() ?? '';
  if (reason.length < 3) throw invalid('Say why the manager approves it', { reason: ['A reason, in a few words'] });
  if (reason.length > TEXT_MAX.reason) throw invalid('The reason is too long', { reason: [atMost(TEXT_MAX.reason)] });
  return reason;
}
