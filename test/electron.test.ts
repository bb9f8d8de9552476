/**
 * The desktop shell in the real Electron binary. Electron's download comes from outside the npm
 * registry, so on machines without it this test is skipped and says so plainly (the pure parts
 * of the desktop layer are tested in Node: paper, print-bridge, service-channel, loopback).
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
  'the desktop window opens on the service’s own page, with the key in the bridge and no Node',
  { skip: available ? false : 'Electron binary not available on this machine (run `npm start` once where it can be downloaded)' },
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pos-electron-'));
    const app = await _electron.launch({ executablePath: binary!, args: [root], env: { ...process.env, POS_DATA_DIR: dataDir, POS_DEMO: '1' } });
    try {
      const window = await app.firstWindow();
      const where = await window.evaluate(() => ({
        origin: location.origin,
        bridge: Object.keys((globalThis as { opticalPos?: object }).opticalPos ?? {}).sort(),
        node: typeof (globalThis as { require?: unknown }).require !== 'undefined',
      }));
      assert.match(where.origin, /^http:\/\/127\.0\.0\.1:\d+$/, 'loaded from the service, not file://');
      assert.deepEqual(where.bridge, ['print', 'printSettings', 'printers', 'savePdf', 'savePrintSetting', 'serviceKey', 'serviceUrl', 'shell']);
      assert.equal(where.node, false, 'no Node in the renderer');
      const keyless = await window.evaluate(async () => (await fetch('/api-v1/api/quickSale/app-version')).status);
      assert.equal(keyless, 401, 'the page’s own fetch without the key is refused');

      await window.getByLabel(/user name/i).fill('cashier');
      await window.getByLabel(/password/i).fill('demo1234');
      await window.getByRole('button', { name: /sign in/i }).click();
      await window.getByText('Navrangpura').first().waitFor();
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
