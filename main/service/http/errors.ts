/**
 * Errors a handler may throw, and how every failure becomes the spec's error body
 * `{message, errors?}`. Nothing else reaches the client: no stack traces, no SQL.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../../shared/contract/errors.js';
import { EncIdError } from '../ids/enc-id.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** A stable code a client can act on (e.g. PRICE_APPROVAL_REQUIRED: offer the manager's approval). */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new HttpError(400, message, errors);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** An ENC id that failed to decode, named by the field it came in. */
export function invalidId(field: string, error: EncIdError): HttpError {
  return badRequest(`Invalid identifier: ${field}`, { [field]: [error.message] });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = {
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.code ? { code: error.code } : {}),
      };
      return reply.code(error.status).headers(error.headers ?? {}).send(body);
    }
    if (error instanceof EncIdError) {
      return reply.code(400).send({ message: error.message });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });
}
