/**
 * Starts the service on a port. Loopback is plain HTTP (the app and the browser on the same
 * PC); any other address, such as a branch PC serving the store's other tills, must be given a
 * TLS key and certificate, because the API carries passwords and customer data.
 *
 * The server owns the port, so it owns switching stores: a PC with no store yet is served the
 * first-run screen (first-run.ts) when `noStore` asks for it; once a store is made on screen (set
 * up, joined, or the demo chosen; or a real store set up from the demo), that service is closed
 * and the data folder opened again on the same port. The app notices the short gap as an outage,
 * waits, and shows the sign-in of the new store.
 */
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { FirstRunControl } from './context.js';
import { openFirstRun } from './first-run.js';
import { openService, type Service, type ServiceOptions } from './service.js';
import { DEMO_FILE, storeFile } from './store-file.js';

/**
 * What a data folder with no real store opens: 'demo' makes the demo at once (the default, for the
 * tests; POS_DEMO=1); 'ask' shows the first-run screen, the demo one of its choices (POS_DEMO
 * unset), unless the demo was chosen before; 'no-demo' shows it without the demo and never opens
 * one (POS_DEMO=0).
 */
export type NoStore = 'demo' | 'ask' | 'no-demo';

/** POS_DEMO's values: unset (or anything else) 'ask', 1 'demo', 0 'no-demo'. */
export function noStoreFromEnv(value: string | undefined): NoStore {
  if (value === '1') return 'demo';
  if (value === '0') return 'no-demo';
  return 'ask';
}

export interface ServerOptions extends ServiceOptions {
  /** 0 picks any free port. */
  port?: number;
  host?: string;
  /** With no real store in the data folder (default 'demo'). */
  noStore?: NoStore;
  /** Told each time the port serves another store (after the first-run screen or leaving the demo). */
  onSwitch?: (mode: RunningServer['mode']) => void;
}

export interface RunningServer extends Service {
  url: string;
  /** What is served now: the first-run screen, the demo or a real store. */
  readonly mode: Service['deps']['mode'];
  /** Resolves once a switch of store asked for is done (at once when none is under way). */
  switched(): Promise<void>;
}

export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** Whether the data folder opens the first-run screen rather than a store. */
function firstRunFor(dataDir: string, noStore: NoStore): boolean {
  if (noStore === 'demo' || storeFile(dataDir)) return false;
  return noStore === 'no-demo' || !existsSync(path.join(dataDir, DEMO_FILE));
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host) && !options.https) {
    throw new Error(`Refusing to listen on ${host} without TLS: set POS_TLS_KEY and POS_TLS_CERT (see README).`);
  }
  const noStore = options.noStore ?? 'demo';
  let pending: 'store' | 'demo' | null = null;
  let switching: Promise<void> | null = null;
  let port = options.port ?? 0;
  const control: FirstRunControl = {
    demoOffered: noStore !== 'no-demo',
    hubTlsDir: options.hubTlsDir,
    storeMade: (what) => {
      pending = what;
    },
  };

  // On loopback the Host header is checked too (DNS rebinding); beyond it TLS names the server.
  const open = async (demoChosen: boolean): Promise<Service> => {
    const serviceOptions = { ...options, loopbackHost: isLoopback(host), firstRun: control };
    const service = !demoChosen && firstRunFor(options.dataDir, noStore) ? await openFirstRun(serviceOptions) : await openService(serviceOptions);
    // The answer that made the store has gone out: now the store it made is opened.
    service.app.addHook('onResponse', async () => {
      if (pending) switchStore();
    });
    return service;
  };
  const listen = async (service: Service) => {
    try {
      await service.app.listen({ port, host });
    } catch (err) {
      await service.close();
      throw err;
    }
    const address = service.app.server.address();
    port = typeof address === 'object' && address ? address.port : port;
  };

  let current = await open(false);
  await listen(current);

  function switchStore(): void {
    if (switching) return;
    const demoChosen = pending === 'demo';
    pending = null;
    switching = (async () => {
      await current.close();
      // Connections kept alive by the app would hold the old service's answers: closed, the app reconnects.
      current.app.server.closeAllConnections();
      try {
        current = await open(demoChosen);
      } catch (err) {
        // The store made cannot be opened: say so where the service logs, and serve what the folder opens without it.
        console.error(`The new store could not be opened: ${err instanceof Error ? err.message : String(err)}`);
        current = await openFirstRun({ ...options, loopbackHost: isLoopback(host), firstRun: control });
      }
      await listen(current);
      options.onSwitch?.(current.deps.mode);
    })().finally(() => {
      switching = null;
    });
  }

  const scheme = options.https ? 'https' : 'http';
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `${scheme}://${shownHost}:${port}`,
    get app() {
      return current.app;
    },
    get deps() {
      return current.deps;
    },
    get mode() {
      return current.deps.mode;
    },
    async switched() {
      // A switch asked for by an answer still being sent starts when it has gone.
      for (let i = 0; i < 100 && pending && !switching; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      while (switching) await switching.catch(() => undefined);
    },
    async close() {
      pending = null;
      while (switching) await switching.catch(() => undefined);
      await current.close();
    },
  };
}
