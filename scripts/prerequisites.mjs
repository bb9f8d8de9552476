#!/usr/bin/env node
/**
 * What the tests need from the machine besides node_modules, checked before any suite runs
 * (`scripts/test.mjs` calls `preflight()`):
 *
 *   Node 20.19+     package.json's engines, for every suite
 *   chromium        the browser the e2e suite and the print-window tests drive; it must START,
 *                   not merely exist: `--headless --dump-dom about:blank` must print the page
 *   poppler-utils   pdftotext, pdftoppm and pdfinfo, which the print tests read PDFs with
 *
 * What is missing is installed the way a Debian machine installs it, when that is possible: as
 * root, on Debian, with apt-get on the PATH, and not forbidden (POS_TEST_INSTALL=0): one line
 * says what, `apt-get update`, `apt-get install -y <only what is missing>`, then the check runs
 * again. Otherwise (or when that did not help) the answer is ONE line naming the package and
 * the command to run, and no suite starts.
 *
 *   node scripts/prerequisites.mjs [suite …]   the check alone; exit 1 with that line
 *
 * CHROMIUM_PATH names another Chromium; `chromiumPath()` is the one place that reads it
 * (playwright.config.ts and the print-window test use it too).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium: where `apt-get install chromium` puts it. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** The Chromium every test drives: CHROMIUM_PATH when set, else Debian's. */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
}

/** The packages each suite needs (typecheck and lint need nothing but node_modules). */
export const NEEDS = {
  typecheck: [],
  lint: [],
  unit: ['chromium', 'poppler-utils'],
  e2e: ['chromium', 'poppler-utils'],
};

const WHY = {
  chromium: 'the browser the e2e and print tests drive',
  'poppler-utils': 'pdftotext, pdftoppm and pdfinfo, which the print tests read PDFs with',
};

/** Seconds Chromium gets to print about:blank; a cold start on a busy 2-core machine takes a few. */
const CHROMIUM_SECONDS = 60;

/**
 * Runs a command and gathers its output. The command is its own process group, so a timeout
 * ends Chromium's helper processes with it.
 */
function runQuietly(command, args, { env, seconds }) {
  return new Promise((resolve) => {
    let output = '';
    let timedOut = false;
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, seconds * 1000);
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ error, code: null, output, timedOut });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ error: null, code: code ?? signal, output, timedOut });
    });
  });
}

/** The last line of a command's output that says something, short enough for one line. */
function lastWords(output) {
  const line = output.split('\n').map((l) => l.trim()).filter(Boolean).pop() ?? '';
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

/** Why the Chromium at chromiumPath() does not start, or null when it prints a page. */
async function chromiumProblem(env) {
  const bin = chromiumPath(env);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'pos-chromium-check-'));
  try {
    const args = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
    const result = await runQuietly(bin, [...args, `--user-data-dir=${profile}`, '--dump-dom', 'about:blank'], { env, seconds: CHROMIUM_SECONDS });
    if (result.error?.code === 'ENOENT') return { absent: true, words: `${bin} is not there` };
    if (result.error) return { absent: false, words: `${bin} cannot be run (${result.error.code ?? result.error.message})` };
    if (result.timedOut) return { absent: false, words: `${bin} printed no page within ${CHROMIUM_SECONDS} s` };
    if (result.code === 0 && /<html/i.test(result.output)) return null;
    const said = lastWords(result.output);
    return { absent: false, words: `${bin} does not start (exit ${result.code}${said ? `: ${said}` : ''})` };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Which of poppler's three commands do not run, or null. `-v` prints the version (exit 0; 99 on old poppler). */
async function popplerProblem(env) {
  const broken = [];
  for (const command of ['pdftotext', 'pdftoppm', 'pdfinfo']) {
    const result = await runQuietly(command, ['-v'], { env, seconds: 20 });
    if (result.error || result.timedOut || !/version/i.test(result.output)) broken.push(command);
  }
  if (broken.length === 0) return null;
  return { absent: true, words: `${broken.join(', ')} ${broken.length === 1 ? 'does' : 'do'} not run` };
}

const PROBLEM = { chromium: chromiumProblem, 'poppler-utils': popplerProblem };

/** package → what is wrong with it, for the packages that fail their check. */
async function problems(packages, env) {
  const found = new Map();
  for (const name of packages) {
    const problem = await PROBLEM[name](env);
    if (problem) found.set(name, problem);
  }
  return found;
}

/** Whether a command is on the PATH (found the way spawn finds it). */
function onPath(command, env) {
  return (env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)));
}

/** Why apt-get may not be used here, or null when it may. */
function whyNotInstall(env) {
  if (env.POS_TEST_INSTALL === '0') return 'POS_TEST_INSTALL=0';
  if (!existsSync('/etc/debian_version')) return 'not Debian';
  if (!onPath('apt-get', env)) return 'no apt-get';
  if (process.getuid?.() !== 0) return 'not root';
  return null;
}

/** apt-get update, then install the packages; null when it worked, else what apt said last. */
function aptInstall(packages, env) {
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...packages]]) {
    const result = spawnSync('apt-get', args, { env: aptEnv, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.error || result.status !== 0) {
      const said = lastWords(`${result.stdout ?? ''}\n${result.stderr ?? ''}`) || result.error?.message || '';
      return `apt-get ${args[0]} failed (exit ${result.status ?? result.signal}${said ? `: ${said}` : ''})`;
    }
  }
  return null;
}

/** The one line that stops the run: each package, why the tests need it, what is wrong, and the command. */
function missingLine(found, env, aptFailed) {
  const names = [...found.keys()];
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  const them = names.length === 1 ? 'it' : 'them';
  const parts = names.map((name) => `${name} (${WHY[name]}; ${found.get(name).words})`);
  // A Chromium that is there but does not start is reinstalled; one named by CHROMIUM_PATH is not apt's to fix.
  const chromium = found.get('chromium');
  const custom = chromium && chromiumPath(env) !== DEFAULT_CHROMIUM;
  const reinstall = chromium && !chromium.absent && !custom ? ' --reinstall' : '';
  const apt = `${sudo}apt-get install${reinstall} ${names.join(' ')}`;
  let how = existsSync('/etc/debian_version')
    ? `install ${them} with  ${apt}`
    : `install ${them} with this system's package manager (on Debian:  ${apt})`;
  if (custom) how += '  and unset CHROMIUM_PATH (or point it at a Chromium that starts)';
  return `Missing: ${parts.join(' and ')}${aptFailed ? `; ${aptFailed}` : ''}: ${how}`;
}

/** package.json's engines (">=20.19"): the Node every suite needs. */
const NODE_MIN = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node.replace(/^>=\s*/, '');

function nodeIsNewEnough(version) {
  const [major, minor] = version.split('.').map(Number);
  const [needMajor, needMinor] = NODE_MIN.split('.').map(Number);
  return major > needMajor || (major === needMajor && minor >= needMinor);
}

/**
 * Checks what the given suites need, installs what is missing where it may, and answers null
 * when everything is there, or the one line to stop with. `log` hears the line saying what is
 * being installed.
 */
export async function preflight({ suites = Object.keys(NEEDS), env = process.env, log = console.log, node = process.versions.node } = {}) {
  if (!nodeIsNewEnough(node)) return `Missing: Node ${NODE_MIN} or newer (this is Node ${node}): install it from https://nodejs.org/ or with your package manager`;
  const packages = [...new Set(suites.flatMap((suite) => NEEDS[suite] ?? []))];
  let found = await problems(packages, env);
  if (found.size === 0) return null;

  // Only what apt-get can mend: not a Chromium that CHROMIUM_PATH puts somewhere else.
  const installable = [...found.keys()].filter((name) => name !== 'chromium' || chromiumPath(env) === DEFAULT_CHROMIUM);
  let aptFailed = null;
  if (installable.length > 0 && whyNotInstall(env) === null) {
    log(`Installing ${installable.join(' and ')} with apt-get (the tests need ${installable.length === 1 ? 'it' : 'them'}) ...`);
    aptFailed = aptInstall(installable, env);
    found = await problems(packages, env);
    if (found.size === 0) return null;
  }
  return missingLine(found, env, aptFailed);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const suites = process.argv.slice(2);
  const unknown = suites.filter((suite) => !(suite in NEEDS));
  if (unknown.length > 0) {
    console.error(`Unknown suite ${unknown.join(', ')}; one of ${Object.keys(NEEDS).join(', ')}`);
    process.exit(2);
  }
  const line = await preflight(suites.length > 0 ? { suites } : {});
  if (line) {
    console.log(line);
    process.exit(1);
  }
}
