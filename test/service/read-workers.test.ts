/**
 * Heavy reads on worker threads (issue 12, reads/read-pool.ts): while one till runs a search that
 * scans a big branch, another till's barcode scan is answered at once; a read past the time limit
 * answers 503 READ_TIMEOUT with words a cashier can act on, and the next read works again.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import type { ApiError } from '../../shared/client.js';
import { asActor, SYNC_SOURCE } from '../../main/service/db/journal.js';
import { startTestService, type TestService } from '../helpers/service.js';

let svc: TestService;
const LIMIT_MS = 40;
// Tight while the big search runs; generous again for the fresh worker's first (cold) read, which a
// loaded machine can take longer than 40 ms to answer.
let limit = LIMIT_MS;
before(async () => {
  svc = await startTestService({ readTimeLimitMs: () => limit });
  // 300,000 more customers in the cashier's branch, copied from one of its own, so a filter no
  // index serves (members only) reads them all. They come as from the hub (a branch that synced
  // the company’s customers), so this node does not journal them: 12 s for this file instead of 20.
  const { db } = svc.server.deps;
  const columns = (db.prepare('PRAGMA table_info(customer)').all() as Array<{ name: string }>).map((c) => c.name);
  const branch = (db.prepare("SELECT branch_id FROM app_user WHERE user_name = 'cashier'").get() as { branch_id: number }).branch_id;
  const select = columns.map((c) =>
    c === 'id' ? '(SELECT max(id) FROM customer) + n' : c === 'mobile' || c === 'mobile_digits' ? "'7' || printf('%09d', n)" : c === 'is_member' ? '0' : c,
  );
  asActor({ userId: null, branchId: null, till: '', source: SYNC_SOURCE }, () =>
    db.exec(`WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 300000)
      INSERT INTO customer (${columns.join(', ')}) SELECT ${select.join(', ')} FROM k, (SELECT * FROM customer WHERE branch_id = ${branch} LIMIT 1)`),
  );
});
after(() => svc.close());

test('a scan is answered while another till’s search scans a big branch; past the limit the search is stopped with a 503', async () => {
  const cashier = await svc.as('cashier');
  const other = await svc.as('cashier');
  const { db } = svc.server.deps;
  const code = (db.prepare('SELECT barcode FROM item WHERE barcode IS NOT NULL AND is_active = 1 LIMIT 1').get() as { barcode: string }).barcode;
  const t0 = performance.now();
  let searchSettled = 0;
  const search = other.call(api.Customer.list, { body: { isMember: 'true' } }).then(
    (r) => ({ ok: r, at: (searchSettled = performance.now()) }),
    (err: unknown) => ({ err, at: (searchSettled = performance.now()) }),
  );
  await new Promise((r) => setTimeout(r, 10));
  const item = await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code } });
  const scanned = performance.now();
  assert.equal(item.code.length > 0, true);
  const outcome = await search;
  assert.ok(searchSettled === 0 || scanned < searchSettled, 'the scan came back before the search');
  assert.ok('err' in outcome, `the search ran past ${LIMIT_MS} ms and was stopped (took ${Math.round(outcome.at - t0)} ms)`);
  const err = outcome.err as ApiError;
  assert.equal(err.status, 503);
  assert.equal(err.body.code, 'READ_TIMEOUT');
  assert.match(err.body.message, /took longer than .* Narrow it/);
  // A fresh worker answers the next read.
  limit = 10_000;
  const quick = await other.call(api.Customer.list, { body: { mobile: '7000000001' } });
  assert.equal(quick.data.length, 1);
});
