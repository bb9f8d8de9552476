/**
 * The guides are held to the code: every `npm run` command, flag and setting they name must be one
 * the code knows (read from package.json and from each command's own source: its parseArgs
 * options and the variables it reads), every setting the code reads must be documented, every
 * picture must be one the e2e suite takes from a real screen, and every link must lead somewhere.
 * No guide speaks of issues: they say what is.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { GUIDES } from '../shared/help.js';
import { headingId, helpPage } from '../main/service/help/guides.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The documents a reader is given: the front page, the guides and the layout. */
const READER_DOCS = ['README.md', ...GUIDES.map((g) => `docs/${g.name}.md`), 'docs/layout.md'];
/** Every document whose links and pictures are checked (the decisions too). */
const ALL_DOCS = [...READER_DOCS, 'docs/decisions.md'];

const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };

function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true })
    .map(String)
    .filter((f) => /\.(ts|mts|cts|mjs|tsx)$/.test(f) && !f.includes('node_modules'))
    .map((f) => path.join(dir, f));
}

/** Code spans and code blocks of a markdown text: where commands, flags and settings are named. */
function codeOf(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const rest = markdown.replace(/```[^\n]*\n[\s\S]*?```/g, '');
  const spans = [...rest.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
  return [...blocks, ...spans];
}

/** The environment variables a set of source files reads. */
function variablesRead(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const text = read(file);
    for (const m of text.matchAll(/\b(?:process\.env|env)(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g)) names.add((m[1] ?? m[2])!);
  }
  return names;
}

const CODE_DIRS = ['main', 'hub', 'scripts', 'bench', 'shared', 'e2e', 'test'];
const known = variablesRead([...CODE_DIRS.flatMap(sourceFiles), 'playwright.config.ts']);

/**
 * The settings a text names: assigned in a command (`POS_DATA_DIR=/tmp/x npm run serve`), in the
 * first column of a settings table, or alone in a code span with a settings prefix (error codes
 * such as `STORE_FULL` are upper case too, but no setting).
 */
const SETTING_NAME = /^(?:PORT|HOST|(?:POS|HUB|BENCH|FUZZ|E2E|CHROMIUM|DATABASE|OFFLINE)_[A-Z0-9_]+)$/;
function documentedVariables(markdown: string): Set<string> {
  const found = new Set<string>();
  for (const code of codeOf(markdown)) {
    const alone = /^\$?([A-Z][A-Z0-9_]*)$/.exec(code.trim());
    if (alone && SETTING_NAME.test(alone[1]!)) found.add(alone[1]!);
    for (const m of code.matchAll(/(?:^|\s)([A-Z][A-Z0-9_]*)=/g)) if (SETTING_NAME.test(m[1]!)) found.add(m[1]!);
  }
  for (const m of markdown.matchAll(/^\| `([A-Z][A-Z0-9_]+)`(?:, `([A-Z][A-Z0-9_]+)`)? \|/gm)) {
    if (SETTING_NAME.test(m[1]!)) found.add(m[1]!);
    if (m[2] && SETTING_NAME.test(m[2])) found.add(m[2]);
  }
  return found;
}

/** The npm script a command line runs, and the flags given to it after `--`. */
function npmCommands(markdown: string): { script: string; flags: string[]; line: string }[] {
  const out: { script: string; flags: string[]; line: string }[] = [];
  for (const code of codeOf(markdown)) {
    const text = code.replace(/\\\n\s*/g, ' ');
    for (const line of text.split('\n')) {
      for (const m of line.matchAll(/npm (run [\w:-]+|test|start|install|ci)\b([^|#;&]*)/g)) {
        const script = m[1]!.replace(/^run /, '');
        const args = m[2] ?? '';
        const after = args.includes(' -- ') || args.startsWith(' --') ? args.slice(args.indexOf('--') + 2) : '';
        const flags = [...after.matchAll(/(?:^|\s|\[)(--[a-z][a-z-]*)/g)].map((f) => f[1]!);
        out.push({ script, flags, line: line.trim() });
      }
    }
  }
  return out;
}

/** The flags a script's own source accepts: its parseArgs options and any `--flag` it looks for. */
function flagsOf(script: string): Set<string> {
  const command = pkg.scripts[script] ?? '';
  const entry = /(?:tsx|node)\s+(\S+\.(?:ts|mjs))/.exec(command)?.[1];
  const flags = new Set<string>();
  if (!entry) return flags;
  const files = [entry];
  // A script that hands its arguments to another (`node scripts/test.mjs unit`) or to a module it
  // imports beside it: read that file's parseArgs options too.
  const text = read(entry);
  for (const m of text.matchAll(/from '(\.\/[\w./-]+)'/g)) {
    const sibling = path.join(path.dirname(entry), m[1]!.replace(/\.js$/, '.ts'));
    if (existsSync(path.join(root, sibling))) files.push(sibling);
    const mjs = path.join(path.dirname(entry), m[1]!);
    if (m[1]!.endsWith('.mjs') && existsSync(path.join(root, mjs))) files.push(mjs);
  }
  for (const file of files) {
    const source = read(file);
    for (const m of source.matchAll(/['"]?([a-z][a-z-]*)['"]?\s*:\s*\{\s*type:\s*'(?:string|boolean)'/g)) flags.add(`--${m[1]}`);
    for (const m of source.matchAll(/'(--[a-z][a-z-]*)['=]/g)) flags.add(m[1]!);
  }
  return flags;
}

test('the README is a front page: at most about 150 lines, and names every guide', () => {
  const readme = read('README.md');
  const lines = readme.split('\n').length;
  assert.ok(lines <= 160, `README.md has ${lines} lines`);
  for (const g of GUIDES) assert.match(readme, new RegExp(`\\(docs/${g.name}\\.md\\)`), `README links docs/${g.name}.md`);
});

test('every guide exists, has a title, and Help renders it', () => {
  for (const g of GUIDES) {
    const file = `docs/${g.name}.md`;
    assert.ok(existsSync(path.join(root, file)), `${file} exists`);
    assert.match(read(file), /^# .+/, `${file} starts with its title`);
    const html = helpPage(g.name, path.join(root, 'docs'));
    assert.ok(html?.includes('<h1'), `${g.name} renders`);
  }
});

test('the guides say what is, not which issue asked for it', () => {
  for (const file of READER_DOCS) {
    const hit = /\bissue \d+|\(issue|issue's/i.exec(read(file));
    assert.equal(hit, null, `${file} mentions "${hit?.[0]}"`);
  }
});

test('every npm command in the guides is a script of package.json, and every flag one it takes', () => {
  const problems: string[] = [];
  for (const file of READER_DOCS) {
    for (const { script, flags, line } of npmCommands(read(file))) {
      if (['install', 'ci', 'test', 'start'].includes(script) && !(script in pkg.scripts) && script !== 'test' && script !== 'start') continue;
      if (!(script in pkg.scripts)) {
        if (script !== 'install' && script !== 'ci') problems.push(`${file}: \`${line}\` — no script "${script}" in package.json`);
        continue;
      }
      const accepted = flagsOf(script);
      for (const flag of flags) if (!accepted.has(flag)) problems.push(`${file}: \`${line}\` — ${script} does not take ${flag} (it takes ${[...accepted].join(' ') || 'no flags'})`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every flag the guides name alone is one some command takes', () => {
  const all = new Set(Object.keys(pkg.scripts).flatMap((script) => [...flagsOf(script)]));
  const problems: string[] = [];
  for (const file of READER_DOCS) {
    for (const code of codeOf(read(file))) {
      const alone = /^(--[a-z][a-z-]*)(?:[ =/+].*)?$/.exec(code.trim());
      if (alone && !all.has(alone[1]!)) problems.push(`${file}: \`${code}\` — no command takes ${alone[1]}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every setting the guides name is one the code reads', () => {
  const problems: string[] = [];
  for (const file of READER_DOCS) {
    for (const name of documentedVariables(read(file))) if (!known.has(name)) problems.push(`${file}: ${name} is not read anywhere in the code`);
  }
  assert.deepEqual(problems, []);
});

/**
 * Read by the code but not a setting for a reader: set by the project's own scripts for the
 * processes they start, or by a test for itself.
 */
const NOT_SETTINGS = new Set([
  'CI', // set by CI itself
  'MALLOC_ARENA_MAX', // set by scripts/serve.mjs for the service it starts
  'ELECTRON_OVERRIDE_DIST_PATH', // Electron's own
  'E2E_OUTPUT', // a second Playwright run in one checkout
  'E2E_RENDERER_DIST', // the same
  'OPTICAL_POS_SERVICE_URL', // handed to the desktop window by the main process
  'PATH', // the system's
  'APPDATA', // the system's: where the default data folders go on Windows
  'XDG_DATA_HOME', // the system's: the same on Linux
  'NPM_CONFIG_NODEDIR', // npm's own, passed on to the native build for Electron
]);

test('every setting the code reads is in a guide', () => {
  const documented = new Set(READER_DOCS.flatMap((f) => [...documentedVariables(read(f))]));
  const userFacing = variablesRead([...['main', 'hub', 'scripts', 'bench'].flatMap(sourceFiles), 'playwright.config.ts']);
  const missing = [...userFacing].filter((n) => !documented.has(n) && !NOT_SETTINGS.has(n) && !/^npm_/.test(n));
  assert.deepEqual(missing, []);
});

test('every picture in the guides exists and is taken by an e2e test from a real screen', () => {
  const e2e = sourceFiles('e2e').map(read).join('\n');
  const problems: string[] = [];
  for (const file of ALL_DOCS) {
    for (const m of read(file).matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)) {
      const target = m[1]!;
      const name = path.basename(target);
      const onDisk = path.join(root, path.dirname(file), target);
      if (!existsSync(onDisk)) problems.push(`${file}: ${target} does not exist`);
      if (!new RegExp(`['\`]${name.replace('.', '\\.')}['\`],\\s*\\{\\s*guide: true`).test(e2e)) problems.push(`${file}: ${name} is not taken by an e2e test (screenshot(page, '${name}', { guide: true }))`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every link between the documents leads to a file and a heading that exist', () => {
  const problems: string[] = [];
  for (const file of ALL_DOCS) {
    const text = read(file);
    for (const m of text.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const href = m[1]!;
      if (/^[a-z]+:/i.test(href)) continue;
      const [target = '', anchor] = href.split('#');
      const full = target ? path.join(root, path.dirname(file), target) : path.join(root, file);
      if (!existsSync(full)) {
        problems.push(`${file}: ${href} — no such file`);
        continue;
      }
      if (anchor && full.endsWith('.md')) {
        const ids = [...readFileSync(full, 'utf8').matchAll(/^#+ (.+)$/gm)].map((h) => headingId(h[1]!));
        if (!ids.includes(anchor)) problems.push(`${file}: ${href} — no heading "${anchor}"`);
      }
    }
  }
  assert.deepEqual(problems, []);
});
