/**
 * Signing in (Auth/login): the throttle per user name, the password (a decoy hash for unknown
 * users, so both answers take as long), the branch (the user's usual one, or one they may work
 * in that the request picks), and the financial year of today, made on first sign-in.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import type { RequestContext } from '../context.js';
import { asActor } from '../db/journal.js';
import { invalid, tooMany, unauthenticated } from '../errors.js';
import { branches } from '../store/branch.js';
import { companies } from '../store/company.js';
import { financialYears } from '../store/financial-year.js';
import { journalEntries } from '../store/journal.js';
import { users, type UserRow } from '../store/user.js';
import { decoyHash, verifyPassword } from './password.js';
import { extend } from '../../../shared/extend.js';

const WRONG = 'Wrong user name or password';

export async function signIn(ctx: RequestContext, userName: string, password: string, branchID?: string | null) {
  const wait = ctx.throttle.waitFor(userName, ctx.address);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw tooMany(`Too many failed sign-ins. Try again in ${seconds} s.`, seconds, 'LOGIN_LOCKED');
  }
  const user = users(ctx.db).byName(userName);
  const ok = user && user.is_active ? await verifyPassword(password, user.password_hash) : (await verifyPassword(password, await decoyHash)) && false;
  if (!user || !ok) {
    ctx.throttle.failed(userName, ctx.address);
    // Journaled under the name tried (cut short: it may be a password typed in the wrong box).
    signInEvent(ctx, 'sign_in_failed', user ?? null, { userName: userName.slice(0, 40), address: ctx.address });
    throw unauthenticated(WRONG, 'LOGIN_FAILED');
  }
  ctx.throttle.succeeded(userName, ctx.address);
  const company = companies(ctx.db).byId(user.company_id)!;
  const branch = branchFor(ctx, user, branchID);
  const year = signInEvent(ctx, 'sign_in', extend(user, { branch_id: branch.id }), { address: ctx.address }, () =>
    financialYears(ctx.db).ensure(company.id, localDate(ctx.now())),
  );
  return { user, company, branch, year };
}

/** The usual branch, or the one asked for when the user may work there (400 NOT_YOUR_BRANCH otherwise). */
function branchFor(ctx: RequestContext, user: UserRow, branchID: string | null | undefined) {
  if (!branchID) return branches(ctx.db).byId(user.branch_id)!;
  const branchId = ctx.decode('branch', branchID, 'branchID');
  if (!users(ctx.db).branchesOf(user.id).includes(branchId)) {
    throw invalid('You are not set up to work at this branch', { branchID: ['Not one of your branches'] }, 'NOT_YOUR_BRANCH');
  }
  return branches(ctx.db).byId(branchId)!;
}

/** Auth/switch-branch: the signed-in user moves to another of their branches (journaled, from and to). */
export function switchBranch(ctx: RequestContext, branchID: string) {
  const user = users(ctx.db).byId(ctx.user.id)!;
  const company = companies(ctx.db).byId(user.company_id)!;
  const branch = branchFor(ctx, user, branchID);
  const from = branches(ctx.db).byId(ctx.user.branchId)?.name ?? null;
  const year = signInEvent(ctx, 'branch_switch', extend(user, { branch_id: branch.id }), { from, to: branch.name }, () =>
    financialYears(ctx.db).ensure(company.id, localDate(ctx.now())),
  );
  return { user, company, branch, year };
}

/**
 * A sign-in or a failed one, journaled as the user it names (when there is one) from this till,
 * in one transaction with what signing in writes (`andThen`: today's financial year).
 */
function signInEvent<T>(
  ctx: RequestContext,
  kind: 'sign_in' | 'sign_in_failed' | 'branch_switch',
  user: UserRow | null,
  details: Record<string, unknown>,
  andThen: () => T = () => undefined as T,
): T {
  const actor = { userId: user?.id ?? null, branchId: user?.branch_id ?? null, till: ctx.till, source: 'app' as const, now: ctx.now };
  return asActor(actor, () =>
    ctx.db
      .transaction(() => {
        journalEntries(ctx.db).event(kind, user?.id ?? null, details);
        return andThen();
      })
      .immediate(),
  );
}
