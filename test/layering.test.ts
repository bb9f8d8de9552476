/** The import rule between layers is enforced by the linter; prove the rule bites. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function restricted(file: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports');
}

test('shared/ may not import main/, renderer/ or Node built-ins', async () => {
  assert.equal(await restricted('shared/x.ts', "import { a } from '../main/service/server.js';\nexport const b = a;\n"), true);
  assert.equal(await restricted('shared/x.ts', "import { a } from '../renderer/src/App.js';\nexport const b = a;\n"), true);
  assert.equal(await restricted('shared/x.ts', "import fs from 'node:fs';\nexport const b = fs;\n"), true);
  assert.equal(await restricted('shared/x.ts', "import { z } from 'zod';\nexport const b = z;\n"), false);
});

test('the service may not import electron or renderer/; main/electron/ may import electron', async () => {
  assert.equal(await restricted('main/service/x.ts', "import { app } from 'electron';\nexport const b = app;\n"), true);
  assert.equal(await restricted('main/service/x.ts', "import { a } from '../../renderer/src/App.js';\nexport const b = a;\n"), true);
  assert.equal(await restricted('main/electron/x.ts', "import { app } from 'electron';\nexport const b = app;\n"), false);
});

test('renderer/ may import shared/ only, not main/ or electron', async () => {
  assert.equal(await restricted('renderer/src/x.ts', "import { a } from '../../main/service/server.js';\nexport const b = a;\n"), true);
  assert.equal(await restricted('renderer/src/x.ts', "import { app } from 'electron';\nexport const b = app;\n"), true);
  assert.equal(await restricted('renderer/src/x.ts', "import { api } from '../../shared/endpoints/index.js';\nexport const b = api;\n"), false);
});

/**
 * Inside the service, what each folder may import is declared in .dependency-cruiser.cjs and
 * checked by `npm run lint`. A probe tree in a temporary folder, cruised with that very config,
 * proves the rule bites: static and dynamic imports that run up a layer, and a cycle.
 */
async function layerViolations(files: Record<string, string>): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'layers-'));
  try {
    await copyFile(path.join(root, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
    await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    for (const [file, code] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), code);
    }
    const result = spawnSync(path.join(root, 'node_modules', '.bin', 'depcruise'), [...new Set(Object.keys(files).map((f) => f.split('/')[0]!)), '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const report = JSON.parse(result.stdout) as { summary: { violations: Array<{ from: string; to: string; rule: { name: string } }> } };
    return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to.replace(/^.*node_modules\//, 'node_modules/')}`).sort();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('inside the service: a store module may not import the HTTP edge, statically or dynamically; a domain area may import the store', async () => {
  const violations = await layerViolations({
    'main/service/errors.ts': 'export const e = 1;\n',
    'main/service/http/errors.ts': "import { e } from '../errors.js';\nexport const h = e;\n",
    'main/service/store/a.ts': "import { h } from '../http/errors.js';\nexport const a = h;\n",
    'main/service/store/b.ts': "export const b = async () => (await import('../http/errors.js')).h;\n",
    'main/service/sale/c.ts': "import { a } from '../store/a.js';\nimport { e } from '../errors.js';\nexport const c = a + e;\n",
  });
  assert.deepEqual(violations, [
    'not-in-allowed: main/service/store/a.ts → main/service/http/errors.ts',
    'not-in-allowed: main/service/store/b.ts → main/service/http/errors.ts',
  ]);
});

test('in the renderer, core/ imports nothing of the renderer; ui/ reads only whether the service answers; a feature uses core/ but not the shell', async () => {
  const violations = await layerViolations({
    'renderer/src/core/service.ts': 'export const s = 1;\n',
    'renderer/src/core/connection.ts': "import { s } from './service.js';\nexport const c = s;\n",
    'renderer/src/core/router.ts': "import { f } from '../app/AppFrame.js';\nimport { p } from '../ui/Pager.js';\nexport const r = [f, p];\n",
    'renderer/src/app/AppFrame.ts': "import { s } from '../core/service.js';\nimport { p } from '../ui/Pager.js';\nexport const f = [s, p];\n",
    'renderer/src/ui/Pager.ts': "import { s } from '../core/service.js';\nimport { c } from '../core/connection.js';\nexport const p = [s, c];\n",
    'renderer/src/orders/List.ts': "import { s } from '../core/service.js';\nexport const l = async () => [s, (await import('../app/AppFrame.js')).f];\n",
  });
  assert.deepEqual(violations, [
    'not-in-allowed: renderer/src/core/router.ts → renderer/src/app/AppFrame.ts',
    'not-in-allowed: renderer/src/core/router.ts → renderer/src/ui/Pager.ts',
    'not-in-allowed: renderer/src/orders/List.ts → renderer/src/app/AppFrame.ts',
    'not-in-allowed: renderer/src/ui/Pager.ts → renderer/src/core/service.ts',
  ]);
});

test('in the renderer, a feature uses another feature only through the files the rules name', async () => {
  const violations = await layerViolations({
    'renderer/src/print/PrintActions.ts': 'export const p = 1;\n',
    'renderer/src/audit/AuditScreen.ts': 'export const a = 1;\n',
    'renderer/src/orders/OrderPage.ts': "import { p } from '../print/PrintActions.js';\nimport { a } from '../audit/AuditScreen.js';\nexport const o = [p, a];\n",
  });
  assert.deepEqual(violations, ['not-in-allowed: renderer/src/orders/OrderPage.ts → renderer/src/audit/AuditScreen.ts']);
});

test('packages by layer, dynamic imports included: electron only in the shell, no Node in the renderer, zod only in the contract', async () => {
  const violations = await layerViolations({
    'main/service/late.ts': "export const late = async () => (await import('electron')).app;\n",
    'main/electron/shell.ts': "import { app } from 'electron';\nexport const shell = app;\n",
    'renderer/src/app/disk.ts': "export const disk = async () => (await import('node:fs')).readFileSync;\n",
    'shared/contract/x.ts': "import { z } from 'zod';\nexport const x = z.string();\nexport const y = async () => (await import('node:path')).join;\n",
  });
  assert.deepEqual(violations, [
    'electron-only-in-the-shell: main/service/late.ts → node_modules/electron/index.js',
    'renderer-is-browser-code: renderer/src/app/disk.ts → fs',
    'shared-is-zod-only: shared/contract/x.ts → path',
  ]);
});

test('the hub (issue 15) imports shared/ only; nothing of main/ imports the hub or PostgreSQL', async () => {
  const violations = await layerViolations({
    'shared/sync.ts': 'export const s = 1;\n',
    'main/service/errors.ts': 'export const e = 1;\n',
    'hub/ok.ts': "import { s } from '../shared/sync.js';\nimport pg from 'pg';\nexport const ok = [s, pg];\n",
    'hub/bad.ts': "import { e } from '../main/service/errors.js';\nexport const bad = e;\n",
    'main/service/sync.ts': "import { ok } from '../../hub/ok.js';\nexport const x = async () => [ok, (await import('pg')).default];\n",
  });
  assert.deepEqual(violations, [
    'not-in-allowed: hub/bad.ts → main/service/errors.ts',
    'not-in-allowed: main/service/sync.ts → hub/ok.ts',
    'postgres-only-in-the-hub: main/service/sync.ts → node_modules/pg/esm/index.mjs',
  ]);
});

test('no import cycles, even inside one folder', async () => {
  const violations = await layerViolations({
    'main/service/db/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
    'main/service/db/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
  });
  assert.deepEqual(violations, ['no-circular: main/service/db/a.ts → main/service/db/b.ts']);
});

/** Issue 13: handlers only map. Read from the sources, so a new handler is held to it too. */
test('no handler holds SQL, and no handler file is longer than 80 lines', async () => {
  const dir = path.join(root, 'main', 'service', 'endpoints');
  const files = (await readdir(dir, { recursive: true })).map(String).filter((f) => f.endsWith('.ts'));
  assert.ok(files.length > 50, 'the handlers were found');
  const sql = /\b(SELECT\s[\s\S]*?\bFROM|INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+\w+\s+SET)\b|\.prepare\s*[<(]|\bdb\.exec\s*\(/;
  const withSql = [];
  const long = [];
  for (const f of files) {
    const text = await readFile(path.join(dir, f), 'utf8');
    if (sql.test(text)) withSql.push(f);
    if (text.includes('implement(') && text.trimEnd().split('\n').length > 80) long.push(f);
  }
  assert.deepEqual(withSql, [], 'SQL belongs in store/');
  assert.deepEqual(long, [], 'a handler maps; rules belong in their domain area');
});
