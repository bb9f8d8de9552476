/**
 * The one client of the Optical Retail Service API that the whole renderer shares, and the hooks
 * screens call it through: `useEndpoint` (a query), `useEndpointMutation` (a change) and
 * `useInvalidate` (refresh what a change made stale), all keyed from the endpoint table.
 */
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { createClient } from '../../../shared/client.js';
import type { EndpointDef, EndpointInput, EndpointResponse } from '../../../shared/contract/endpoint.js';
import { TILL_HEADER } from '../../../shared/contract/till.js';
import { SERVICE_KEY_HEADER } from '../../../shared/desktop.js';
import { serviceReached } from './connection.js';
import { serviceUrl } from './service-url.js';
import { useSession } from './session.js';

const bridge = window.opticalPos;
const serviceKey = bridge?.serviceKey;

export { serviceUrl };

/**
 * This till's id: made once per installation (the desktop app's profile, or this browser) and kept,
 * so a cart belongs to the PC that opened it as well as to its user (shared/contract/till.ts).
 */
function tillId(): string {
  const key = 'optical-pos.till';
  const kept = localStorage.getItem(key);
  if (kept && /^[A-Za-z0-9-]{1,64}$/.test(kept)) return kept;
  const made = crypto.randomUUID();
  localStorage.setItem(key, made);
  return made;
}

/** fetch that tells connection.ts whether the service answered: any HTTP answer is an answer. */
const watchedFetch: typeof fetch = async (input, init) => {
  try {
    const response = await fetch(input, init);
    serviceReached(true);
    return response;
  } catch (error) {
    serviceReached(false);
    throw error;
  }
};

export const client = createClient({
  baseUrl: serviceUrl,
  fetch: watchedFetch,
  // The desktop app's service answers only calls carrying the key its preload handed this window.
  headers: { [TILL_HEADER]: tillId(), ...(serviceKey ? { [SERVICE_KEY_HEADER]: serviceKey } : {}) },
  getToken: () => useSession.getState().session?.token,
  // An expired or revoked token sends the user back to the login screen, whatever screen asked.
  onUnauthorized: () => useSession.getState().logout(),
});

/**
 * A query's key, from the endpoint table: `[endpoint.name]` for the endpoint as a whole (what an
 * invalidation names to refresh every call of it), `[endpoint.name, input]` for one call. Never
 * written by hand, so a screen that changes data and a screen that shows it agree on the key.
 */
export function endpointKey<E extends EndpointDef>(endpoint: E, input?: EndpointInput<E> | null): EndpointKey {
  return input === undefined ? [endpoint.name] : [endpoint.name, input];
}

export type EndpointKey = readonly [name: string, input?: unknown];

export type EndpointQueryOptions<E extends EndpointDef, R, TData> = Omit<
  UseQueryOptions<NoInfer<EndpointResponse<E> | R>, Error, TData, EndpointKey>,
  'queryKey' | 'queryFn'
> & {
  /**
   * Turns a failed call into an answer instead of an error (a 404 that means "gone, start
   * again"); rethrow what it does not take.
   */
  recover?: (error: unknown) => R;
};

/** The key and the call of one endpoint's query, for `useQueries` (a list of them) and `useEndpoint`. */
export function endpointQuery<E extends EndpointDef>(endpoint: E, input?: EndpointInput<E> | null) {
  return {
    queryKey: endpointKey(endpoint, input),
    queryFn: () => client.call(endpoint, input ?? undefined),
  };
}

/**
 * One endpoint's answer as a react-query query, keyed by `endpointKey`. A null input means "not
 * yet": nothing is asked until there is one (and `enabled` may hold it back further).
 */
export function useEndpoint<E extends EndpointDef, R = never, TData = EndpointResponse<E> | R>(
  endpoint: E,
  input?: EndpointInput<E> | null,
  { recover, enabled = true, ...options }: EndpointQueryOptions<E, R, TData> = {},
): UseQueryResult<TData, Error> {
  const { queryKey, queryFn } = endpointQuery(endpoint, input);
  return useQuery({
    ...options,
    queryKey,
    queryFn: async () => {
      try {
        return await queryFn();
      } catch (error) {
        if (recover) return recover(error);
        throw error;
      }
    },
    enabled: input !== null && enabled,
  });
}

export type EndpointMutationOptions<E extends EndpointDef, V> = Omit<
  UseMutationOptions<EndpointResponse<E>, Error, V>,
  'mutationFn'
> &
  ([V] extends [EndpointInput<E>]
    ? { /** What the screen hands `mutate`, made into the endpoint's input. */ input?: (variables: V) => EndpointInput<E> }
    : { input: (variables: V) => EndpointInput<E> });

/** One endpoint's call as a react-query mutation: `mutate(input)`, or `mutate(v)` with an `input` mapper. */
export function useEndpointMutation<E extends EndpointDef, V = EndpointInput<E>>(
  endpoint: E,
  { input, ...options }: EndpointMutationOptions<E, V> = {} as EndpointMutationOptions<E, V>,
): UseMutationResult<EndpointResponse<E>, Error, V> {
  return useMutation({
    ...options,
    mutationFn: (variables: V) => client.call(endpoint, input ? input(variables) : (variables as EndpointInput<E>)),
  });
}

/**
 * Marks calls stale, so what shows them asks again: an endpoint as a whole, or
 * `endpointKey(endpoint, input)` for the calls of it with that input.
 */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return useCallback(
    async (...targets: (EndpointDef | EndpointKey)[]) => {
      await Promise.all(
        targets.map((target) =>
          queryClient.invalidateQueries({ queryKey: isEndpointKey(target) ? target : endpointKey(target) }),
        ),
      );
    },
    [queryClient],
  );
}

function isEndpointKey(target: EndpointDef | EndpointKey): target is EndpointKey {
  return Array.isArray(target);
}
