/**
 * Turns handlers into Fastify routes under `/api-v1`: authenticate, validate path, query and
 * body against the contract, run, and check the answer against the contract's response schema
 * before it leaves.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routerPath, type EndpointDef, type ParsedInput } from '../../../shared/contract/endpoint.js';
import { API_PREFIX } from '../../../shared/client.js';
import { readTillId, TILL_HEADER } from '../../../shared/contract/till.js';
import { guard } from '../auth/guard.js';
import { requestContext, type ServiceDeps } from '../context.js';
import { asActor } from '../db/journal.js';
import type { BinaryResult, Handler } from './handler.js';
import { parsePart } from './validation.js';
import { CheckedJson, ReadPoolUnavailable, type ReadPool } from '../reads/read-pool.js';

/** Typed responses are offered as application/json, text/json and text/plain (spec, rule 2). */
function responseType(accept: string | undefined): string {
  if (!accept || accept.includes('application/json') || accept.includes('*/*')) return 'application/json; charset=utf-8';
  if (accept.includes('text/json')) return 'text/json; charset=utf-8';
  if (accept.includes('text/plain')) return 'text/plain; charset=utf-8';
  return 'application/json; charset=utf-8';
}

export interface RouteOptions {
  /** Throw on a response that breaks the contract (tests and development); otherwise log it. */
  strictResponses: boolean;
  /** Where handlers marked offThread run; without it they run here. */
  reads?: ReadPool;
}

export function registerRoutes(
  app: FastifyInstance,
  deps: ServiceDeps,
  handlers: readonly Handler[],
  options: RouteOptions,
): void {
  const authenticate = guard(deps);

  for (const { endpoint, run, offThread } of handlers) {
    app.route({
      method: endpoint.method,
      url: API_PREFIX + routerPath(endpoint.path),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        // With no store at all there is nobody to sign in: the first-run service registers only the
        // Setup rows, which answer without (first-run.ts); request-checks.ts still guards the port.
        const user =
          endpoint.auth === 'public' || deps.mode === 'first-run' ? null : await authenticate(request.headers.authorization, endpoint.auth, endpoint.name);
        const input = {
          params: parsePart(endpoint.params, request.params, 'path'),
          query: parsePart(endpoint.query, request.query, 'query'),
          body: parsePart(endpoint.body, request.body, 'body'),
        } as ParsedInput<EndpointDef>;
        const till = readTillId(request.headers[TILL_HEADER]);
        const origin = `${request.protocol}://${request.host}`;
        // Whatever the handler writes is journaled as this user's, from this branch and till.
        const actor = { userId: user?.id ?? null, branchId: user?.branchId ?? null, till, source: 'app' as const, now: deps.now };
        const here = () => asActor(actor, () => run(input, requestContext(deps, user, origin, till, request.ip)));
        const result =
          offThread && options.reads
            ? await options.reads.run({ endpoint: endpoint.name, input, user, origin, till, now: deps.now().toISOString() }).catch((err: unknown) => {
                if (err instanceof ReadPoolUnavailable) return here();
                throw err;
              })
            : await here();
        return send(endpoint, result, request, reply, options, user !== null);
      },
    });
  }
}

function send(
  endpoint: EndpointDef,
  result: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  options: RouteOptions,
  timed: boolean,
) {
  if (result instanceof CheckedJson) {
    if (result.issues) request.log.error({ endpoint: endpoint.name, issues: result.issues }, 'response breaks the contract');
    reply.type(responseType(request.headers.accept));
    if (timed) serverTiming(reply);
    return reply.send(result.json);
  }
  const kind = endpoint.responseKind?.kind ?? 'json';
  if (kind !== 'json') {
    const binary = result as BinaryResult;
    reply.type(binary.contentType);
    if (binary.fileName) reply.header('content-disposition', `inline; filename="${binary.fileName}"`);
    if (timed) serverTiming(reply);
    return reply.send(Buffer.from(binary.bytes));
  }
  const checked = endpoint.response.safeParse(result);
  if (!checked.success) {
    if (options.strictResponses) {
      throw new Error(`Response of ${endpoint.name} breaks the contract: ${checked.error.message}`);
    }
    request.log.error({ endpoint: endpoint.name, issues: checked.error.issues }, 'response breaks the contract');
  }
  reply.type(responseType(request.headers.accept));
  const json = JSON.stringify(checked.success ? checked.data : result);
  if (timed) serverTiming(reply);
  return reply.send(json);
}

/**
 * The service's own time for a signed-in call, as a Server-Timing header (`app;dur=0.42`,
 * milliseconds): from when Fastify began handling the request (its headers and body read) to the
 * answer ready to send. Waiting for the service's one thread, behind other tills' requests, is
 * not in it, nor is the network. The benchmark reads it to tell the service's part of a call from
 * the rest, and a browser's developer tools show it. Public calls (sign-in among them) and
 * refusals go without, so it tells nobody signed out how long a check took.
 */
function serverTiming(reply: FastifyReply): void {
  reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
}
