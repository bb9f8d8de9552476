/** The import rule between layers is enforced by the linter; prove the rule bites. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import path from 'node:path';
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
