/**
 * The hub as its own process (`hub/main.ts`, as `npm run hub` runs it), for tests that kill it
 * with SIGKILL and start it again on the same folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `npm run hub -- …` run to its end. */
export function hubCli(env: NodeJS.ProcessEnv, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'hub/main.ts', ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * Starts the hub; resolves when it listens. `onLine` sees everything it prints. Its SIGKILL goes on
 * `cleanups` (the test file's, run in reverse in its `after`), so it is stopped before its folder goes.
 * `detached`: in a process group of its own, with its PostgreSQL, as a service manager runs it
 * (killGroup kills them all at once); the cleanup then kills the whole group.
 */
export function startHubProcess(
  cleanups: Array<() => unknown>,
  env: NodeJS.ProcessEnv,
  onLine: (text: string) => void = () => {},
  { detached = false }: { detached?: boolean } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'hub/main.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached });
  cleanups.push(() => (detached ? killGroup(child) : child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the hub did not start: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      onLine(chunk.toString());
      if (output.includes('Hub listening on')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the hub exited (${code}): ${output}`));
    });
  });
}

/** SIGKILL to every process of a detached hub's group (the hub and its PostgreSQL); none left is no error. */
export function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
