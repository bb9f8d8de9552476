/** Finding the app's files from sources, from dist/ and inside a packaged app (main/app-root.ts). */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { appRoot, appVersion, findAppRoot, unpackedPath } from '../../main/app-root.js';

test('from the sources, the root is the checkout', () => {
  assert.equal(appRoot(), path.resolve(import.meta.dirname, '..', '..'));
  assert.match(appVersion(), /^\d+\.\d+\.\d+/);
});

test('in a packaged app the root is the archive, where package.json sits beside dist/', () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'pos-packaged-'));
  try {
    // The shape electron-builder gives: resources/app.asar/{package.json,dist/main/app-root.js}.
    const archive = path.join(base, 'resources', 'app.asar');
    mkdirSync(path.join(archive, 'dist', 'main'), { recursive: true });
    writeFileSync(path.join(archive, 'package.json'), '{"version":"1.2.3"}');
    assert.equal(findAppRoot(path.join(archive, 'dist', 'main')), archive);
    assert.throws(() => findAppRoot(path.join(base, 'resources')), /package.json not found/);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('unpacked files are read beside the archive; other paths are left alone', () => {
  assert.equal(
    unpackedPath('/opt/Optical POS/resources/app.asar/dist/renderer'),
    '/opt/Optical POS/resources/app.asar.unpacked/dist/renderer',
  );
  assert.equal(
    unpackedPath('C:\\Program Files\\Optical POS\\resources\\app.asar\\dist\\renderer'),
    'C:\\Program Files\\Optical POS\\resources\\app.asar.unpacked\\dist\\renderer',
  );
  assert.equal(unpackedPath('/work/main/dist/renderer'), '/work/main/dist/renderer');
  assert.equal(unpackedPath('/srv/my.app.asarx/dist'), '/srv/my.app.asarx/dist');
});
