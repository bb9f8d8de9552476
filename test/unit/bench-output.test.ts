/**
 * Where `npm run bench` writes (bench/output.ts): a run goes to bench/results/runs/, which git
 * ignores; only `--record` on a full run replaces the committed bench/results/latest.*.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { FULL_RUN, resultsPlace, type RunShape } from '../../bench/output.js';
import { lagStats } from '../../bench/stats.js';
import { ENTRIES_PER_SALE, isSaleMark, pushBatch, saleChanges, simJournal } from '../../bench/load-sale.js';
import { batchHash } from '../../hub/sync/push.js';
import { PushRequest } from '../../shared/sync.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const results = path.join(root, 'bench', 'results');
const startedAt = new Date('2026-05-04T09:30:12.345Z');
const full: RunShape = { record: false, quick: false, sizes: FULL_RUN.sizes, soakMinutes: 10, syncOrders: 5000, startedAt };
const quick: RunShape = { ...full, quick: true, sizes: ['10k'], soakMinutes: 0.25, syncOrders: 1000 };

test('a quick run writes beside the record, named by its start and marked quick, in a folder git ignores', () => {
  assert.deepEqual(resultsPlace(quick, results), {
    json: path.join(results, 'runs', '2026-05-04T09-30-12Z-quick.json'),
    md: path.join(results, 'runs', '2026-05-04T09-30-12Z-quick.md'),
    recorded: false,
  });
  // git's own answer, from the checkout's .gitignore: the run's files never make it dirty.
  const place = resultsPlace(quick, results) as { json: string; md: string };
  for (const file of [place.json, place.md]) {
    const ignored = spawnSync('git', ['check-ignore', '--quiet', '--no-index', path.relative(root, file)], { cwd: root });
    assert.equal(ignored.status, 0, `${file} is ignored by git`);
  }
  const record = spawnSync('git', ['check-ignore', '--quiet', '--no-index', 'bench/results/latest.json'], { cwd: root });
  assert.equal(record.status, 1, 'the record itself is not ignored');
});

test('a full run without --record does not touch the record either', () => {
  assert.deepEqual(resultsPlace(full, results), {
    json: path.join(results, 'runs', '2026-05-04T09-30-12Z.json'),
    md: path.join(results, 'runs', '2026-05-04T09-30-12Z.md'),
    recorded: false,
  });
});

test('--record on a full run writes the committed latest.json and latest.md', () => {
  assert.deepEqual(resultsPlace({ ...full, record: true }, results), {
    json: path.join(results, 'latest.json'),
    md: path.join(results, 'latest.md'),
    recorded: true,
  });
  // A longer soak or sync is still a full run.
  assert.equal((resultsPlace({ ...full, record: true, soakMinutes: 30, syncOrders: 20_000 }, results) as { recorded: boolean }).recorded, true);
});

test('--record refuses a shorter run, saying what is short and what to run instead', () => {
  const refusal = (run: Partial<RunShape>) => {
    const place = resultsPlace({ ...full, record: true, ...run }, results);
    assert.ok('refused' in place, `refused: ${JSON.stringify(run)}`);
    return place.refused;
  };
  const withQuick = refusal({ quick: true, sizes: ['10k'], soakMinutes: 0.25, syncOrders: 1000 });
  assert.match(withQuick, /--quick; --sizes 10k \(the record has 10k,100k,1M\); a 0\.25-minute soak \(the record's is 10\); 1000 orders synced/);
  assert.match(withQuick, /Run it without --record \(its results go to bench\/results\/runs\/\), or record a full run: npm run bench -- --record$/);
  assert.match(refusal({ sizes: ['1M'] }), /--sizes 1M/);
  assert.match(refusal({ sizes: ['1M', '100k', '10k'] }), /--sizes 1M,100k,10k/);
  assert.match(refusal({ soakMinutes: 0 }), /a 0-minute soak/);
  assert.match(refusal({ syncOrders: 100 }), /100 orders synced/);
});

test('a --load-only run writes beside the others, its files named for the section', () => {
  assert.deepEqual(resultsPlace({ ...full, section: 'load' }, results), {
    json: path.join(results, 'runs', '2026-05-04T09-30-12Z-load.json'),
    md: path.join(results, 'runs', '2026-05-04T09-30-12Z-load.md'),
    recorded: false,
  });
});

test('the load bench: a simulated PC’s sales pass the hub’s own batch checks, in order, one clock', () => {
  const journal = simJournal(7, 2);
  const first = saleChanges(journal, Date.parse('2026-11-27T10:00:00.000Z'));
  const second = saleChanges(journal, Date.parse('2026-11-27T10:00:00.000Z'));
  assert.equal(first.length, ENTRIES_PER_SALE);
  const batch = pushBatch(7, [...first, ...second]);
  const parsed = PushRequest.safeParse(batch);
  assert.ok(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 2)));
  assert.equal(batchHash(batch), batch.hash, 'the hub computes the same hash');
  assert.deepEqual([batch.firstSeq, batch.lastSeq], [2, 1 + 2 * ENTRIES_PER_SALE]);
  const times = batch.changes.map((c) => c.hlc);
  assert.deepEqual([...times].sort(), times, 'clock times rise with the sequence');
  assert.equal(new Set(times).size, times.length);
  assert.deepEqual(batch.changes.filter(isSaleMark).map((c) => c.at), ['2026-11-27T10:00:00.000Z', '2026-11-27T10:00:00.000Z'], 'one order insert a sale, stamped when made');
  assert.notEqual(first[1]!.rowId, second[1]!.rowId, 'each sale its own order');
});

test('the load bench’s lag: a PC–sale pair not seen by the end counts as slower than any seen', () => {
  assert.deepEqual(lagStats([3000, 1000, 2000, 4000], 4), { p50: 2, p95: 4, p99: 4, max: 4, pairs: 4, seen: 4 });
  const missing = lagStats([3000, 1000, 2000], 4);
  assert.equal(missing.p50, 2);
  assert.equal(missing.p99, null, 'p99 falls on the pair never seen');
  assert.equal(missing.max, null);
  assert.equal(lagStats([], 0).p50, null);
});
