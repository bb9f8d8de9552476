/**
 * When backups are taken by themselves (issue 14): daily once the set hour has passed (a PC that
 * was off at that hour backs up within a minute of its next start), and when the service closes. A minute's timer,
 * unref'd so it never keeps the process alive. A failed daily backup is tried again an hour later.
 */
import type { Db } from '../db/database.js';
import { backupSettings } from '../store/backup-copy.js';
import { readRecord, type BackupResult } from './record.js';
import { removeLeftovers, takeBackup } from './take.js';

export const CHECK_EVERY_MS = 60_000;
/**
 * How long the closing backup may run: the desktop app stops waiting for the service after 5 s
 * (main/electron/main.ts SERVICE_STOP_MS). A store too big to copy and check in that time is
 * stopped and says so (the check's thread is terminated: check-aside.ts); its daily backup still
 * runs.
 */
export const CLOSE_BUDGET_MS = 4_000;
const RETRY_AFTER_MS = 60 * 60_000;

/** The latest moment at or before `now` when the clock showed `hour`:00 (today's, else yesterday's). */
export function lastSetTime(now: Date, hour: number): Date {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour);
  if (at > now) at.setDate(at.getDate() - 1);
  return at;
}

/**
 * Whether the daily backup is due at `now`: no daily backup succeeded since the set hour last came
 * round (so a PC that was off then backs up when it next runs), and none was tried in the last hour.
 */
export function dailyDue(now: Date, hour: number, record: readonly BackupResult[]): boolean {
  const since = lastSetTime(now, hour).getTime();
  const tries = record.filter((r) => r.reason === 'daily' && new Date(r.at).getTime() >= since);
  if (tries.some((r) => r.ok)) return false;
  const lastTry = tries[0];
  return !lastTry || now.getTime() - new Date(lastTry.at).getTime() >= RETRY_AFTER_MS;
}

export interface BackupSchedule {
  /** Stops the timer and takes the closing backup. */
  close(): Promise<BackupResult>;
}

export function backupSchedule(options: { db: Db; dataDir: string; now: () => Date; nativeBinding?: string; onResult?: (r: BackupResult) => void }): BackupSchedule {
  const { db, dataDir, now } = options;
  removeLeftovers(dataDir);
  const take = async (reason: 'daily' | 'close', signal?: AbortSignal) => {
    const result = await takeBackup({ db, dataDir, now, reason, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}), ...(signal ? { signal } : {}) });
    options.onResult?.(result);
    return result;
  };
  let busy = false;
  const timer = setInterval(() => {
    if (busy || !db.open || !dailyDue(now(), backupSettings(db).read().hour, readRecord(dataDir))) return;
    busy = true;
    void take('daily').finally(() => (busy = false));
  }, CHECK_EVERY_MS);
  timer.unref();
  return {
    close() {
      clearInterval(timer);
      return take('close', AbortSignal.timeout(CLOSE_BUDGET_MS));
    },
  };
}
