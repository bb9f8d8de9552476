/**
 * Coded refusals of the hub (issue 15), as the branch service's errors.ts: a rule refuses with a
 * kind and a stable code in plain words; one table at the edge (server.ts) picks the HTTP status.
 * The hub is its own program and imports nothing of main/, so it has its own small copy.
 */

export type HubErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'conflict' | 'gone' | 'unavailable';

/** Field path (e.g. `changes.3.seq`) to the messages for that field. */
export type FieldErrors = Record<string, string[]>;

export class HubError extends Error {
  constructor(
    readonly kind: HubErrorKind,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HubError';
  }
}

export const STATUS_OF: Record<HubErrorKind, number> = { invalid: 400, unauthorized: 401, forbidden: 403, conflict: 409, gone: 410, unavailable: 503 };
