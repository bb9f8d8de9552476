/**
 * User administration (issue 14, part 8).
 *
 * - `app_user.must_change_password`: set for a real store's first admin (setup), a user an admin
 *   created, and a user whose password an admin reset; until they choose their own, every
 *   endpoint but Users/change-password answers 403 PASSWORD_CHANGE_REQUIRED.
 * - `app_user.token_epoch`: carried in each token; raised on a password change or reset, a
 *   disable, or a change of role or branches, so the user's open sessions end at their next
 *   request (auth/guard.ts compares them).
 * - `app_user.disabled_at`, `password_changed_at`, `modified_at`: when, for the admin screen.
 * - `user_branch`: the branches a user may work in; `app_user.branch_id` stays the usual one,
 *   where sign-in puts them unless they pick another. Filled from `app_user.branch_id`.
 */
import type { Migration } from './migration.js';

export const userAdmin: Migration = {
  name: 'user-admin',
  sql: `
ALTER TABLE app_user ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0;
ALTER TABLE app_user ADD COLUMN token_epoch INTEGER NOT NULL DEFAULT 0;
ALTER TABLE app_user ADD COLUMN disabled_at TEXT;
ALTER TABLE app_user ADD COLUMN password_changed_at TEXT;
ALTER TABLE app_user ADD COLUMN modified_at TEXT;

CREATE TABLE user_branch (
  user_id   INTEGER NOT NULL REFERENCES app_user(id),
  branch_id INTEGER NOT NULL REFERENCES branch(id),
  PRIMARY KEY (user_id, branch_id)
) STRICT, WITHOUT ROWID;

INSERT INTO user_branch (user_id, branch_id) SELECT id, branch_id FROM app_user;
`,
};
