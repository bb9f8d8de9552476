/**
 * The desktop app's service process, as main/electron/service-process.ts runs it, with the two
 * ends of Electron's utilityProcess channel replaced by an in-memory pair: the real service on
 * a real port and a real SQLite file, started and stopped only by messages.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { createClient } from '../../shared/client.js';
import { SERVICE_KEY_HEADER } from '../../shared/desktop.js';
import { api } from '../../shared/endpoints/index.js';
import { serveOver, ServiceStartError, startService, stopService, type MainEnd } from '../../main/electron/service-channel.js';
import { messageChannel } from '../helpers/desktop-service.js';

const KEY = 'a-per-launch-key-of-enough-length';
const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-service-channel-'));
  folders.push(dir);
  return dir;
};
after(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const channel = messageChannel;
// The desktop app reads POS_DEMO as `npm run serve` does; these tests sign in to the demo made at once.
process.env.POS_DEMO = '1';

test('started by message, the service listens on loopback with the key, and stops by message', async () => {
  const { service, main } = channel();
  const dataDir = tempDir();
  const staticDir = tempDir();
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Optical POS</title>');
  const served = serveOver(service);
  const url = await startService(main, { dataDir, staticDir, serviceKey: KEY }, 60_000);
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);

  const page = await fetch(`${url}/`);
  assert.equal(page.status, 200, 'the renderer is served by the service itself: one origin, no CORS');
  assert.match(await page.text(), /Optical POS/);
  const keyless = createClient({ baseUrl: url });
  await assert.rejects(keyless.call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } }), { status: 401 });
  const keyed = createClient({ baseUrl: url, headers: { [SERVICE_KEY_HEADER]: KEY } });
  const session = await keyed.call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } });
  assert.ok(session.token);

  assert.equal(await stopService(main, 10_000), 'stopped');
  await served;
  await assert.rejects(fetch(`${url}/`), 'the port is closed');
});

test('without POS_DEMO a first start serves the first-run screen, not the demo', async () => {
  const { service, main } = channel();
  const staticDir = tempDir();
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Optical POS</title>');
  const served = serveOver(service);
  delete process.env.POS_DEMO;
  try {
    const url = await startService(main, { dataDir: tempDir(), staticDir, serviceKey: KEY }, 60_000);
    const keyed = createClient({ baseUrl: url, headers: { [SERVICE_KEY_HEADER]: KEY } });
    assert.equal((await keyed.call(api.Setup.status, {})).state, 'first-run');
    await assert.rejects(keyed.call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } }), { status: 503 });
  } finally {
    process.env.POS_DEMO = '1';
    assert.equal(await stopService(main, 10_000), 'stopped');
    await served;
  }
});

test('a service that cannot open its data folder says why, and the main side rejects with it', async () => {
  const { service, main } = channel();
  const notAFolder = path.join(tempDir(), 'file');
  writeFileSync(notAFolder, 'x');
  const served = serveOver(service);
  await assert.rejects(startService(main, { dataDir: notAFolder, staticDir: tempDir(), serviceKey: KEY }, 60_000), (err: unknown) => {
    assert.ok(err instanceof ServiceStartError);
    assert.match(err.message, /EEXIST|ENOTDIR|not a directory|exists/i);
    return true;
  });
  assert.equal(await stopService(main, 10_000), 'stopped');
  await served;
});

test('a short key is refused by the service, not silently accepted', async () => {
  const { service, main } = channel();
  void serveOver(service);
  await assert.rejects(startService(main, { dataDir: tempDir(), staticDir: tempDir(), serviceKey: 'short' }, 5_000), ServiceStartError);
  await stopService(main, 5_000);
});

test('the main side gives up when the process dies or never answers', async () => {
  const dead = channel();
  const starting = startService(dead.main, { dataDir: tempDir(), staticDir: tempDir(), serviceKey: KEY }, 60_000);
  dead.exit(3);
  await assert.rejects(starting, /stopped while starting \(exit code 3\)/);

  const silent = channel();
  await assert.rejects(startService(silent.main, { dataDir: tempDir(), staticDir: tempDir(), serviceKey: KEY }, 50), /did not start within/);
  assert.equal(await stopService(silent.main, 50), 'timeout');
});

test('messages the service does not understand are answered with an error, not acted on', async () => {
  const { service, main, raw } = channel();
  void serveOver(service);
  const answers: unknown[] = [];
  main.onMessage((message) => answers.push(message));
  raw({ type: 'start', dataDir: '/', staticDir: '/', serviceKey: KEY, extra: 'no' });
  raw('start');
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(answers.length, 2);
  assert.ok(answers.every((a) => (a as { type: string }).type === 'error'));
  await stopService(main, 5_000);
});

test('stopping a service whose process is already gone returns at once', async () => {
  const { main } = channel();
  const gone: MainEnd = { ...main, send: () => { throw new Error('exited'); } };
  assert.equal(await stopService(gone, 60_000), 'stopped');
});
