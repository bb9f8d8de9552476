#!/usr/bin/env node
/**
 * `npm test`: every suite in order — typecheck, lint, unit + integration (node:test over the
 * real service and real SQLite files), e2e (Playwright in Debian's Chromium) — then one line
 * `N passed, N failed` summing them all, which CI reads. Exit code is non-zero on any failure.
 * Before any suite, what the chosen suites need from the machine (Chromium, poppler-utils) is
 * checked, and installed where it may be (scripts/prerequisites.mjs); what cannot be is told in
 * one line, and the run stops there with `0 passed, 1 failed`.
 *
 *   node scripts/test.mjs            all suites
 *   node scripts/test.mjs unit       node:test only
 *   node scripts/test.mjs e2e        Playwright only
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preflight } from './prerequisites.mjs';
import { buildTests } from './test-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const only = process.argv[2];

/**
 * Runs a command with its output shown live (or, held, returned only: the caller prints it when
 * its turn comes), and returns the exit code and the output.
 */
function run(command, args, env = {}, held = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const relay = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk;
        if (!held) target.write(chunk);
      });
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join(path.relative(root, dir), f))
    .sort();
}

/**
 * The files in the order they are started, two at a time: longest first by the seconds each took
 * in a recorded run (scripts/unit-durations.json, written by scripts/file-durations.mjs), so the
 * long ones (the crash test, the backups, the two-PC sync files) do not start last and leave one
 * core idle at the end while the other finishes them. A file not in the list yet (a new one) goes
 * first: it may be long, and a short one costs nothing there. To record the order again, copy a
 * full run's test-results/unit-durations.json over scripts/unit-durations.json.
 */
function longestFirst(files) {
  const list = path.join(root, 'scripts', 'unit-durations.json');
  const seconds = existsSync(list) ? JSON.parse(readFileSync(list, 'utf8')) : {};
  const known = (f) => seconds[f.split(path.sep).join('/')] ?? Infinity;
  return files.map((f, i) => ({ f, i, s: known(f) })).sort((a, b) => b.s - a.s || a.i - b.i).map(({ f }) => f);
}

/** The renderer and main builds, when their sources changed (scripts/build-if-changed.mjs). */
const build = (held = false) => run(process.execPath, [path.join(root, 'scripts', 'build-if-changed.mjs'), 'renderer', 'main'], {}, held);

const suites = {
  async typecheck() {
    const { code } = await run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
    return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
  },
  async lint(held = false) {
    const eslint = await run(bin('eslint'), ['.', '--max-warnings', '0'], {}, held);
    // The layering (.dependency-cruiser.cjs): what each folder may import, no cycles.
    const layers = await run(bin('depcruise'), ['main', 'shared', 'hub', 'renderer', 'test', 'e2e', 'scripts', 'bench', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {}, held);
    const ok = eslint.code === 0 && layers.code === 0;
    return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, output: eslint.output + layers.output };
  },
  async unit() {
    // The renderer and the bundled service, built once here when their sources changed, before
    // the files that start them run two at a time: the crash test starts the bundle thirteen
    // times (test/helpers/bundle.ts) and `npm run serve`'s test serves both. A failed build is
    // left to those tests to report.
    if (buildAside) process.stdout.write((await buildAside).output);
    else await build();
    mkdirSync(path.join(root, 'test-results'), { recursive: true });
    const files = longestFirst(testFiles(path.join(root, 'test')));
    // The test files bundled into plain JavaScript (scripts/test-build.mjs): a test process then
    // loads in about a third of the time it takes through tsx, in each of the 150 files.
    let built;
    try {
      built = await buildTests(root, files);
    } catch (error) {
      return { passed: 0, failed: 1, recap: `The test files did not bundle: ${error instanceof Error ? error.message : String(error)}` };
    }
    // What the test files would each make alike and only once per run need (the migrated empty
    // store, test/helpers/service.ts) is kept here for the run, and removed after it.
    const runDir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-test-run-'));
    const { code, output } = await run(process.execPath, [
      // A failure's stack names the sources' lines.
      '--enable-source-maps',
      '--test',
      '--test-concurrency=2',
      // A test that hangs fails after five minutes (unless it says otherwise). Not
      // --test-force-exit: on Node 20 it ended files before their last tests ran, silently (three
      // of test/contract/fields.test.ts's went unreported and uncounted).
      '--test-timeout=300000',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      // Each file's seconds, for the order of the next runs (longestFirst, below).
      `--test-reporter=${path.join(root, 'scripts', 'file-durations.mjs')}`,
      `--test-reporter-destination=${path.join(root, 'test-results', 'unit-durations.json')}`,
      ...files.map((f) => built.get(f)),
    ], { POS_TEST_RUN_DIR: runDir, POS_TEST_LOW_KDF: '1' });
    rmSync(runDir, { recursive: true, force: true });
    const count = (label) => Number(new RegExp(`^[^\\w\\n]*${label} (\\d+)$`, 'm').exec(output)?.[1] ?? NaN);
    const passed = count('pass');
    const failed = count('fail');
    if (Number.isNaN(passed) || Number.isNaN(failed)) return { passed: 0, failed: 1, recap: recapOf(output) };
    // A crash outside any test (a file that fails to load) still fails the suite.
    return { passed, failed: failed === 0 && code !== 0 ? 1 : failed, recap: failed > 0 || code !== 0 ? recapOf(output) : '' };
  },
  async e2e() {
    mkdirSync(path.join(root, 'test-results'), { recursive: true });
    const report = path.join(root, 'test-results', 'e2e.json');
    // As for the unit suite: the migrated empty store made once for the run (e2e/fixtures.ts).
    const runDir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-test-run-'));
    const { code } = await run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report, POS_TEST_RUN_DIR: runDir, POS_TEST_LOW_KDF: '1' });
    rmSync(runDir, { recursive: true, force: true });
    if (!existsSync(report)) return { passed: 0, failed: 1 };
    const stats = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
    const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    const failed = stats.unexpected ?? 0;
    return { passed, failed: failed === 0 && code !== 0 ? 1 : failed };
  },
};

/**
 * The spec reporter's "failing tests" section (each failed test with its error and stack), kept
 * short: the first lines of each failure, at most 120 lines in all.
 */
function recapOf(output) {
  const at = output.lastIndexOf('failing tests:');
  if (at < 0) return output.split('\n').slice(-40).join('\n');
  const kept = [];
  let inStack = 0;
  for (const line of output.slice(at).split('\n')) {
    // Stack frames after the first two of each error say little.
    if (/^\s+at /.test(line)) {
      if (++inStack > 2) continue;
    } else inStack = 0;
    kept.push(line);
    if (kept.length >= 120) break;
  }
  return kept.join('\n');
}

const order = only ? [only] : ['typecheck', 'lint', 'unit', 'e2e'];
if (!suites[order[0]]) {
  console.error(`Unknown suite ${order[0]}; one of ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
// Every suite's needs first, so a missing browser stops the run in one line before the first
// suite, and not as a failure in each test that drives it.
const missing = await preflight({ suites: order });
if (missing) {
  console.log(missing);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
let passed = 0;
let failed = 0;
const lines = [];
const recaps = [];
// The type check and the lint each keep one core busy for about half a minute: they run side by
// side, the lint's output held and shown after the type check's.
const lintAside = order[0] === 'typecheck' && order[1] === 'lint' ? suites.lint(true) : null;
// And the builds the unit suite needs beside them, their output held until the unit suite starts:
// the type check and the lint end at different moments, and each leaves a core to the builds then.
const buildAside = lintAside && order.includes('unit') ? build(true) : null;
for (const name of order) {
  console.log(`\n=== ${name} ===`);
  const result = name === 'lint' && lintAside ? await lintAside : await suites[name]();
  if (name === 'lint' && lintAside) process.stdout.write(result.output);
  passed += result.passed;
  failed += result.failed;
  lines.push(`${name}: ${result.passed} passed, ${result.failed} failed`);
  if (result.recap) recaps.push(`--- ${name}: what failed ---\n${result.recap}`);
}
// What failed, again at the end: a CI log is often read from its tail, and the e2e suite's output
// comes after the unit suite's.
if (recaps.length > 0) console.log('\n' + recaps.join('\n'));
console.log('\n' + lines.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
