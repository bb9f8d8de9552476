/**
 * Join codes expire (issue 15): a code is good for 24 hours unless head office says otherwise
 * (`join-code --valid-hours N`); after that the hub answers 410 JOIN_CODE_EXPIRED in words and
 * spends nothing, and a new code for the same name (a PC that never joined) replaces it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { formatHlc } from '../../shared/domain/hlc.js';
import type { SyncChange } from '../../shared/sync.js';
import { DEFAULT_JOIN_CODE_HOURS, makeJoinCode } from '../../hub/sync/join.js';
import { batchHash } from '../../hub/sync/push.js';
import { push, startTestHub, type TestHub } from './hub-helpers.js';

const root = path.resolve(import.meta.dirname, '..', '..');
let hub: TestHub;

const join = async (code: string) => {
  const response = await hub.app.inject({ method: 'POST', url: '/hub/v1/join', payload: { code } });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
};
/** Makes a code's expiry as if `hours` had passed (the hub's clock is PostgreSQL's now()). */
const age = (code: string, hours: number) =>
  hub.pool.query(`UPDATE join_code SET expires_at = expires_at - make_interval(secs => $2::double precision * 3600) WHERE code_hash = encode(sha256($1::bytea), 'hex')`, [
    code.replace(/-/g, ''),
    hours,
  ]);

before(async () => {
  hub = await startTestHub();
  assert.equal((await hub.enroll('Head office')).id, 1);
  // Head office has pushed the company's installation secret (joining hands it on).
  const change: SyncChange = {
    seq: 1, hlc: formatHlc({ wallMs: Date.now(), counter: 0, node: 1 }), at: new Date().toISOString(), userId: null, branchId: null, till: '',
    source: 'setup', tbl: 'setting', rowId: null, rowKey: '["installation_secret"]', op: 'insert', oldValues: null, newValues: { key: 'installation_secret', value: 'c2VjcmV0' },
  };
  const body = { nodeId: 1, firstSeq: 1, lastSeq: 1, changes: [change] };
  assert.equal((await push(hub, { ...body, hash: batchHash(body) })).status, 200);
});

after(async () => {
  await hub?.stop();
});

test('a code is good for 24 hours by default; within them it joins', async () => {
  const made = await makeJoinCode(hub.pool, 'Surat till 1');
  const hours = (made.expiresAt.getTime() - Date.now()) / 3_600_000;
  assert.ok(Math.abs(hours - DEFAULT_JOIN_CODE_HOURS) < 0.1, `${hours} h`);
  await age(made.code, 23.9);
  const answer = await join(made.code);
  assert.equal(answer.status, 200);
  assert.equal(answer.body.nodeId, made.nodeId);
});

test('an expired code is 410 JOIN_CODE_EXPIRED in words, spends nothing; a new code for the same PC replaces it', async () => {
  const first = await makeJoinCode(hub.pool, 'Baroda till 1', 2);
  await age(first.code, 2);
  const expired = await join(first.code);
  assert.equal(expired.status, 410);
  assert.equal(expired.body.code, 'JOIN_CODE_EXPIRED');
  assert.match(String(expired.body.message), /expired at \d{4}-\d\d-\d\d \d\d:\d\d UTC: ask head office for a new one/);
  const unused = await hub.pool.query<{ n: string }>('SELECT count(*) AS n FROM join_code WHERE node_id = $1 AND used_at IS NOT NULL', [first.nodeId]);
  assert.equal(unused.rows[0]!.n, '0');

  // The PC never joined: a new code for the same name is for the same node, and the old one ends.
  const second = await makeJoinCode(hub.pool, 'Baroda till 1');
  assert.equal(second.nodeId, first.nodeId);
  assert.equal((await join(second.code)).status, 200);
  assert.equal((await join(second.code)).body.code, 'JOIN_CODE_INVALID', 'spent once');
  // Once joined, the name is taken for good.
  await assert.rejects(makeJoinCode(hub.pool, 'Baroda till 1'), /already enrolled and in use/);
});

test('a code replaced by a newer one is refused; --valid-hours must be a sensible number', async () => {
  const old = await makeJoinCode(hub.pool, 'Vapi till 1');
  await makeJoinCode(hub.pool, 'Vapi till 1');
  assert.equal((await join(old.code)).status, 410);
  await assert.rejects(makeJoinCode(hub.pool, 'Vapi till 2', 0), /at most 2160 hours/);
  await assert.rejects(makeJoinCode(hub.pool, 'Vapi till 2', Number.NaN), /at most 2160 hours/);
});

test('the command prints how long the code is good for', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'hub/main.ts', 'join-code', 'Navsari till 1', '--valid-hours', '2'], {
    cwd: root,
    env: { ...process.env, HUB_DATA_DIR: hub.dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /--join <this hub's address> [A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/);
  assert.match(run.stdout, /good until \d{4}-\d\d-\d\d \d\d:\d\d UTC \(2 h\)/);
});
