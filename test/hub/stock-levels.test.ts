/**
 * Other branches' stock for a branch PC, against a real PostgreSQL: the hub adds up each branch's
 * stock movements as it folds them (a count sets the expiry, even to none; another movement naming
 * a date sets it; the rest keep it), sends a PC of some branches the levels of the other branches
 * with its pull's last page, only those changed since the last it has and only for changes it has
 * been sent, in pages; a head-office PC is sent none. An upgraded hub adds them up from row_state.
 * A join after a large push analyzes row_state and the levels first, where their statistics are stale.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { formatHlc } from '../../shared/domain/hlc.js';
import type { PullResponse, PushRequest, StockLevel, SyncChange } from '../../shared/sync.js';
import { STOCK_LEVELS_FROM_ROWS } from '../../hub/db/migrations.js';
import { setNodeBranches } from '../../hub/store/audience.js';
import { levelsPage, readLevelKey } from '../../hub/store/stock-level.js';
import { analyzeIfStale } from '../../hub/store/snapshot.js';
import { batchHash } from '../../hub/sync/push.js';
import { push, startTestHub, type TestHub } from './hub-helpers.js';

let hub: TestHub;
let a: number;
let b: number;
let seq = 0;
const T0 = Date.now();
const [A, B] = [10, 20];

before(async () => {
  hub = await startTestHub();
  a = (await hub.enroll('Branch A till 1')).id;
  b = (await hub.enroll('Branch B till 1')).id;
  await setNodeBranches(hub.pool, b, [B]);
});
after(() => hub?.stop());

interface Movement {
  item: number;
  branch: number;
  batch?: string;
  delta: number;
  reason?: string;
  expiry?: string | null;
}

/** Node A's movements pushed as one batch, each with the audience a PC gives it (its branch). */
async function moved(...movements: Movement[]): Promise<void> {
  const first = seq + 1;
  const changes = movements.map((m): SyncChange => {
    seq++;
    return {
      seq,
      hlc: formatHlc({ wallMs: T0, counter: seq, node: a }),
      at: new Date(T0).toISOString(),
      userId: 7,
      branchId: m.branch,
      till: 'T1',
      source: 'api',
      tbl: 'stock_movement',
      rowId: a * 2 ** 32 + seq,
      rowKey: null,
      op: 'insert',
      oldValues: null,
      newValues: { item_id: m.item, branch_id: m.branch, batch_no: m.batch ?? '', delta: m.delta, reason: m.reason ?? 'sale', at: '2026-11-28T10:00:00.000Z', expiry_date: m.expiry ?? null, owner_branch_id: m.branch },
      audience: [m.branch],
    };
  });
  const body = { nodeId: a, firstSeq: first, lastSeq: seq, changes };
  const answer = await push(hub, { ...body, hash: batchHash(body as PushRequest) });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  await hub.rowStateCaughtUp();
}

async function pullAs(node: number, levelsAfter?: string, after = 0): Promise<PullResponse> {
  const query = `nodeId=${node}&after=${after}${levelsAfter !== undefined ? `&levelsAfter=${encodeURIComponent(levelsAfter)}` : ''}`;
  const response = await hub.app.inject({ method: 'GET', url: `/hub/v1/pull?${query}` });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

const level = (itemId: number, branchId: number, batchNo: string, onHand: number, expiryDate: string | null): StockLevel => ({ itemId, branchId, batchNo, onHand, expiryDate });
const byKey = (levels: readonly StockLevel[]) => [...levels].sort((x, y) => x.itemId - y.itemId || x.branchId - y.branchId || x.batchNo.localeCompare(y.batchNo));

test('each branch’s stock added up as a PC’s trigger adds it; a branch PC is sent the other branches’ levels only, then only those changed', async () => {
  await moved(
    { item: 1, branch: A, delta: 5, reason: 'opening' },
    { item: 1, branch: A, delta: -1 },
    { item: 1, branch: A, delta: -1, reason: 'count', expiry: '2027-01-31' },
    { item: 1, branch: A, delta: -1 },
    { item: 2, branch: A, batch: 'B1', delta: 4, reason: 'receipt', expiry: '2026-12-31' },
    { item: 2, branch: A, batch: 'B1', delta: 1, reason: 'count', expiry: null },
    { item: 1, branch: B, delta: 3, reason: 'opening' },
  );
  const levels = (await hub.pool.query('SELECT item_id, branch_id, batch_no, on_hand, expiry_date FROM stock_level ORDER BY 1, 2, 3')).rows.map((r) =>
    level(Number(r.item_id), Number(r.branch_id), r.batch_no, Number(r.on_hand), r.expiry_date),
  );
  assert.deepEqual(levels, [level(1, A, '', 2, '2027-01-31'), level(1, B, '', 3, null), level(2, A, 'B1', 5, null)]);

  // B's PC: none of A's movements, A's levels with the last page; not its own branch's.
  const first = await pullAs(b, '');
  assert.deepEqual(first.changes.filter((c) => c.tbl === 'stock_movement').map((c) => c.newValues?.branch_id), [B]);
  assert.deepEqual(byKey(first.levels!), [level(1, A, '', 2, '2027-01-31'), level(2, A, 'B1', 5, null)]);
  assert.equal(first.more, false);
  const again = await pullAs(b, first.levelsNext!, first.next);
  assert.deepEqual(again.levels, [], 'nothing changed since');
  assert.equal(again.levelsNext, first.levelsNext);

  await moved({ item: 2, branch: A, batch: 'B1', delta: -2, expiry: '2027-03-31' }, { item: 1, branch: B, delta: -1 });
  const later = await pullAs(b, first.levelsNext!, first.next);
  assert.deepEqual(later.levels, [level(2, A, 'B1', 3, '2027-03-31')], 'only the level that changed, and not B’s own');

  // Head office's PC holds every movement: it is sent no levels. A place this hub never gave is refused.
  const ho = await pullAs(a, '');
  assert.equal(ho.levels, undefined);
  const bad = await hub.app.inject({ method: 'GET', url: `/hub/v1/pull?nodeId=${b}&after=0&levelsAfter=${encodeURIComponent('[1,2]')}` });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.json().message, /levelsAfter/);
});

test('levels come in pages in (version, key) order, and never stand for a change past what the PC was sent', async () => {
  const start = readLevelKey('')!;
  const { rows } = await hub.pool.query<{ top: string }>('SELECT max(version) AS top FROM stock_level');
  const top = Number(rows[0]!.top);
  const all = await levelsPage(hub.pool, start, top, [B], 100);
  assert.equal(all.full, false);
  const paged: StockLevel[] = [];
  for (let after = start, more = true; more; ) {
    const page = await levelsPage(hub.pool, after, top, [B], 1);
    paged.push(...page.levels);
    more = page.full;
    if (page.next !== null) after = readLevelKey(page.next)!;
  }
  assert.deepEqual(paged, all.levels);
  // The latest level changed at the last fold: asked for changes up to just before it, it waits.
  const before = await levelsPage(hub.pool, start, top - 1, [B], 100);
  assert.deepEqual(
    before.levels.map((l) => [l.itemId, l.batchNo]),
    all.levels.filter((l) => !(l.itemId === 2 && l.batchNo === 'B1')).map((l) => [l.itemId, l.batchNo]),
  );
});

test('an upgraded hub adds the levels up from row_state, to what the fold added', async () => {
  const read = async () => (await hub.pool.query('SELECT item_id, branch_id, batch_no, on_hand, expiry_date FROM stock_level ORDER BY 1, 2, 3')).rows;
  const folded = await read();
  await hub.pool.query('DELETE FROM stock_level');
  await hub.pool.query(STOCK_LEVELS_FROM_ROWS);
  assert.deepEqual(await read(), folded);
});

test('a join right after a large push finds the planner’s figures current: row_state and the levels are analyzed first, when stale, and only then', async () => {
  // Autovacuum would analyze them too, in its own time: kept out, so what is seen is the join's doing.
  for (const table of ['row_state', 'stock_level']) await hub.pool.query(`ALTER TABLE ${table} SET (autovacuum_enabled = false)`);
  const stats = async () =>
    (
      await hub.pool.query<{ relname: string; stale: boolean; analyzed: boolean }>(
        `SELECT relname, n_mod_since_analyze > 50 + 0.1 * n_live_tup AS stale, last_analyze IS NOT NULL AS analyzed
           FROM pg_stat_user_tables WHERE relname IN ('row_state', 'stock_level') ORDER BY relname`,
      )
    ).rows;
  await moved(...Array.from({ length: 300 }, (_, i) => ({ item: 5000 + i, branch: A, delta: 1 })));
  // The folder's counts reach the statistics a moment after its commit.
  for (const until = Date.now() + 20_000; !(await stats()).every((s) => s.stale) && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 200));
  assert.deepEqual(await stats(), [
    { relname: 'row_state', stale: true, analyzed: false },
    { relname: 'stock_level', stale: true, analyzed: false },
  ]);
  const opened = await hub.app.inject({ method: 'POST', url: '/hub/v1/snapshot', payload: { nodeId: b } });
  assert.equal(opened.statusCode, 200, opened.body);
  assert.deepEqual(await stats(), [
    { relname: 'row_state', stale: false, analyzed: true },
    { relname: 'stock_level', stale: false, analyzed: true },
  ]);
  // Current now: the next join does not analyze again.
  assert.deepEqual(await analyzeIfStale(hub.pool), []);
  await hub.app.inject({ method: 'DELETE', url: `/hub/v1/snapshot/${(opened.json() as { id: string }).id}?nodeId=${b}` });
  for (const table of ['row_state', 'stock_level']) await hub.pool.query(`ALTER TABLE ${table} RESET (autovacuum_enabled)`);
});
