#!/usr/bin/env node
/**
 * `npm run fuzz [-- RUNS]`: the fuzz suite (test/service/fuzz.test.ts) with a longer budget (200
 * inputs per endpoint unless given) and a new seed each time; the seed is printed so a failure can
 * be replayed with FUZZ_SEED=<seed>.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.argv[2] ?? process.env.FUZZ_RUNS ?? '200';
console.log(`fuzz: seed ${seed}, ${runs} inputs per endpoint (replay with FUZZ_SEED=${seed})`);
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', 'test/service/fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
});
process.exit(result.status ?? 1);
