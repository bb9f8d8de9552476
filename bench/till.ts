/**
 * One till as the benchmark drives it: signed in as a real user, its own till id, every call over
 * loopback HTTP to the paths of the contract's endpoint table. Bodies are read with JSON.parse
 * only, so what is timed is the service and the transport, not a client-side schema check.
 */
import { TILL_HEADER } from '../shared/contract/till.js';
import { api } from '../shared/endpoints/index.js';

type Endpoint = { method: string; path: string };

export class Till {
  private token = '';

  constructor(
    readonly url: string,
    readonly id: string,
  ) {}

  async signIn(userName: string): Promise<this> {
    const r = await this.call<{ token: string }>(api.Auth.login, { body: { userName, password: 'demo1234' } });
    this.token = r.token;
    // A sale needs the till's open session (issue 16): open it with no float, unless it is open already.
    const opened = await fetch(`${this.url}/api-v1${api.Till.open.path}`, {
      method: 'POST',
      headers: { [TILL_HEADER]: this.id, authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ openingFloat: 0 }),
    });
    if (!opened.ok && opened.status !== 409 && opened.status !== 403) throw new Error(`Till/open: ${opened.status} ${await opened.text()}`);
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
    const headers: Record<string, string> = { [TILL_HEADER]: this.id };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let body: string | undefined;
    if (endpoint.method !== 'GET') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body ?? {});
    }
    const response = await fetch(`${this.url}/api-v1${path}${query}`, { method: endpoint.method, headers, body });
    if (!response.ok) throw new Error(`${endpoint.method} ${endpoint.path}: ${response.status} ${await response.text()}`);
    if (input.raw) return (await response.arrayBuffer()) as T;
    return (await response.json()) as T;
  }
}
