/**
 * Slows down password guessing (issue 14), three ways at once; an attempt waits for the longest:
 * - **a user name from one address**: 5 free failures, then a back-off of 30 s doubling to
 *   15 min. Keyed by name *and* address, so guesses from elsewhere on the network do not lock the
 *   real user out at her own till.
 * - **an address, whatever the names**: 20 failures, then the same back-off for that address
 *   (guessing across many names from one machine).
 * - **overall**: past 300 failures in the last minute from anywhere, every attempt waits for the
 *   minute to thin out (guessing spread over many machines).
 * A success clears its name and address. Kept in memory: a restart forgets it, which only helps
 * someone who can restart the till.
 */
const FREE_PER_NAME = 5;
const FREE_PER_ADDRESS = 20;
const FIRST_WAIT_MS = 30_000;
const MAX_WAIT_MS = 15 * 60_000;
const FORGET_AFTER_MS = 60 * 60_000;
export const OVERALL_PER_MINUTE = 300;

interface Entry {
  failures: number;
  waitUntil: number;
  lastFailure: number;
}

function backOff(free: number) {
  const entries = new Map<string, Entry>();
  return {
    waitFor(key: string, t: number): number {
      const entry = entries.get(key);
      if (!entry) return 0;
      if (t - entry.lastFailure > FORGET_AFTER_MS) {
        entries.delete(key);
        return 0;
      }
      return Math.max(0, entry.waitUntil - t);
    },
    failed(key: string, t: number): void {
      const entry = entries.get(key) ?? { failures: 0, waitUntil: 0, lastFailure: t };
      entry.failures += 1;
      entry.lastFailure = t;
      if (entry.failures >= free) entry.waitUntil = t + Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (entry.failures - free));
      entries.set(key, entry);
      if (entries.size > 10_000) {
        for (const [k, e] of entries) if (t - e.lastFailure > FORGET_AFTER_MS) entries.delete(k);
      }
    },
    clear(key: string): void {
      entries.delete(key);
    },
  };
}

export function loginThrottle(now: () => Date) {
  const names = backOff(FREE_PER_NAME);
  const addresses = backOff(FREE_PER_ADDRESS);
  /** Times of the latest failures, oldest first, at most OVERALL_PER_MINUTE of them. */
  const recent: number[] = [];
  const nameKey = (userName: string, address: string) => `${userName.trim().toLowerCase()}\u0000${address}`;

  return {
    /** Milliseconds the caller must still wait, 0 if an attempt may go ahead. */
    waitFor(userName: string, address = ''): number {
      const t = now().getTime();
      const overall = recent.length >= OVERALL_PER_MINUTE ? Math.max(0, recent[0]! + 60_000 - t) : 0;
      return Math.max(names.waitFor(nameKey(userName, address), t), addresses.waitFor(address, t), overall);
    },
    failed(userName: string, address = ''): void {
      const t = now().getTime();
      names.failed(nameKey(userName, address), t);
      addresses.failed(address, t);
      recent.push(t);
      if (recent.length > OVERALL_PER_MINUTE) recent.shift();
    },
    succeeded(userName: string, address = ''): void {
      names.clear(nameKey(userName, address));
      addresses.clear(address);
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
