/** SQL for the `app_user` table, joined with the role it holds. */
import type { Role } from '../../../shared/contract/roles.js';
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

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
}

const SELECT = `SELECT u.id, u.company_id, u.branch_id, r.code AS role, r.sees_full_mobile, u.user_name,
                       u.full_name, u.email, u.password_hash, u.is_active
                FROM app_user u JOIN role r ON r.id = u.role_id`;

export interface NewUser {
  id: number;
  company_id: number;
  branch_id: number;
  role: Role;
  user_name: string;
  full_name: string | null;
  email: string | null;
  password_hash: string;
}

export const users = perDatabase((db: Db) => {
  const byName = db.prepare<[string], UserRow>(`${SELECT} WHERE u.user_name = ?`);
  const byId = db.prepare<[number], UserRow>(`${SELECT} WHERE u.id = ?`);
  const firstAdmin = db.prepare<[number], UserRow>(`${SELECT} WHERE u.company_id = ? ORDER BY u.role_id, u.id LIMIT 1`);
  const insert = db.prepare(
    `INSERT INTO app_user (id, company_id, branch_id, role_id, user_name, full_name, email, password_hash, created_at)
     VALUES (@id, @company_id, @branch_id, (SELECT id FROM role WHERE code = @role), @user_name, @full_name,
             @email, @password_hash, @created_at)`,
  );
  return {
    byName: (userName: string) => byName.get(userName),
    byId: (id: number) => byId.get(id),
    /** The company's first admin (or, failing that, its first user): who bulk-made rows are by. */
    firstAdmin: (companyId: number) => firstAdmin.get(companyId),
    insert(row: NewUser, createdAt: string) {
      insert.run({ ...row, created_at: createdAt });
    },
  };
});
