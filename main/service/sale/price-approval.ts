/**
 * A manager's approval at the till (issue 11): the manager types their own user name and password
 * on the cashier's screen; a right password of an active manager or admin of this branch gives a
 * one-time approval for exactly the line described, to the signed-in user, for 10 minutes, with the
 * manager's reason. A wrong password counts toward that manager's sign-in lockout like a failed
 * sign-in, so the dialog cannot be used to guess passwords.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { ROLE_NAMES } from '../../../shared/contract/roles.js';
import type { PriceApprovalRequest, PriceApprovalResult } from '../../../shared/models/cart.js';
import { decoyHash, verifyPassword } from '../auth/password.js';
import type { RequestContext } from '../context.js';
import { forbidden, invalid, notFound, tooMany } from '../errors.js';
import { items } from '../store/item.js';
import { priceApprovals } from '../store/price-approval.js';
import { journalEntries } from '../store/journal.js';
import { users } from '../store/user.js';
import { paiseField } from '../input/money.js';
import { APPROVAL_MINUTES, approvalReason, needsApproval } from './price-policy.js';

export async function approveAtTill(ctx: RequestContext, body: PriceApprovalRequest): Promise<PriceApprovalResult> {
  const userName = body.userName?.trim() ?? '';
  if (!userName) throw invalid('The manager’s user name is required', { userName: ['Required'] });
  if (!body.password) throw invalid('The manager’s password is required', { password: ['Required'] });
  const reason = approvalReason(body.reason);
  if (!body.itemID?.trim()) throw invalid('Say which item', { itemID: ['Required'] });
  const itemId = ctx.decode('item', body.itemID.trim(), 'itemID');
  const qty = body.qty ?? 1;
  if (!Number.isInteger(qty) || qty < 1 || qty > 9999) throw invalid('Invalid qty', { qty: ['A whole number from 1 to 9999'] });
  const rate = body.discountRate ?? null;
  if (rate !== null && (rate < 0 || rate > 100)) throw invalid('Invalid discountRate', { discountRate: ['A percent from 0 to 100'] });
  const discountAmount = paiseField(body.discountAmount, 'discountAmount');
  const item = items(ctx.db).byId(ctx.user.companyId, itemId, localDate(ctx.now()));
  if (!item || item.is_active !== 1) throw notFound('No such item');
  const price = paiseField(body.price, 'price') ?? item.sale_price;
  if (price > item.mrp) throw invalid('The price is above the MRP', { price: [`At most the MRP, ${item.mrp / 100}`] });

  const manager = await verifyManager(ctx, userName, body.password, 'price_approval_refused');

  const discount_bp = discountAmount !== null ? null : rate === null ? null : Math.round(rate * 100);
  const line = { qty, price, discount_bp, discount_amount: discountAmount };
  const what = needsApproval(ctx, item, line).join('; ') || 'Within the user’s own limits';
  const at = ctx.now();
  const expires = new Date(at.getTime() + APPROVAL_MINUTES * 60_000);
  const id = ctx.db
    .transaction(() => {
      const newId = ctx.ids.next('price_approval');
      priceApprovals(ctx.db).insert({
        id: newId, company_id: ctx.user.companyId, branch_id: ctx.user.branchId, item_id: item.id, what, reason,
        requested_by: ctx.user.id, approved_by: manager.id, approved_at: at.toISOString(), expires_at: expires.toISOString(), ...line,
      });
      return newId;
    })
    .immediate();
  return {
    priceApprovalID: ctx.enc.encode('priceApproval', id),
    approvedBy: `${manager.full_name ?? manager.user_name} (${ROLE_NAMES[manager.role]})`,
    expiresAt: expires.toISOString(),
    message: `Approved by ${manager.user_name}: ${what}`,
  };
}

/** The manager user row verifyManager answers. */
export type Manager = NonNullable<ReturnType<ReturnType<typeof users>['byName']>>;

/**
 * The manager who typed their own user name and password at this till: an active admin, or a
 * manager of this branch. A wrong password counts toward that name's sign-in lockout and leaves a
 * journal event (`event`, e.g. price_approval_refused); a 403 otherwise (never a 401, which would
 * sign the till out). Shared by every approval the counter asks for (prices, late returns).
 */
export async function verifyManager(ctx: RequestContext, userName: string, password: string, event: string): Promise<Manager> {
  const wait = ctx.throttle.waitFor(userName, ctx.address);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw tooMany(`Too many wrong passwords for ${userName}. Try again in ${seconds} s.`, seconds, 'APPROVAL_LOCKED');
  }
  const manager = users(ctx.db).byName(userName);
  const ok = manager && manager.is_active ? await verifyPassword(password, manager.password_hash) : (await verifyPassword(password, await decoyHash)) && false;
  if (!manager || !ok) {
    ctx.throttle.failed(userName, ctx.address);
    ctx.db.transaction(() => journalEntries(ctx.db).event(event, manager?.id ?? null, { userName: userName.slice(0, 40), what: 'wrong password' })).immediate();
    // 403, not 401: the signed-in cashier's own session is fine (a 401 signs the till out).
    throw forbidden('Wrong manager user name or password', undefined, 'APPROVAL_WRONG_PASSWORD');
  }
  ctx.throttle.succeeded(userName, ctx.address);
  if (manager.company_id !== ctx.user.companyId || (manager.role !== 'admin' && (manager.role !== 'manager' || !users(ctx.db).branchesOf(manager.id).includes(ctx.user.branchId)))) {
    throw forbidden(`${manager.user_name} is not a manager of this branch and cannot approve`, undefined, 'APPROVAL_NOT_A_MANAGER');
  }
  return manager;
}
