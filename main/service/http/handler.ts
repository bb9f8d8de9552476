/**
 * A handler is an endpoint row of the contract plus the function that answers it. Routes are
 * registered only for rows that have one: an endpoint not built yet is absent (404), not faked.
 */
import type { EndpointDef, EndpointResponse, ParsedInput } from '../../../shared/contract/endpoint.js';
import type { RequestContext } from '../context.js';

import type { BinaryResult } from '../print/output.js';

export type { BinaryResult };

export type HandlerResult<E extends EndpointDef> =
  E['responseKind'] extends { kind: 'binary' | 'document' } ? BinaryResult : EndpointResponse<E>;

export interface Handler<E extends EndpointDef = EndpointDef> {
  endpoint: E;
  run(input: ParsedInput<E>, ctx: RequestContext): Promise<unknown> | unknown;
  /** A read that may scan much: run on a read worker with a time limit (reads/read-pool.ts). */
  offThread?: boolean;
}

export function implement<E extends EndpointDef>(
  endpoint: E,
  run: (input: ParsedInput<E>, ctx: RequestContext) => Promise<HandlerResult<E>> | HandlerResult<E>,
  options: { offThread?: boolean } = {},
): Handler<E> {
  return { endpoint, run, ...(options.offThread ? { offThread: true } : {}) };
}
