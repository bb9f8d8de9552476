/**
 * Who may talk to the service at all, decided before a request is routed to a handler or its
 * body is read. A web page open in any browser on the same PC can send requests to 127.0.0.1,
 * so a loopback server is not private by being on loopback:
 *
 * - Host: on loopback only `127.0.0.1:<port>`, `localhost:<port>` (and `[::1]:<port>`) are
 *   answered. A DNS-rebinding page reaches us under its own name (evil.example:<port>), so its
 *   Host names that and is turned away (421) before it can read anything.
 * - Origin: a browser names the page that sent a request; an API call or any write from any
 *   other origin than the service's own is refused (403). Preflights are never granted and the
 *   API sends no CORS headers, so a foreign page cannot even read the refusal. Plain GETs of
 *   public files (the renderer's scripts, the print fonts a print window loads from its blank
 *   origin) are not Origin-checked: they hold nothing secret.
 * - Service key: the desktop app starts the service with a per-launch secret that only its own
 *   renderer receives (through the preload); every API call must carry it (401 otherwise).
 *   `npm run serve` (browsers, other tills) runs without one and relies on the checks above
 *   plus the bearer token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../../shared/client.js';
import type { ErrorBody } from '../../../shared/contract/errors.js';
import { SERVICE_KEY_HEADER } from '../../../shared/desktop.js';

export interface RequestCheckOptions {
  /** Per-launch secret every API call must carry in SERVICE_KEY_HEADER. */
  serviceKey?: string;
  /** The server listens on loopback: answer only Host headers naming loopback at our port. */
  loopbackHost?: boolean;
  /** 'https' when serving TLS; the scheme of the service's own origin. */
  scheme: 'http' | 'https';
}

const API_ROUTES = `${API_PREFIX}/api/`.toLowerCase();

/** Constant-time on the digests, so neither the key's content nor its length leaks through timing. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The Host values a loopback server at `port` answers to. */
export function loopbackHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body: ErrorBody = { message };
  return reply.code(status).send(body);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function installRequestChecks(app: FastifyInstance, options: RequestCheckOptions): void {
  if (options.serviceKey !== undefined && options.serviceKey.length < 16) {
    throw new Error('A service key must be at least 16 characters: it is the only lock on the desktop service.');
  }
  app.addHook('onRequest', async (request, reply) => {
    const host = (header(request, 'host') ?? '').toLowerCase();
    if (options.loopbackHost) {
      const port = request.socket.localPort;
      if (port === undefined || !loopbackHosts(port).includes(host)) {
        return refuse(reply, 421, `This service answers only as 127.0.0.1 or localhost on its own port, not as ${host || 'no host'}.`);
      }
    }
    if (request.method === 'OPTIONS') {
      // No CORS: a preflight is never granted, whatever it asks for.
      return refuse(reply, 405, 'Cross-origin requests are not served.');
    }
    const api = request.routeOptions.url?.toLowerCase().startsWith(API_ROUTES) ?? false;
    const origin = header(request, 'origin');
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (origin !== undefined && (api || !read) && origin.toLowerCase() !== `${options.scheme}://${host}`) {
      return refuse(reply, 403, 'Requests from other web pages are not served.');
    }
    if (!api) return;
    // A browser that sends Sec-Fetch-Site says where the request came from even when it sends no Origin (a GET from an <img>).
    const site = header(request, 'sec-fetch-site');
    if (site === 'cross-site' || site === 'same-site') {
      return refuse(reply, 403, 'Requests from other web pages are not served.');
    }
    if (options.serviceKey !== undefined) {
      const key = header(request, SERVICE_KEY_HEADER);
      if (key === undefined || !sameSecret(key, options.serviceKey)) {
        return refuse(reply, 401, 'This service answers only the Optical POS window that started it.');
      }
    }
  });
}
