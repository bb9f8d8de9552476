/**
 * Issue 14, the fuzz suite: every endpoint of the table gets arbitrary JSON bodies, query values and
 * path segments (fast-check, a fixed seed and a short budget here; `npm run fuzz` runs longer with
 * a new seed). No answer may be a 5xx, and an answer of 4xx must have written nothing: the
 * service's connection counts every row it changes (SQLite's total_changes()).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { endpointList } from '../../shared/endpoints/index.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { callAs, type TestService } from '../helpers/service.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

let svc: TestService;
let admin: SignedIn;
before(async () => {
  ({ svc, admin } = await storeWithStaff({ readWorkers: 0 }));
});
after(() => svc.close());

const changes = () => (svc.server.deps.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

/** Values a careless or hostile client sends: odd strings, numbers, nulls, nested objects, arrays. */
const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', 'null', '-1', '0', '1e308', 'NaN', '%', '_', "'; DROP TABLE receipt; --", '../../etc/passwd', 'ENC_AAAA', '2025-02-30', 'x'.repeat(300)),
);
const oddValue = fc.oneof(oddText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(-1), fc.constant(2 ** 53));
const oddBody = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 20 }), oddValue, { maxKeys: 6 }),
  fc.anything({ maxDepth: 2 }),
  fc.constant({}),
);

/** The endpoint's path with each {param} replaced, and a query string of its query's keys. */
function target(path: string, segment: string, query: Record<string, unknown>): string {
  const filled = path.replace(/^\/api\//, '').replace(/\{[^}]+\}/g, encodeURIComponent(segment || 'x'));
  const pairs = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return pairs.length > 0 ? `${filled}?${pairs.join('&')}` : filled;
}

test(`every endpoint, arbitrary input (seed ${SEED}, ${RUNS} runs each): never a 5xx, and a 4xx writes nothing`, { timeout: 600_000 }, async (t) => {
  let calls = 0;
  for (const endpoint of endpointList) {
    const queryKeys = endpoint.query ? Object.keys((endpoint.query as unknown as { shape: Record<string, unknown> }).shape ?? {}) : [];
    await fc.assert(
      fc.asyncProperty(oddText, fc.dictionary(fc.constantFrom(...(queryKeys.length > 0 ? queryKeys : ['q'])), oddValue, { maxKeys: 3 }), oddBody, async (segment, query, body) => {
        const before = changes();
        const answer = await callAs(svc, admin, target(endpoint.path, segment, query), endpoint.method === 'GET' ? undefined : body, endpoint.method);
        calls++;
        assert.ok(answer.status < 500, `${endpoint.method} ${endpoint.path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        if (answer.status >= 400) assert.equal(changes(), before, `${endpoint.method} ${endpoint.path} answered ${answer.status} but wrote`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }
  t.diagnostic(`${calls} calls over ${endpointList.length} endpoints`);
});
