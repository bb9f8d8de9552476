/**
 * User administration (issue 14, part 8): the admin's list, and creating, editing, disabling,
 * re-enabling users and resetting a password, each write in one immediate transaction. A
 * refusal is coded: USER_NAME_TAKEN, LAST_ADMIN, SELF_DISABLE, USER_NOT_FOUND; bad input names
 * its field. A password someone else set (create, reset) must be changed at the next sign-in;
 * a disable, a reset, or a new role or branches ends the user's sessions (token epoch).
 */
import type { z } from 'zod';
import { ROLE_NAMES, type Role } from '../../../shared/contract/roles.js';
import type { CreateUserRequest, ResetPasswordRequest, UpdateUserRequest, UserSummary } from '../../../shared/models/users.js';
import type { RequestContext } from '../context.js';
import { conflict, invalid, notFound } from '../errors.js';
import { branches } from '../store/branch.js';
import { users, type UserRow } from '../store/user.js';
import { hashPassword } from './password.js';

type Out<T extends z.ZodType> = z.output<T>;

/** The branches named by ENC id, each one of this company's open branches; the first is the usual one. */
function branchList(ctx: RequestContext, ids: readonly string[]): number[] {
  const out: number[] = [];
  ids.forEach((value, i) => {
    const field = `branchIDs.${i}`;
    const id = ctx.decode('branch', value, field);
    const branch = branches(ctx.db).byId(id);
    if (!branch || branch.company_id !== ctx.user.companyId || branch.is_active !== 1) {
      throw invalid('No such branch', { [field]: ['Not a branch of this store'] });
    }
    if (!out.includes(id)) out.push(id);
  });
  return out;
}

/** A user of the signed-in admin's company, from its ENC id (404 otherwise). */
function userOf(ctx: RequestContext, userID: string): UserRow {
  const row = users(ctx.db).byId(ctx.decode('user', userID, 'userID'));
  if (!row || row.company_id !== ctx.user.companyId) throw notFound('No such user', 'USER_NOT_FOUND');
  return row;
}

function keepAnAdmin(ctx: RequestContext, row: UserRow, doing: string) {
  if (row.role === 'admin' && row.is_active === 1 && users(ctx.db).otherActiveAdmins(row.company_id, row.id) === 0) {
    throw conflict(`${row.user_name} is the only active admin: make another user admin before you ${doing}`, 'LAST_ADMIN');
  }
}

export function listUsers(ctx: RequestContext): UserSummary[] {
  const store = users(ctx.db);
  const names = new Map(branches(ctx.db).ofCompany(ctx.user.companyId).map((b) => [b.id, b.name]));
  const nameOf = (id: number) => names.get(id) ?? branches(ctx.db).byId(id)?.name ?? '';
  const byUser = store.branchesByUser(ctx.user.companyId);
  const { encode } = ctx.enc;
  return store.ofCompany(ctx.user.companyId).map((u) => {
    const list = [u.branch_id, ...(byUser.get(u.id) ?? []).filter((b) => b !== u.branch_id)];
    return {
      userID: encode('user', u.id),
      userName: u.user_name,
      fullName: u.full_name,
      email: u.email,
      role: u.role,
      roleName: ROLE_NAMES[u.role],
      branchID: encode('branch', u.branch_id),
      branchIDs: list.map((b) => encode('branch', b)),
      branchNames: list.map(nameOf),
      isActive: u.is_active === 1,
      mustChangePassword: u.must_change_password === 1,
      createdDate: u.created_at,
      disabledDate: u.disabled_at,
      passwordChangedDate: u.password_changed_at,
    };
  });
}

export async function createUser(ctx: RequestContext, body: Out<typeof CreateUserRequest>): Promise<{ message: string; userID: string }> {
  const hash = await hashPassword(body.password);
  return ctx.db
    .transaction(() => {
      const branchIds = branchList(ctx, body.branchIDs);
      if (users(ctx.db).byName(body.userName)) {
        throw conflict(`The user name ${body.userName} is taken`, 'USER_NAME_TAKEN');
      }
      const id = ctx.ids.next('app_user');
      users(ctx.db).insert(
        {
          id,
          company_id: ctx.user.companyId,
          branch_id: branchIds[0]!,
          branch_ids: branchIds,
          role: body.role,
          user_name: body.userName,
          full_name: body.fullName,
          email: body.email,
          password_hash: hash,
          must_change_password: true,
        },
        ctx.now().toISOString(),
      );
      return { message: `User ${body.userName} added; they choose their own password at the first sign-in`, userID: ctx.enc.encode('user', id) };
    })
    .immediate();
}

export function updateUser(ctx: RequestContext, body: Out<typeof UpdateUserRequest>): { message: string; userID: string } {
  return ctx.db
    .transaction(() => {
      const row = userOf(ctx, body.userID);
      const branchIds = branchList(ctx, body.branchIDs);
      const role: Role = body.role;
      if (role !== row.role) keepAnAdmin(ctx, row, 'give them another role');
      const before = users(ctx.db).branchesOf(row.id);
      const sameBranches = before.length === branchIds.length && branchIds.every((b) => before.includes(b)) && branchIds[0] === row.branch_id;
      const endSessions = role !== row.role || !sameBranches;
      users(ctx.db).update(
        row.id,
        { role, branch_id: branchIds[0]!, branch_ids: branchIds, full_name: body.fullName, email: body.email },
        endSessions,
        ctx.now().toISOString(),
      );
      const note = endSessions ? '; their open sessions ended' : '';
      return { message: `User ${row.user_name} saved${note}`, userID: body.userID };
    })
    .immediate();
}

export function setUserActive(ctx: RequestContext, userID: string, active: boolean): { message: string } {
  return ctx.db
    .transaction(() => {
      const row = userOf(ctx, userID);
      if (active) {
        if (row.is_active === 1) return { message: `${row.user_name} is already active` };
        users(ctx.db).setActive(row.id, true, ctx.now().toISOString());
        return { message: `${row.user_name} can sign in again` };
      }
      if (row.id === ctx.user.id) throw conflict('You cannot disable your own user', 'SELF_DISABLE');
      if (row.is_active === 0) return { message: `${row.user_name} is already disabled` };
      keepAnAdmin(ctx, row, 'disable them');
      users(ctx.db).setActive(row.id, false, ctx.now().toISOString());
      return { message: `${row.user_name} is disabled and signed out everywhere` };
    })
    .immediate();
}

export async function resetPassword(ctx: RequestContext, body: Out<typeof ResetPasswordRequest>): Promise<{ message: string }> {
  const hash = await hashPassword(body.newPassword);
  return ctx.db
    .transaction(() => {
      const row = userOf(ctx, body.userID);
      users(ctx.db).setPassword(row.id, hash, true, ctx.now().toISOString());
      return { message: `${row.user_name} has a temporary password and must choose their own at the next sign-in` };
    })
    .immediate();
}
