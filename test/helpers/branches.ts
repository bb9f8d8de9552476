/**
 * Branches and their staff made as head office makes master data (the setup's actor, as a synced
 * user or branch arrives): a user of another branch, and a branch in another state with its own
 * GSTIN. There is no endpoint that adds a branch, so this writes the rows as setup would.
 */
import { gstinCheckChar } from '../../shared/domain/gstin.js';
import { asActor } from '../../main/service/db/journal.js';
import type { RunningServer } from '../../main/service/server.js';

/** A test's service, or a server an e2e started itself. */
type Pc = { server: Pick<RunningServer, 'deps'> };

const asSetup = <T>(fn: () => T): T => asActor({ userId: null, branchId: null, till: '', source: 'setup' }, fn);

/** A copy of the demo user `like` (same role and password) working at the branch `branchCode`. */
export function branchUser(svc: Pc, userName: string, like: string, branchCode: string): void {
  const db = svc.server.deps.db;
  asSetup(() => {
    const branch = db.prepare('SELECT id FROM branch WHERE code = ?').get(branchCode) as { id: number };
    const user = db.prepare('SELECT * FROM app_user WHERE user_name = ?').get(like) as Record<string, unknown>;
    const id = svc.server.deps.ids.next('app_user');
    const cols = Object.keys(user);
    db.prepare(`INSERT INTO app_user (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run({ ...user, id, user_name: userName, branch_id: branch.id });
    db.prepare('INSERT INTO user_branch (user_id, branch_id) VALUES (?, ?)').run(id, branch.id);
  });
}

/** A branch of the demo company in Maharashtra, registered there under its own GSTIN (27…). */
export function mumbaiBranch(svc: Pc, code = 'MUM1'): number {
  const db = svc.server.deps.db;
  return asSetup(() => {
    const like = db.prepare("SELECT * FROM branch WHERE code = 'AMD1'").get() as Record<string, unknown>;
    const state = db.prepare("SELECT id FROM state WHERE name = 'Maharashtra'").get() as { id: number };
    const id = svc.server.deps.ids.next('branch');
    const gstin = '27AAHCD4821K1Z' + gstinCheckChar('27AAHCD4821K1Z');
    const row = { ...like, id, code, name: 'Andheri', city: 'Mumbai', address: '7 Link Road, Andheri West, Mumbai 400053', gstin, state_id: state.id, logo: null };
    const cols = Object.keys(row);
    db.prepare(`INSERT INTO branch (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
    return id;
  });
}
