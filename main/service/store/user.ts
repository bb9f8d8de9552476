/** SQL for the `app_user` table, joined with the role it holds, and `user_branch`. */
import type { Role } from '../../../shared/contract/roles.js';
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { extend } from '../../../shared/extend.js';

export interface UserRow {
  id: number;
  company_id: number;
  branch_id: number;
  role: Role;
  sees_full_mobile: number;
  user_name: string;
  full_name: string | null;
  email: string | null;
  password_hash: string;
  is_active: number;
  must_change_password: number;
  token_epoch: number;
  created_at: string;
  disabled_at: string | null;
  password_changed_at: string | null;
}

const SELECT = `SELECT u.id, u.company_id, u.branch_id, r.code AS role, r.sees_full_mobile, u.user_name,
                       u.full_name, u.email, u.password_hash, u.is_active, u.must_change_password,
                       u.token_epoch, u.created_at, u.disabled_at, u.password_changed_at
                FROM app_user u JOIN role r ON r.id = u.role_id`;

export interface NewUser {
  id: number;
  company_id: number;
  /** The usual branch; it is also one of `branch_ids`. */
  branch_id: number;
  /** Every branch the user may work in (the usual one included). */
  branch_ids: readonly number[];
  role: Role;
  user_name: string;
  full_name: string | null;
  email: string | null;
  password_hash: string;
  must_change_password: boolean;
}

export interface UserChange {
  role: Role;
  branch_id: number;
  branch_ids: readonly number[];
  full_name: string | null;
  email: string | null;
}

export const users = perDatabase((db: Db) => {
  const byName = db.prepare<[string], UserRow>(`${SELECT} WHERE u.user_name = ?`);
  const byId = db.prepare<[number], UserRow>(`${SELECT} WHERE u.id = ?`);
  const ofCompany = db.prepare<[number], UserRow>(`${SELECT} WHERE u.company_id = ? ORDER BY u.is_active DESC, u.user_name`);
  const firstAdmin = db.prepare<[number], UserRow>(`${SELECT} WHERE u.company_id = ? ORDER BY u.role_id, u.id LIMIT 1`);
  const activeAdminsBut = db.prepare<[number, number], { n: number }>(
    `SELECT count(*) AS n FROM app_user u JOIN role r ON r.id = u.role_id
     WHERE u.company_id = ? AND u.id <> ? AND u.is_active = 1 AND r.code = 'admin'`,
  );
  const insert = db.prepare(
    `INSERT INTO app_user (id, company_id, branch_id, role_id, user_name, full_name, email, password_hash, created_at,
                           must_change_password, password_changed_at)
     VALUES (@id, @company_id, @branch_id, (SELECT id FROM role WHERE code = @role), @user_name, @full_name,
             @email, @password_hash, @created_at, @must_change_password, @created_at)`,
  );
  const branchesOf = db.prepare<[number], { branch_id: number }>(
    `SELECT ub.branch_id FROM user_branch ub JOIN branch b ON b.id = ub.branch_id WHERE ub.user_id = ? ORDER BY b.code`,
  );
  const allBranches = db.prepare<[number], { user_id: number; branch_id: number }>(
    `SELECT ub.user_id, ub.branch_id FROM user_branch ub JOIN app_user u ON u.id = ub.user_id JOIN branch b ON b.id = ub.branch_id
     WHERE u.company_id = ? ORDER BY b.code`,
  );
  const addBranch = db.prepare<[number, number]>('INSERT OR IGNORE INTO user_branch (user_id, branch_id) VALUES (?, ?)');
  const dropBranches = db.prepare<[number]>('DELETE FROM user_branch WHERE user_id = ?');
  const update = db.prepare(
    `UPDATE app_user SET role_id = (SELECT id FROM role WHERE code = @role), branch_id = @branch_id, full_name = @full_name,
            email = @email, token_epoch = token_epoch + @end_sessions, modified_at = @at
     WHERE id = @id`,
  );
  const setActive = db.prepare(
    `UPDATE app_user SET is_active = @active, disabled_at = CASE WHEN @active = 1 THEN NULL ELSE @at END,
            token_epoch = token_epoch + (1 - @active), modified_at = @at
     WHERE id = @id`,
  );
  const setPassword = db.prepare(
    `UPDATE app_user SET password_hash = @hash, must_change_password = @must_change, token_epoch = token_epoch + 1,
            password_changed_at = @at, modified_at = @at
     WHERE id = @id`,
  );
  const setBranches = (userId: number, branchIds: readonly number[]) => {
    dropBranches.run(userId);
    for (const b of branchIds) addBranch.run(userId, b);
  };
  return {
    byName: (userName: string) => byName.get(userName),
    byId: (id: number) => byId.get(id),
    ofCompany: (companyId: number) => ofCompany.all(companyId),
    /** The company's first admin (or, failing that, its first user): who bulk-made rows are by. */
    firstAdmin: (companyId: number) => firstAdmin.get(companyId),
    /** Active admins of the company other than `userId` (the last admin may not go). */
    otherActiveAdmins: (companyId: number, userId: number) => activeAdminsBut.get(companyId, userId)!.n,
    /** The branches a user may work in, by branch code. */
    branchesOf: (userId: number) => branchesOf.all(userId).map((r) => r.branch_id),
    /** Every user's branches at once (user id → branch ids), for the list. */
    branchesByUser(companyId: number): Map<number, number[]> {
      const map = new Map<number, number[]>();
      for (const r of allBranches.all(companyId)) {
        const list = map.get(r.user_id) ?? [];
        list.push(r.branch_id);
        map.set(r.user_id, list);
      }
      return map;
    },
    insert(row: NewUser, createdAt: string) {
      const { branch_ids, must_change_password, ...rest } = row;
      insert.run(extend(rest, { must_change_password: must_change_password ? 1 : 0, created_at: createdAt }));
      setBranches(row.id, branch_ids.includes(row.branch_id) ? branch_ids : [row.branch_id, ...branch_ids]);
    },
    /** Role, branches and names; `endSessions` raises the token epoch (role or branches changed). */
    update(id: number, change: UserChange, endSessions: boolean, at: string) {
      const { branch_ids, ...rest } = change;
      update.run(extend(rest, { id, end_sessions: endSessions ? 1 : 0, at }));
      setBranches(id, branch_ids);
    },
    /** Disabling ends the user's sessions; enabling does not revive them. */
    setActive(id: number, active: boolean, at: string) {
      setActive.run({ id, active: active ? 1 : 0, at });
    },
    /** A new password hash; every session of the user ends. */
    setPassword(id: number, hash: string, mustChange: boolean, at: string) {
      setPassword.run({ id, hash, must_change: mustChange ? 1 : 0, at });
    },
  };
});
