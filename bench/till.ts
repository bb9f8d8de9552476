/**
 * One till as the benchmark drives it: signed in as a real user, its own till id, every call over
 * loopback HTTP to the paths of the contract's endpoint table. Bodies are read with JSON.parse
 * only, so what is timed is the service and the transport, not a client-side schema check.
 *
 * Calls go through node:http on one kept-alive connection per till, as a till's browser keeps
 * its connection to the service open. Not fetch: undici's fetch built Request, Response, Headers
 * and web streams for every call, and that work, on the benchmark's own thread and heap, was
 * timed as if it were the service's (README "Benchmark": 0.2 ms more a call at p50 and 2–3 ms at
 * p99 on the same service, against node:http).
 */
import http from 'node:http';
import { TILL_HEADER } from '../shared/contract/till.js';
import { api } from '../shared/endpoints/index.js';

type Endpoint = { method: string; path: string };

interface Answer {
  status: number;
  body: Buffer;
}

/** The service's own time for a call, as its Server-Timing header gives it (`app;dur=0.42`). */
const SERVICE_TIME = /(?:^|,)\s*app;dur=([\d.]+)/;

export class Till {
  private token = '';
  /** The service's own milliseconds for the last call, when it said (signed-in calls that succeeded). */
  serviceMs: number | undefined;
  /** One connection, kept open between calls: a till asks one thing at a time. */
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly origin: URL;

  constructor(
    readonly url: string,
    readonly id: string,
  ) {
    this.origin = new URL(url);
  }

  async signIn(userName: string): Promise<this> {
    const r = await this.call<{ token: string }>(api.Auth.login, { body: { userName, password: 'demo1234' } });
    this.token = r.token;
    // A sale needs the till's open session (issue 16): open it with no float, unless it is open already.
    const opened = await this.send('POST', api.Till.open.path, JSON.stringify({ openingFloat: 0 }));
    if (opened.status >= 300 && opened.status !== 409 && opened.status !== 403) throw new Error(`Till/open: ${opened.status} ${opened.body.toString()}`);
    return this;
  }

  /** Calls an endpoint; throws with the status and message on anything but 2xx. */
  async call<T = unknown>(
    endpoint: Endpoint,
    input: { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown; raw?: boolean } = {},
  ): Promise<T> {
    let path = endpoint.path;
    for (const [k, v] of Object.entries(input.params ?? {})) path = path.replace(`{${k}}`, encodeURIComponent(v));
    const query = input.query ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}` : '';
    const body = endpoint.method !== 'GET' ? JSON.stringify(input.body ?? {}) : undefined;
    const answer = await this.send(endpoint.method, path + query, body);
    if (answer.status < 200 || answer.status >= 300) throw new Error(`${endpoint.method} ${endpoint.path}: ${answer.status} ${answer.body.toString()}`);
    if (input.raw) return answer.body as T;
    return JSON.parse(answer.body.toString()) as T;
  }

  private send(method: string, path: string, body: string | undefined): Promise<Answer> {
    const headers: Record<string, string | number> = { [TILL_HEADER]: this.id };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: this.origin.hostname, port: this.origin.port, path: `/api-v1${path}`, method, headers, agent: this.agent },
        (response) => {
          const timing = SERVICE_TIME.exec(String(response.headers['server-timing'] ?? ''));
          this.serviceMs = timing ? Number(timing[1]) : undefined;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
}
