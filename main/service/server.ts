/**
 * Starts the service on a port. Loopback is plain HTTP (the app and the browser on the same
 * PC); any other address, such as a branch PC serving the store's other tills, must be given a
 * TLS key and certificate, because the API carries passwords and customer data.
 */
import { isIP } from 'node:net';
import { openService, type Service, type ServiceOptions } from './service.js';

export interface ServerOptions extends ServiceOptions {
  /** 0 picks any free port. */
  port?: number;
  host?: string;
}

export interface RunningServer extends Service {
  url: string;
}

export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host) && !options.https) {
    throw new Error(`Refusing to listen on ${host} without TLS: set POS_TLS_KEY and POS_TLS_CERT (see README).`);
  }
  // On loopback the Host header is checked too (DNS rebinding); beyond it TLS names the server.
  const service = await openService({ ...options, loopbackHost: isLoopback(host) });
  try {
    await service.app.listen({ port: options.port ?? 0, host });
  } catch (err) {
    await service.close();
    throw err;
  }
  const address = service.app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const scheme = options.https ? 'https' : 'http';
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { ...service, url: `${scheme}://${shownHost}:${port}` };
}
