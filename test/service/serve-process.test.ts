/**
 * Issue 12, memory: `npm run serve` (scripts/serve.mjs) runs the service in a child process started
 * with its memory settings (MALLOC_ARENA_MAX=2, V8's --max-semi-space-size=4). The child answers
 * as the service, and it stops when `npm run serve`'s process is killed with SIGKILL (its IPC
 * channel closes), so no service is left holding the store and the port.
 */
import assert from 'node:assert/strict';
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createClient } from '../../shared/client.js';
import { SERVICE_KEY_HEADER } from '../../shared/desktop.js';
import { api } from '../../shared/endpoints/index.js';
import { startService, stopService, type MainEnd } from '../../main/electron/service-channel.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/State:\s+Z/.test(readFileSync(`/proc/${pid}/status`, 'utf8'));

test('npm run serve: the service runs in a child with its memory settings and stops when serve is SIGKILLed', { skip: process.platform !== 'linux' }, async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pos-serve-'));
  const { MALLOC_ARENA_MAX: _unset, ...env } = process.env;
  const serve = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
    cwd: root,
    env: { ...env, POS_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', POS_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let service = 0;
  let out = '';
  const output = () => out;
  try {
    // Allow for a first build of the renderer and the main process (a clean clone builds both here).
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "listening" line: ${out}`)), 240_000);
      const read = (d: Buffer) => {
        out += String(d);
        const m = /listening on (http:\/\/[^\s]+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      };
      serve.stdout!.on('data', read);
      serve.stderr!.on('data', read);
      serve.once('exit', (code) => reject(new Error(`npm run serve exited (${code}): ${out}`)));
    });
    const children = readFileSync(`/proc/${serve.pid}/task/${serve.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
    assert.equal(children.length, 1, 'one service process');
    service = children[0]!;
    const cmdline = readFileSync(`/proc/${service}/cmdline`, 'utf8').split('\0');
    assert.ok(cmdline.includes('--max-semi-space-size=4'), cmdline.join(' '));
    assert.ok(cmdline.some((a) => a.endsWith(path.join('dist', 'main', 'bundle', 'serve.mjs'))), `the bundled service: ${cmdline.join(' ')}`);
    const environ = readFileSync(`/proc/${service}/environ`, 'utf8').split('\0');
    assert.ok(environ.includes('MALLOC_ARENA_MAX=2'), 'glibc keeps two memory arenas');

    const { token } = await createClient({ baseUrl: url }).call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } });
    assert.ok(token, 'the child answers as the service');
    // A read answered by a read worker, whose entry the bundle keeps beside serve.mjs; a worker
    // that cannot start would say so on stderr and the read would run on the main thread.
    const owing = await createClient({ baseUrl: url, getToken: () => token }).call(api.Orders.withBalance, { query: {} });
    assert.equal(typeof owing.totalRows, 'number');
    assert.doesNotMatch(output(), /failed to start|thread stopped|cannot open/);

    serve.kill('SIGKILL');
    const deadline = Date.now() + 15_000;
    while (alive(service) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(alive(service), false, 'the service stops when npm run serve is killed');
  } finally {
    serve.kill('SIGKILL');
    // A service left running (this test failing) would hold the pipes open and the run with them.
    if (service && alive(service)) process.kill(service, 'SIGKILL');
    serve.stdout!.destroy();
    serve.stderr!.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the desktop app’s service entry runs bundled: started, answering with its key, and stopped over the channel', async () => {
  // Built already by the test above through `npm run serve`; a no-op then, a build when run alone.
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-changed.mjs'), 'main'], { cwd: root, encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pos-desktop-'));
  // What main/electron/main.ts forks, with Electron's parentPort made of Node's IPC channel.
  const child = fork(path.join(root, 'dist', 'main', 'bundle', 'service-process.mjs'), [], {
    execArgv: ['--import', path.join(root, 'test', 'helpers', 'parent-port.mjs')],
    // The demo at once (no first-run screen), so the bundle's reads can be asked of its users.
    env: { ...process.env, POS_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += String(d)));
  child.stderr!.on('data', (d: Buffer) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const main: MainEnd = {
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.on('exit', (code) => listener(code ?? 1)),
    send: (message) => child.send(message),
  };
  try {
    const serviceKey = randomBytes(32).toString('base64url');
    const url = await startService(main, { dataDir, staticDir: path.join(root, 'dist', 'renderer'), serviceKey }, 60_000);
    const keyless = await fetch(`${url}/api-v1/api/quickSale/app-version`);
    assert.equal(keyless.status, 401, 'without the launch key: refused');
    const client = createClient({ baseUrl: url, headers: { [SERVICE_KEY_HEADER]: serviceKey } });
    const { token } = await client.call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } });
    const owing = await createClient({ baseUrl: url, getToken: () => token, headers: { [SERVICE_KEY_HEADER]: serviceKey } }).call(api.Orders.withBalance, { query: {} });
    assert.equal(typeof owing.totalRows, 'number', 'a read answered by the bundle’s read worker');
    assert.equal(await stopService(main, 10_000), 'stopped');
    assert.equal(await exited, 0);
    assert.doesNotMatch(out, /failed to start|thread stopped|cannot open/);
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
