/**
 * Slows down password guessing per user name: after 5 failures in a row the name is locked
 * for 30 s, doubling with each further failure up to 15 min. A success clears the count.
 * Kept in memory: a restart forgets it, which only helps someone who can restart the till.
 */
const FREE_ATTEMPTS = 5;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60_000;
const FORGET_AFTER_MS = 60 * 60_000;

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

export function loginThrottle(now: () => Date) {
  const entries = new Map<string, Entry>();
  const keyOf = (userName: string) => userName.trim().toLowerCase();

  return {
    /** Milliseconds the caller must still wait, 0 if an attempt may go ahead. */
    waitFor(userName: string): number {
      const entry = entries.get(keyOf(userName));
      if (!entry) return 0;
      const t = now().getTime();
      if (t - entry.lastFailure > FORGET_AFTER_MS) {
        entries.delete(keyOf(userName));
        return 0;
      }
      return Math.max(0, entry.lockedUntil - t);
    },
    failed(userName: string): void {
      const key = keyOf(userName);
      const t = now().getTime();
      const entry = entries.get(key) ?? { failures: 0, lockedUntil: 0, lastFailure: t };
      entry.failures += 1;
      entry.lastFailure = t;
      if (entry.failures >= FREE_ATTEMPTS) {
        const lock = Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (entry.failures - FREE_ATTEMPTS));
        entry.lockedUntil = t + lock;
      }
      entries.set(key, entry);
      if (entries.size > 10_000) {
        for (const [k, e] of entries) if (t - e.lastFailure > FORGET_AFTER_MS) entries.delete(k);
      }
    },
    succeeded(userName: string): void {
      entries.delete(keyOf(userName));
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
