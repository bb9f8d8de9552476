/**
 * The hub's HTTP edge (issue 15): the sync routes and head office's read of the current rows,
 * validation with the shared zod schemas (400 naming the field, nothing written), and the one
 * kind → status mapping. A fault of the database (PostgreSQL down, connection lost) is a coded
 * 503, never a 500.
 */
import type { TLSSocket } from 'node:tls';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type pg from 'pg';
import type { z } from 'zod';
import { JoinRequest, OrderQuery, PullQuery, PushRequest, readPushRequest, RowsQuery, SnapshotOpen, SnapshotQuery, SYNC_PATHS, type JoinInfo } from '../shared/sync.js';
import { HubError, STATUS_OF, type FieldErrors } from './errors.js';
import type { HubClock } from './sync/clock.js';
import { checkClient } from './sync/certificates.js';
import { join } from './sync/join.js';
import { answerPull } from './sync/pull.js';
import { applyPush } from './sync/push.js';
import { answerRows } from './sync/rows.js';
import { answerOrder } from './sync/audience.js';
import { Snapshots } from './sync/snapshot.js';
import type { HubCa } from './tls/ca.js';

export interface HubAppOptions {
  pool: pg.Pool;
  clock: HubClock;
  /** A push committed changes: the hub's folder (sync/row-state.ts) folds them into the current rows. */
  onPushed?: () => void;
  logger?: FastifyServerOptions['logger'];
  /**
   * HTTPS. With `clientCa` (the hub's own CA) it is mutual: the push and pull routes take only
   * an unrevoked client certificate of that CA naming the node the request speaks for. With
   * `issuer` (the hub's own CA and its key) a joining PC is answered its client certificate.
   */
  https?: { cert: string | Buffer; key: string | Buffer; clientCa?: string | undefined; issuer?: HubCa | undefined } | undefined;
}

/** A pushed batch of 2000 changes with their values fits well within this. */
const BODY_LIMIT = 32 * 1024 * 1024;

export function buildHubApp(options: HubAppOptions): FastifyInstance {
  const tls = options.https;
  // The handshake asks for a certificate but lets a request without one reach the route, which
  // answers a coded 401 in words instead of a bare TLS alert (and /health stays open).
  const https = tls && { cert: tls.cert, key: tls.key, ...(tls.clientCa ? { ca: tls.clientCa, requestCert: true, rejectUnauthorized: false } : {}) };
  const app = (https
    ? Fastify({ logger: options.logger ?? false, bodyLimit: BODY_LIMIT, https })
    : Fastify({ logger: options.logger ?? false, bodyLimit: BODY_LIMIT })) as unknown as FastifyInstance;
  const speaksFor = async (request: FastifyRequest, nodeId: number) => {
    if (tls?.clientCa) await checkClient(options.pool, request.raw.socket as TLSSocket, nodeId);
  };

  app.post(SYNC_PATHS.push, async (request) => {
    // The written-out check takes a good batch as it is; any other goes to the schema, whose refusal names the field.
    const batch = readPushRequest(request.body) ?? parse(PushRequest, request.body, 'batch');
    await speaksFor(request, batch.nodeId);
    const answer = await applyPush(options.pool, options.clock, batch);
    if (!answer.duplicate) options.onPushed?.();
    return answer;
  });
  app.get(SYNC_PATHS.pull, async (request, reply) => {
    const query = parse(PullQuery, request.query, 'pull');
    await speaksFor(request, query.nodeId);
    // A PullResponse written as JSON already (sync/pull.ts): sent as it is.
    return reply.type('application/json; charset=utf-8').send(await answerPull(options.pool, query));
  });
  app.get(`${SYNC_PATHS.rows}/:table`, async (request) => {
    const query = parse(RowsQuery, request.query, 'rows query');
    await speaksFor(request, query.nodeId);
    return answerRows(options.pool, (request.params as { table: string }).table, query);
  });
  app.get(SYNC_PATHS.order, async (request) => {
    const query = parse(OrderQuery, request.query, 'order query');
    await speaksFor(request, query.nodeId);
    return answerOrder(options.pool, options.clock, query);
  });
  // A joining PC's snapshot of the current rows (sync/snapshot.ts), node-authenticated as a pull.
  const snapshots = new Snapshots(options.pool, undefined, (message) => app.log.warn(message));
  app.addHook('onClose', () => snapshots.closeAll());
  app.post(SYNC_PATHS.snapshot, async (request) => {
    const body = parse(SnapshotOpen, request.body, 'snapshot request');
    await speaksFor(request, body.nodeId);
    return snapshots.open(body.nodeId);
  });
  app.get(`${SYNC_PATHS.snapshot}/:id`, async (request, reply) => {
    const query = parse(SnapshotQuery, request.query, 'snapshot query');
    await speaksFor(request, query.nodeId);
    return reply.type('application/json; charset=utf-8').send(await snapshots.page((request.params as { id: string }).id, query));
  });
  app.delete(`${SYNC_PATHS.snapshot}/:id`, async (request) => {
    const query = parse(SnapshotQuery, request.query, 'snapshot query');
    await speaksFor(request, query.nodeId);
    await snapshots.close((request.params as { id: string }).id, query.nodeId);
    return { closed: true };
  });
  app.get(SYNC_PATHS.join, async (): Promise<JoinInfo> => ({ caCertificate: tls?.issuer?.cert ?? null }));
  app.post(SYNC_PATHS.join, async (request) => join(options.pool, parse(JoinRequest, request.body, 'join'), tls?.issuer));
  app.get('/hub/v1/health', async () => ({ ok: true, clock: options.clock.current() }));

  app.setErrorHandler((error: Error, request, reply) => {
    if (error instanceof HubError) {
      const status = STATUS_OF[error.kind];
      request.log.info({ status, code: error.code }, error.message);
      return reply.code(status).send({ message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 0;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large), with their FST_ERR_* code.
      return reply.code(status).send({ message: error.message, ...('code' in error && typeof error.code === 'string' ? { code: error.code } : {}) });
    }
    request.log.error({ err: error }, 'hub fault');
    return reply.code(503).send({ message: 'The hub cannot reach its database just now: try again shortly', code: 'HUB_UNAVAILABLE' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NO_SUCH_ENDPOINT' });
  });
  return app;
}

/** Parses with a shared schema; a refusal names every field (`changes.3.seq`) and writes nothing. */
function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || what;
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    (errors[field] ??= []).push(missing ? 'is required' : issue.message);
  }
  const [field, messages] = Object.entries(errors)[0]!;
  throw new HubError('invalid', 'INVALID_INPUT', `The ${what} is not valid: ${field} ${messages[0]}`, errors);
}
