/**
 * Whether the service answers (issue 16). react-query's onlineManager holds it: while it is
 * offline, queries pause instead of failing and keep what they last showed; when it comes back
 * online, every query on screen refetches. The client's fetch (service.ts) decides it from every
 * call's fate and the shell's poll (app/ServiceDownBanner.tsx) when nobody calls; screens and
 * ui/ListScreen read it here to mark what they show as out of date.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** Since when the service has not answered (ms since epoch); null while it answers. */
let downSince: number | null = null;

export function serviceReached(answered: boolean): void {
  if (answered === onlineManager.isOnline()) return;
  downSince = answered ? null : Date.now();
  onlineManager.setOnline(answered);
}

export function serviceDownSince(): number | null {
  return downSince;
}

/** True while the service is unreachable; re-renders on every change. */
export function useServiceDown(): boolean {
  return !useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  );
}
