/**
 * The one place a refusal becomes HTTP (issue 13): a ServiceError's kind picks the status, its
 * code and words go out as the spec's error body `{message, errors?, code}`. Nothing else reaches
 * the client: no stack traces, no SQL.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../../shared/contract/errors.js';
import { ServiceError, systemFault, type ErrorKind } from '../errors.js';
import { EncIdError } from '../ids/enc-id.js';

/** Each kind of refusal's HTTP status. */
export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many': 429,
  unavailable: 503,
};

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | ServiceError | Error, request, reply) => {
    // A fault of the store's file or of any other file (disk full, read-only, I/O, too many open
    // files): a coded 503 and a log line, never a 500.
    const fault = systemFault(thrown);
    const error = fault ?? thrown;
    const route = `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
    if (error instanceof ServiceError) {
      const body: ErrorBody = { message: error.message, errors: error.errors, code: error.code };
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      const status = STATUS_OF[error.kind];
      if (status >= 500) request.log.error({ route, code: error.code, err: fault ? thrown : undefined }, error.message);
      else request.log.info({ route, status, code: error.code }, 'refused');
      return reply.code(status).send(body);
    }
    if (error instanceof EncIdError) {
      return reply.code(400).send({ message: error.message, code: 'INVALID_ID' } satisfies ErrorBody);
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type), with their FST_ERR_* code.
      return reply.code(status).send({ message: error.message, ...('code' in error && typeof error.code === 'string' ? { code: error.code } : {}) });
    }
    request.log.error({ route, err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NO_SUCH_ENDPOINT' } satisfies ErrorBody);
  });
}
