/**
 * The real service in its own process, as `npm run serve` runs it (scripts/serve.mjs: the compiled
 * dist/main/serve.js, built beforehand by `ensureBuilt`), on a free loopback port: the benchmark's load and its own bookkeeping never share the service's thread,
 * and its memory is read from /proc for that process alone.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the "listening" line. */
  startedMs: number;
  rssMiB(): number;
  stop(): Promise<void>;
}

/** Builds the renderer and main process if their sources changed, so no start below includes a build. */
export function ensureBuilt(): void {
  for (const target of ['renderer', 'main']) {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-changed.mjs'), target], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`building the ${target} failed`);
  }
}

export function startService(dataDir: string): Promise<ServiceProcess> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
    cwd: root,
    env: { ...process.env, POS_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', POS_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('exit', (code) => reject(new Error(`the service exited (${code}) before listening: ${errors.trim()}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (!m) return;
      child.removeAllListeners('exit');
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      const startedMs = performance.now() - t0;
      resolve({
        url: m[1]!,
        child,
        startedMs,
        // The service's own process: `npm run serve` (scripts/serve.mjs) starts it as its child.
        rssMiB: () => {
          const kids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
          const pid = kids[0] ?? String(child.pid);
          const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
          return kb ? Math.round(Number(kb) / 1024) : 0;
        },
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
