/**
 * The preflight `npm test` runs before any suite (scripts/prerequisites.mjs): a Chromium that is
 * not there, or is there and does not start, stops the run in exactly one line naming the package
 * and the command that installs it — and the test runner itself then prints no suite's header,
 * only `0 passed, 1 failed`. Debian's Chromium on this machine passes. Installing is forbidden
 * here (POS_TEST_INSTALL=0) except against a stand-in apt-get, so no test changes the machine.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromiumPath, DEFAULT_CHROMIUM, preflight } from '../scripts/prerequisites.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-prerequisites-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** An executable shell script at a path under the test's folder. */
function script(name: string, body: string): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

const absent = path.join(dir, 'no-such-chromium');
/** Installed but cannot run: what a Chromium missing a shared library looks like. */
const broken = script('broken-chromium', 'echo "error while loading shared libraries: libnss3.so" >&2\nexit 1');

/**
 * Runs a Node script of the project with extra environment, output gathered from both streams.
 * Its own process group, ended on a timeout: should the preflight ever let `scripts/test.mjs`
 * through, the suites it starts must not run on inside this test.
 */
function runNode(args: string[], env: NodeJS.ProcessEnv, seconds = 120): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), seconds * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const lines = (output: string) => output.split('\n').filter((line) => line.trim() !== '');
const forbidden = { POS_TEST_INSTALL: '0' };

for (const [what, chromium] of [
  ['a file that does not exist', absent],
  ['a Chromium that is installed but exits 1', broken],
] as const) {
  test(`CHROMIUM_PATH naming ${what}: one line naming chromium and the install command, exit non-zero`, async () => {
    const { code, output } = await runNode(['scripts/prerequisites.mjs'], { ...forbidden, CHROMIUM_PATH: chromium });
    assert.notEqual(code, 0);
    assert.equal(lines(output).length, 1, output);
    const [line] = lines(output);
    assert.match(line!, /^Missing: chromium \(the browser the e2e and print tests drive; /);
    assert.ok(line!.includes(chromium), line);
    assert.match(line!, /install it with {2}(sudo )?apt-get install chromium {2}and unset CHROMIUM_PATH/);
    if (chromium === broken) assert.match(line!, /does not start \(exit 1: error while loading shared libraries: libnss3\.so\)/);
  });
}

test('npm test stops before any suite: no suite header, the one line, then 0 passed, 1 failed', async () => {
  const { code, output } = await runNode(['scripts/test.mjs'], { ...forbidden, CHROMIUM_PATH: broken });
  assert.equal(code, 1);
  assert.doesNotMatch(output, /===/, 'no suite started');
  const all = lines(output);
  assert.equal(all.length, 2, output);
  assert.match(all[0]!, /^Missing: chromium .*apt-get install chromium/);
  assert.equal(all[1], '0 passed, 1 failed');
});

test('the unit and e2e suites each need Chromium; typecheck and lint do not', async () => {
  const env = { ...process.env, ...forbidden, CHROMIUM_PATH: absent };
  for (const suite of ['unit', 'e2e']) assert.match((await preflight({ suites: [suite], env })) ?? '', /^Missing: chromium /, suite);
  assert.equal(await preflight({ suites: ['typecheck', 'lint'], env }), null);
  const { code, output } = await runNode(['scripts/prerequisites.mjs', 'e2e'], env);
  assert.notEqual(code, 0);
  assert.equal(lines(output).length, 1, output);
});

test('a Node older than package.json\'s engines stops every suite, typecheck included, in one line', async () => {
  assert.equal(await preflight({ suites: ['typecheck'], node: '20.18.3' }), 'Missing: Node 20.19 or newer (this is Node 20.18.3): install it from https://nodejs.org/ or with your package manager');
  assert.equal(await preflight({ suites: ['typecheck'], node: '22.0.0' }), null);
});

test('Chromium and poppler-utils both missing: still one line, one command for both', async () => {
  // A PATH with neither pdftotext, pdftoppm nor pdfinfo on it.
  const { code, output } = await runNode(['scripts/prerequisites.mjs'], { ...forbidden, CHROMIUM_PATH: absent, PATH: path.join(dir, 'empty') });
  assert.notEqual(code, 0);
  assert.equal(lines(output).length, 1, output);
  assert.match(lines(output)[0]!, /^Missing: chromium \(.*\) and poppler-utils \(pdftotext, pdftoppm and pdfinfo.*; pdftotext, pdftoppm, pdfinfo do not run\): install them with {2}(sudo )?apt-get install chromium poppler-utils/);
});

test('Debian\'s Chromium at /usr/bin/chromium starts, and poppler-utils runs: the preflight passes silently', async () => {
  assert.equal(chromiumPath({}), DEFAULT_CHROMIUM);
  const { code, output } = await runNode(['scripts/prerequisites.mjs'], { ...forbidden, CHROMIUM_PATH: '/usr/bin/chromium' });
  assert.equal(output, '');
  assert.equal(code, 0);
});

test(
  'as root on Debian, apt-get installs only what is missing, says so in one line, and the check runs again',
  { skip: process.getuid?.() === 0 && existsSync('/etc/debian_version') ? false : 'only as root on Debian' },
  async () => {
    // A stand-in apt-get that records its calls and installs nothing, first on the PATH; poppler
    // is not on that PATH, and Chromium is CHROMIUM_PATH's, which apt-get cannot mend.
    const log = path.join(dir, 'apt.log');
    const bin = path.dirname(script('bin/apt-get', `echo "$DEBIAN_FRONTEND $*" >> "${log}"`));
    const { code, output } = await runNode(['scripts/prerequisites.mjs'], { CHROMIUM_PATH: broken, PATH: bin, POS_TEST_INSTALL: '' });
    assert.notEqual(code, 0);
    assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), ['noninteractive update -qq', 'noninteractive install -y -qq poppler-utils']);
    const [installing, missing, ...rest] = lines(output);
    assert.equal(installing, 'Installing poppler-utils with apt-get (the tests need it) ...');
    assert.match(missing!, /^Missing: chromium \(.*\) and poppler-utils \(.*\): install them with {2}apt-get install chromium poppler-utils/);
    assert.deepEqual(rest, []);

    // apt-get refusing: what it said last is on the same one line.
    script('bin/apt-get', 'echo "E: Unable to locate package poppler-utils" >&2\nexit 100');
    const refused = await runNode(['scripts/prerequisites.mjs', 'unit'], { CHROMIUM_PATH: '/usr/bin/chromium', PATH: bin, POS_TEST_INSTALL: '' });
    assert.notEqual(refused.code, 0);
    assert.equal(lines(refused.output)[0], 'Installing poppler-utils with apt-get (the tests need it) ...');
    assert.equal(
      lines(refused.output)[1],
      'Missing: poppler-utils (pdftotext, pdftoppm and pdfinfo, which the print tests read PDFs with; pdftotext, pdftoppm, pdfinfo do not run); apt-get update failed (exit 100: E: Unable to locate package poppler-utils): install it with  apt-get install poppler-utils',
    );
    assert.equal(lines(refused.output).length, 2);
  },
);
