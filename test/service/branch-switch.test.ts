/**
 * Issue 14: a user an admin lets work in several branches sees them in the login answer and
 * switches without signing in again (Auth/switch-branch): a new token for the branch, journaled;
 * a branch that is not theirs is a 400 naming branchID and changes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createClient } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import { failure } from '../helpers/customers.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import type { TestService } from '../helpers/service.js';

let svc: TestService;
let cashier: SignedIn;
let admin: SignedIn;
before(async () => {
  ({ svc, cashier, admin } = await storeWithStaff());
});
after(() => svc.close());

test('two branches: listed at login, switched with a new token, journaled; another branch is refused', async () => {
  const { enc, db } = svc.server.deps;
  const home = (await cashier.call(api.Account.userDetails, {})).branchID;
  const other = enc.encode('branch', (db.prepare('SELECT id FROM branch WHERE id <> ? ORDER BY id LIMIT 1').get(enc.decode('branch', home)) as { id: number }).id);
  await admin.call(api.Users.create, { body: { userName: 'roaming', role: 'cashier', branchIDs: [home, other], password: 'Temporary-1' } });
  const first = await svc.as('roaming', 'Temporary-1');
  await first.call(api.Users.changePassword, { body: { currentPassword: 'Temporary-1', newPassword: 'Roaming-2026' } });

  const session = await svc.anon.call(api.Auth.login, { body: { userName: 'roaming', password: 'Roaming-2026' } });
  assert.deepEqual(session.branches.map((b) => b.branchID), [home, other], 'the usual branch first');
  assert.equal(session.branchID, home);
  const at = (token: string) => createClient({ baseUrl: svc.url, getToken: () => token });

  const moved = await at(session.token).call(api.Auth.switchBranch, { body: { branchID: other } });
  assert.equal(moved.branchID, other);
  assert.notEqual(moved.token, session.token);
  assert.equal((await at(moved.token).call(api.Account.userDetails, {})).branchID, other, 'the new token works in the other branch');
  const event = db.prepare("SELECT new_values FROM journal WHERE tbl = 'branch_switch' ORDER BY seq DESC LIMIT 1").get() as { new_values: string };
  const names = db.prepare('SELECT name FROM branch WHERE id IN (?, ?) ORDER BY id').all(enc.decode('branch', home), enc.decode('branch', other)) as Array<{ name: string }>;
  assert.deepEqual(JSON.parse(event.new_values), { from: names[0]!.name, to: names[1]!.name });

  // The demo cashier works in one branch only.
  const refused = await failure(cashier.call(api.Auth.switchBranch, { body: { branchID: other } }), 400);
  assert.equal(refused.body.code, 'NOT_YOUR_BRANCH');
  assert.ok((refused.body as { errors: Record<string, string[]> }).errors.branchID);
  assert.equal((await cashier.call(api.Account.userDetails, {})).branchID, home);
});
