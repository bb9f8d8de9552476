/**
 * The Fastify application: body parsing for the spec's JSON content types, error handling,
 * the contract's routes, the OpenAPI document and its docs page, and optionally the built
 * renderer as static files (for the desktop window, `npm run serve` and browsers on other
 * tills), under the request checks of request-checks.ts.
 */
import fastifyStatic from '@fastify/static';
import { extend } from '../../../shared/extend.js';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { API_PREFIX } from '../../../shared/client.js';
import { endpointList } from '../../../shared/endpoints/index.js';
import { buildOpenApi } from '../../../shared/openapi.js';
import type { ServiceDeps } from '../context.js';
import { registerFontRoute } from '../print/font-route.js';
import { registerHelpRoutes } from '../help/route.js';
import { installErrorHandling } from './errors.js';
import type { Handler } from './handler.js';
import { installRequestChecks } from './request-checks.js';
import { registerRoutes } from './routes.js';
import type { ReadPool } from '../reads/read-pool.js';

/**
 * The renderer's policy as a response header: everything from the service's own origin and
 * nothing else (the <meta> policy in index.html cannot say frame-ancestors; this one can).
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface AppOptions {
  staticDir?: string;
  strictResponses?: boolean;
  /** Read workers for the handlers marked offThread (reads/read-pool.ts). */
  reads?: ReadPool;
  logger?: boolean;
  /** A pino logger of the service's own (log.ts); requests are not logged one by one, refusals and faults are. */
  loggerInstance?: FastifyBaseLogger;
  /** Required by server.ts for any address beyond loopback. */
  https?: { key: Buffer; cert: Buffer };
  /** Per-launch secret every API call must carry (the desktop app); see request-checks.ts. */
  serviceKey?: string;
  /** Listening on loopback: refuse Host headers other than 127.0.0.1/localhost at our port. */
  loopbackHost?: boolean;
  limits?: ConnectionLimits;
}

/** How long a request may take to arrive and how many connections may be open at once (issue 14). */
export interface ConnectionLimits {
  /** A request (headers and body) still arriving after this is cut off with 408. */
  requestTimeoutMs?: number;
  /** Connections past this are closed at once; a store has a handful of tills. */
  maxConnections?: number;
}

export const DEFAULT_LIMITS = { requestTimeoutMs: 30_000, maxConnections: 256, bodyBytes: 1024 * 1024 } as const;

/**
 * Fastify's JSON-schema compilers (ajv for requests, fast-json-stringify for responses), loaded
 * when a route first has a schema of that kind to compile instead of when Fastify is created.
 * The contract's routes are checked with zod (routes.ts) and declare none, so a start no longer
 * loads ajv: about 120 ms of the start to first login (issue 12, node --cpu-prof of the start).
 * Same compilers, same options: only when they load changes.
 */
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
type Builder = (externalSchemas: unknown, options: unknown) => (route: unknown) => unknown;
const whenFirstNeeded = (selector: string): Builder => (externalSchemas, options) => {
  let compile: ((route: unknown) => unknown) | undefined;
  return (route) => {
    compile ??= (fastifyRequire(selector) as () => Builder)()(externalSchemas, options);
    return compile(route);
  };
};
const LAZY_COMPILERS = {
  buildValidator: whenFirstNeeded('@fastify/ajv-compiler'),
  buildSerializer: whenFirstNeeded('@fastify/fast-json-stringify-compiler'),
};

/** Spec, rule 2: application/json, text/json and application/*+json are all JSON. */
function installJsonParsing(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  for (const type of ['application/json', 'text/json', /^application\/[\w.-]+\+json$/]) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, text, done) => {
      const source = String(text);
      if (source.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(source));
      } catch {
        done(Object.assign(new Error('Request body is not valid JSON'), { statusCode: 400 }), undefined);
      }
    });
  }
}

export async function buildApp(
  deps: ServiceDeps,
  handlers: readonly Handler[],
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const requestTimeout = options.limits?.requestTimeoutMs ?? DEFAULT_LIMITS.requestTimeoutMs;
  // Node checks for requests past their time-out every 30 s by default: often enough to cut one off.
  const checking = { connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(requestTimeout / 2))) };
  const logging = options.loggerInstance
    ? { loggerInstance: options.loggerInstance, logController: new LogController({ disableRequestLogging: true }) }
    : { logger: options.logger ?? false };
  const server = options.https ? { https: extend(options.https, checking) } : { http: checking };
  const settings = {
    schemaController: { compilersFactory: LAZY_COMPILERS as never },
    // No endpoint takes a file: 1 MiB is far more than any request the contract declares.
    bodyLimit: DEFAULT_LIMITS.bodyBytes,
    requestTimeout,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  };
  const app = Fastify(Object.assign(logging, settings, server)) as unknown as FastifyInstance;
  app.server.maxConnections = options.limits?.maxConnections ?? DEFAULT_LIMITS.maxConnections;
  // Node only enforces the request time-out when the headers' own is no longer (it is 60 s by default).
  app.server.headersTimeout = Math.min(app.server.headersTimeout, requestTimeout);
  installJsonParsing(app);
  installErrorHandling(app);
  installRequestChecks(app, {
    scheme: options.https ? 'https' : 'http',
    loopbackHost: options.loopbackHost ?? false,
    ...(options.serviceKey !== undefined ? { serviceKey: options.serviceKey } : {}),
  });
  // The renderer's CSP is a <meta> tag, which cannot forbid framing; these headers can.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
  });

  const implemented = new Set(handlers.map((h) => h.endpoint.name));
  // Built on first use, not at every start (about 150 ms of a start-to-login budget of 1.5 s,
  // issue 12): @fastify/swagger keeps this object and hands it out as it then is, filled.
  const document: Record<string, unknown> = {};
  const fillDocument = () => {
    if (Object.keys(document).length === 0) Object.assign(document, buildOpenApi(endpointList, { implemented, version: `v1 (Optical POS ${deps.version})` }));
    return document;
  };
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith(`${API_PREFIX}/docs`)) fillDocument();
  });
  app.get(`${API_PREFIX}/openapi.json`, async () => fillDocument());
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  registerRoutes(app, deps, handlers, { strictResponses: options.strictResponses ?? false, ...(options.reads ? { reads: options.reads } : {}) });
  registerFontRoute(app);
  registerHelpRoutes(app);

  if (options.staticDir && existsSync(options.staticDir)) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      prefix: '/',
      wildcard: false,
      setHeaders: (reply) => {
        reply.setHeader('content-security-policy', RENDERER_CSP);
      },
    });
  }
  return app;
}
