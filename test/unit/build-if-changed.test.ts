/** Reusing a build while its sources are unchanged (scripts/build-if-changed.mjs), on a scratch folder. */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildIfChanged, fingerprint, FINGERPRINT_FILE, inputFiles, type BuildTarget } from '../../scripts/build-if-changed.mjs';

const INPUTS = ['src', 'lib', 'package-lock.json'];

function scratch(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pos-fingerprint-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('src/app.tsx', 'export const app = 1;\n');
  write('src/nested/style.css', 'body { margin: 0 }\n');
  write('src/app.test.tsx', 'test();\n');
  write('lib/util.ts', 'export const util = 2;\n');
  write('package-lock.json', '{}\n');
  write('elsewhere.ts', 'not an input\n');
  return root;
}

test('the fingerprint stays while the sources are untouched, even when their mtimes change', () => {
  const root = scratch();
  try {
    const before = fingerprint(root, INPUTS);
    assert.match(before, /^[0-9a-f]{64}$/);
    assert.equal(fingerprint(root, INPUTS), before);
    // A fresh clone or a checkout gives every file a new mtime: the contents decide.
    utimesSync(path.join(root, 'src/app.tsx'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    writeFileSync(path.join(root, 'lib/util.ts'), 'export const util = 2;\n');
    assert.equal(fingerprint(root, INPUTS), before);
    // Tests and files outside the inputs are no part of the build.
    writeFileSync(path.join(root, 'src/app.test.tsx'), 'test(); test();\n');
    writeFileSync(path.join(root, 'elsewhere.ts'), 'changed\n');
    assert.equal(fingerprint(root, INPUTS), before);
    assert.deepEqual(inputFiles(root, INPUTS), ['lib/util.ts', 'package-lock.json', 'src/app.tsx', 'src/nested/style.css']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("the fingerprint changes with a source file's content, a new file, a renamed file or the command", () => {
  const root = scratch();
  try {
    const before = fingerprint(root, INPUTS);
    writeFileSync(path.join(root, 'src/nested/style.css'), 'body { margin: 1px }\n');
    const edited = fingerprint(root, INPUTS);
    assert.notEqual(edited, before);
    writeFileSync(path.join(root, 'src/nested/style.css'), 'body { margin: 0 }\n');
    assert.equal(fingerprint(root, INPUTS), before, 'the same contents again give the same fingerprint');
    writeFileSync(path.join(root, 'lib/more.ts'), '');
    assert.notEqual(fingerprint(root, INPUTS), before);
    rmSync(path.join(root, 'lib/more.ts'));
    rmSync(path.join(root, 'lib/util.ts'));
    writeFileSync(path.join(root, 'lib/renamed.ts'), 'export const util = 2;\n');
    assert.notEqual(fingerprint(root, INPUTS), before);
    assert.notEqual(fingerprint(root, INPUTS, ['vite build']), fingerprint(root, INPUTS, ['vite build --force']));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a build runs when the sources changed, failed or was never stamped, and is reused otherwise', () => {
  const root = scratch();
  const target: BuildTarget = { inputs: INPUTS, out: 'dist/app', outputs: ['dist/app/index.html'], command: ['fake-build', '--out', 'dist/app'] };
  const targets = { app: target };
  const builds: string[] = [];
  let fail = false;
  const run = (command: string, args: string[]) => {
    builds.push([command, ...args].join(' '));
    if (fail) return 1;
    mkdirSync(path.join(root, 'dist/app'), { recursive: true });
    writeFileSync(path.join(root, 'dist/app/index.html'), '<html></html>');
    return 0;
  };
  const lines: string[] = [];
  const build = (force = false) => buildIfChanged('app', { root, targets, run, force, log: (line) => lines.push(line) });
  const stamp = path.join(root, 'dist/app', FINGERPRINT_FILE);
  try {
    assert.equal(build(), 'built');
    assert.equal(readFileSync(stamp, 'utf8').trim(), fingerprint(root, INPUTS, ['fake-build --out dist/app']));
    assert.equal(build(), 'reused');
    assert.deepEqual(lines, ['app unchanged, reusing dist/app']);
    assert.equal(build(true), 'built', '--force builds anyway');

    writeFileSync(path.join(root, 'src/app.tsx'), 'export const app = 3;\n');
    fail = true;
    assert.throws(() => build(), /building the app failed/);
    assert.equal(existsSync(stamp), false, 'a failed build leaves no stamp');
    assert.throws(() => build(), /building the app failed/, 'and is tried again');
    fail = false;
    assert.equal(build(), 'built');
    assert.equal(build(), 'reused');

    rmSync(path.join(root, 'dist/app/index.html'));
    assert.equal(build(), 'built', 'a stamp without its output is no build');
    assert.equal(builds.length, 6);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
