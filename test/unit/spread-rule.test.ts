/** The lint rule against fields after a spread in the service's per-request code (eslint.config.js): prove it bites, and where. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function flagged(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

test('a field or a second spread after a spread is refused in the service; the spread last or extend() is not', async () => {
  const head = "import { extend } from '../../../shared/extend.js';\nconst row = { id: 1, name: 'Asha' };\n";
  assert.equal(await flagged('main/service/sale/x.ts', `${head}export const a = { ...row, at: 'now' };\n`), 1);
  assert.equal(await flagged('main/service/store/x.ts', `${head}export const a = { ...row, ...{ at: 'now' } };\n`), 1);
  assert.equal(await flagged('main/service/sale/x.ts', `${head}export const a = { at: 'now', ...row };\nexport const b = extend(row, { at: 'now' });\n`), 0);
  // Setup and seeding run once: the plain form stays there.
  assert.equal(await flagged('main/service/setup/x.ts', `${head}export const a = { ...row, at: 'now' };\n`), 0);
});
