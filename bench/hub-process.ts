/**
 * The hub as the benches run it when they measure what a PC meets: `npm run hub` in its own
 * process (hub/main.ts, its embedded PostgreSQL started by it with its durable settings), so its
 * work runs beside the PCs' on the other core, as it does on head office's machine, and not on the
 * bench's own thread.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** A port free on loopback now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `npm run hub -- [--tls] --port P --data-dir D`, as its own process; resolves when it listens. */
export function startHubProcess(dataDir: string, port: number, options: { tls?: boolean } = {}): Promise<{ child: ChildProcess }> {
  const args = ['--import', 'tsx', 'hub/main.ts', ...(options.tls ? ['--tls'] : []), '--port', String(port), '--data-dir', dataDir];
  const child = spawn(process.execPath, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    let listening = false;
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the hub exited (${code}): ${output}`));
    };
    const timer = setTimeout(() => reject(new Error(`the hub did not start: ${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      // Its request log goes on being read (and dropped) so the pipe never fills.
      if (listening) return;
      output += chunk.toString();
      if (output.includes('Hub listening on')) {
        listening = true;
        clearTimeout(timer);
        child.off('exit', early);
        resolve({ child });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', early);
  });
}

/** Stops the hub process (SIGTERM: it stops its PostgreSQL; SIGKILL after 30 s) and waits for it to exit. */
export function stopHubProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
