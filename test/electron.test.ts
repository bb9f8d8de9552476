/**
 * The desktop shell in the real Electron binary. Electron's download comes from outside the npm
 * registry, so on machines without it this test is skipped and says so plainly.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { _electron } from 'playwright';

const root = path.resolve(import.meta.dirname, '..');
const electronDir = path.join(root, 'node_modules', 'electron');
const pathFile = path.join(electronDir, 'path.txt');
const binary = existsSync(pathFile) ? path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8')) : null;
const available = binary !== null && existsSync(binary) && existsSync(path.join(root, 'dist', 'main', 'electron', 'main.js'));

test(
  'the desktop window opens on the login screen with the service behind it',
  { skip: available ? false : 'Electron binary not available on this machine (run `npm start` once where it can be downloaded)' },
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pos-electron-'));
    const app = await _electron.launch({ executablePath: binary!, args: [root], env: { ...process.env, POS_DATA_DIR: dataDir } });
    try {
      const window = await app.firstWindow();
      await window.getByLabel(/user name/i).fill('cashier');
      await window.getByLabel(/password/i).fill('demo1234');
      await window.getByRole('button', { name: /sign in/i }).click();
      await window.getByText('Navrangpura').first().waitFor();
      const isolated = await window.evaluate(() => typeof (globalThis as { require?: unknown }).require === 'undefined');
      assert.equal(isolated, true, 'no Node in the renderer');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
