/**
 * The typed client. The renderer and the tests talk to the service only through this, so they
 * work against the embedded service or any other server of the same contract.
 */
import type { EndpointDef, EndpointInput, EndpointResponse } from './contract/endpoint.js';
import { fillPath } from './contract/endpoint.js';
import { ErrorBody } from './contract/errors.js';

export const API_PREFIX = '/api-v1';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
  /** Messages for one field, as the service names it (`customerModel.mobile`). */
  fieldErrors(field: string): string[] {
    return this.body.errors?.[field] ?? [];
  }
}

export interface ClientOptions {
  /** Service origin, e.g. `http://127.0.0.1:5170`; the `/api-v1` segment is added here. */
  baseUrl: string;
  getToken?: () => string | null | undefined;
  /** Called on every 401 of an authenticated call, before the error is thrown. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  /** Sent with every call, e.g. the desktop app's per-launch service key (SERVICE_KEY_HEADER). */
  headers?: Record<string, string>;
}

export type RawResponse = { status: number; contentType: string; bytes: Uint8Array };

export interface Client {
  call<E extends EndpointDef>(endpoint: E, input?: EndpointInput<E>): Promise<EndpointResponse<E>>;
  /** For binary and document endpoints (logos, PDFs): the bytes and their content type. */
  raw<E extends EndpointDef>(endpoint: E, input?: EndpointInput<E>): Promise<RawResponse>;
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createClient(options: ClientOptions): Client {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.baseUrl.replace(/\/+$/, '') + API_PREFIX;

  async function send(endpoint: EndpointDef, input: Record<string, unknown> | undefined): Promise<Response> {
    const url =
      base +
      fillPath(endpoint.path, input?.params as Record<string, unknown> | undefined) +
      queryString(input?.query as Record<string, unknown> | undefined);
    const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
    const token = endpoint.auth === 'public' ? null : options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (input && 'body' in input && input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    } else if (endpoint.body) {
      headers['content-type'] = 'application/json';
      body = '{}';
    }
    const response = await doFetch(url, { method: endpoint.method, headers, body });
    if (response.ok) return response;
    if (response.status === 401 && endpoint.auth !== 'public') options.onUnauthorized?.();
    const text = await response.text();
    let parsed: ErrorBody = { message: `${response.status} ${response.statusText}` };
    try {
      const json = ErrorBody.safeParse(JSON.parse(text));
      if (json.success) parsed = json.data;
    } catch {
      // not JSON: keep the status line as the message
    }
    throw new ApiError(response.status, parsed);
  }

  return {
    async call(endpoint, input) {
      const response = await send(endpoint, input as Record<string, unknown> | undefined);
      return (await response.json()) as EndpointResponse<typeof endpoint>;
    },
    async raw(endpoint, input) {
      const response = await send(endpoint, input as Record<string, unknown> | undefined);
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        bytes: new Uint8Array(await response.arrayBuffer()),
      };
    },
  };
}
