/**
 * The service outage banner (issue 16). Every call's fate tells whether the service answers (the
 * client's fetch reports it, core/connection.ts); a poll of the cheapest signed-in route
 * (Account/user-details: one row by key) notices an outage when nobody is calling, and notices
 * the return quickly while it lasts. On the return every query is marked stale and those on
 * screen refetch, so nothing shown during the outage passes for current.
 */
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import { formatInstant } from '../ui/dates.js';
import { serviceDownSince, useServiceDown } from '../core/connection.js';
import { client } from '../core/service.js';

const POLL_WHILE_UP_MS = 10_000;
const POLL_WHILE_DOWN_MS = 1_500;

export function useServiceWatch(): boolean {
  const down = useServiceDown();
  const queryClient = useQueryClient();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      // The answer (or its absence) is reported by the client's fetch; a 401 signs out as usual.
      await client.call(api.Account.userDetails, {}).catch(() => undefined);
      if (!stopped) timer = setTimeout(() => void poll(), onlineManager.isOnline() ? POLL_WHILE_UP_MS : POLL_WHILE_DOWN_MS);
    };
    timer = setTimeout(() => void poll(), down ? POLL_WHILE_DOWN_MS : POLL_WHILE_UP_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [down]);

  // Back from an outage: whatever was fetched before or during it is stale; what is on screen asks again.
  useEffect(() => {
    return onlineManager.subscribe((online) => {
      if (online) void queryClient.invalidateQueries();
    });
  }, [queryClient]);

  return down;
}

export function ServiceDownBanner() {
  const down = useServiceWatch();
  if (!down) return null;
  const since = serviceDownSince();
  return (
    <div className="banner banner-error service-down" role="alert" aria-label="Service unreachable">
      <strong>The Optical POS service cannot be reached{since ? ` (since ${formatInstant(new Date(since).toISOString())?.split(', ')[1] ?? ''})` : ''}</strong>
      <span>
        What is on screen may be out of date and nothing can be saved. It refreshes by itself when the service is back.
      </span>
    </div>
  );
}
