/**
 * Whether the processes of an embedded PostgreSQL that was killed still hold its cluster folder,
 * read from the lock file PostgreSQL keeps there (`postmaster.pid`) and from /proc.
 *
 * A hub killed with its whole process group (SIGKILL, as a service manager or the OOM killer
 * does it) leaves a postmaster.pid naming a postmaster that is a zombie until whoever adopts
 * orphans reaps it (under systemd at once; in a container without an init, maybe never), and
 * children that may still be exiting. PostgreSQL refuses to start while that PID exists at all
 * (a zombie answers kill(pid, 0)) and while its shared memory segment is attached. The cluster is
 * released when the postmaster is gone or a zombie (or the PID is now some other program), no
 * live postgres process has the cluster as its working folder (every PostgreSQL process does),
 * and nothing is attached to the segment named in the lock file (PostgreSQL's own interlock).
 *
 * Linux only (/proc); elsewhere nothing is known to hold the folder and the start decides.
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';

export interface LockFile {
  /** The postmaster's PID (line 1). */
  pid: number;
  /** The System V shared memory segment's id (line 7: key, then id), if the file names one. */
  shmId: number | null;
}

export function readLockFile(clusterDir: string): LockFile | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const shm = (lines[6] ?? '').trim().split(/\s+/);
  const shmId = shm.length === 2 && /^\d+$/.test(shm[1]!) ? Number(shm[1]) : null;
  return { pid, shmId };
}

export interface ProcessInfo {
  /** 'zombie': exited, waiting to be reaped; it holds nothing but its PID. */
  state: 'gone' | 'zombie' | 'running';
  /** The program's name as the kernel knows it (`postgres` for every PostgreSQL process, whatever its title). */
  comm: string;
}

/** What /proc/PID/stat says of a process (Linux); `running` with an empty name where there is no /proc. */
export function processInfo(pid: number): ProcessInfo {
  if (process.platform !== 'linux') {
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') return { state: 'gone', comm: '' };
    }
    return { state: 'running', comm: '' };
  }
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return { state: 'gone', comm: '' };
  }
  // "PID (comm) S …": the name may itself hold spaces and parentheses, the state follows the last ')'.
  const close = stat.lastIndexOf(')');
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  return { state: stat[close + 2] === 'Z' ? 'zombie' : 'running', comm };
}

/** The working folder of a process, or null when it has none left (a zombie) or is not ours to read. */
function cwdOf(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return null;
  }
}

/** Whether `pid` is a live postgres process working in `clusterDir` (its cwd unreadable: assumed so). */
export function isPostgresOf(pid: number, clusterDir: string): boolean {
  const info = processInfo(pid);
  if (info.state !== 'running') return false;
  if (process.platform !== 'linux') return true;
  if (info.comm !== 'postgres') return false;
  const cwd = cwdOf(pid);
  return cwd === null || cwd === path.resolve(clusterDir);
}

export interface ClusterHolders {
  /** Live postgres processes whose working folder is the cluster (the postmaster among them, if alive). */
  pids: number[];
  /** Processes attached to the lock file's shared memory segment (0 if it no longer exists). */
  attached: number;
}

/** Who still holds the cluster of `lock`. */
export function clusterHolders(clusterDir: string, lock: LockFile): ClusterHolders {
  if (process.platform !== 'linux') return { pids: [], attached: 0 };
  const dir = path.resolve(clusterDir);
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    const info = processInfo(pid);
    if (info.state === 'running' && info.comm === 'postgres' && cwdOf(pid) === dir) pids.push(pid);
  }
  return { pids, attached: lock.shmId === null ? 0 : shmAttached(lock.shmId) };
}

/** nattch of a System V shared memory segment, from /proc/sysvipc/shm (columns: key shmid perms size cpid lpid nattch …). */
function shmAttached(shmId: number): number {
  let table: string;
  try {
    table = readFileSync('/proc/sysvipc/shm', 'utf8');
  } catch {
    return 0;
  }
  for (const line of table.split('\n').slice(1)) {
    const columns = line.trim().split(/\s+/);
    if (Number(columns[1]) === shmId) return Number(columns[6]) || 0;
  }
  return 0;
}

export const isReleased = (holders: ClusterHolders): boolean => holders.pids.length === 0 && holders.attached === 0;

export function describeHolders(holders: ClusterHolders): string {
  const parts: string[] = [];
  if (holders.pids.length > 0) parts.push(`postgres processes ${holders.pids.join(', ')} still running in it`);
  if (holders.attached > 0) parts.push(`${holders.attached} process(es) still attached to its shared memory`);
  return parts.join('; ');
}
