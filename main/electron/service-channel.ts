/**
 * The conversation between the Electron main process and the utility process that runs the
 * service (HTTP and SQLite off the UI thread, so a long report never freezes the window):
 *
 *   main → service   {type:'start', dataDir, staticDir, serviceKey, tokenKey?, nativeBinding?}
 *   service → main   {type:'ready', url} | {type:'error', message}
 *   main → service   {type:'stop'}            service → main   {type:'stopped'}
 *
 * The key travels as a message, not an argument or environment variable, so it shows in no
 * process listing. Both ends are written against small port interfaces rather than Electron's
 * classes, so plain Node tests can run the real service through them.
 */
import { z } from 'zod';
import { noStoreFromEnv, startServer, type RunningServer, type ServerOptions } from '../service/server.js';

const StartMessage = z.strictObject({
  type: z.literal('start'),
  dataDir: z.string().min(1),
  staticDir: z.string().min(1),
  serviceKey: z.string().min(16),
  /** The token signing key (base64url, 32 bytes or more) when the desktop keeps it sealed; absent: the data folder's token.key. */
  tokenKey: z.string().regex(/^[A-Za-z0-9_-]{43,}$/).optional(),
  nativeBinding: z.string().min(1).optional(),
});
const ToService = z.discriminatedUnion('type', [StartMessage, z.strictObject({ type: z.literal('stop') })]);
const FromService = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready'), url: z.url() }),
  z.strictObject({ type: z.literal('error'), message: z.string() }),
  z.strictObject({ type: z.literal('stopped') }),
]);

export type StartOptions = Omit<z.infer<typeof StartMessage>, 'type'>;
export type ToServiceMessage = z.infer<typeof ToService>;
export type FromServiceMessage = z.infer<typeof FromService>;

/** The service's end: Electron's process.parentPort, adapted. */
export interface ServiceEnd {
  onMessage(listener: (message: unknown) => void): void;
  send(message: FromServiceMessage): void;
}

/** The main process's end: a UtilityProcess, adapted. */
export interface MainEnd {
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: (code: number) => void): void;
  send(message: ToServiceMessage): void;
}

/**
 * Runs the service for whoever sends 'start', on loopback at a free port; resolves once it has
 * been told to stop and has closed (the entry then exits the process).
 */
export function serveOver(end: ServiceEnd, start: (options: ServerOptions) => Promise<RunningServer> = startServer): Promise<void> {
  let server: Promise<RunningServer | null> | null = null;
  return new Promise((resolve) => {
    end.onMessage((raw) => {
      const parsed = ToService.safeParse(raw);
      if (!parsed.success) {
        end.send({ type: 'error', message: 'The service was sent a message it does not understand.' });
        return;
      }
      const message = parsed.data;
      if (message.type === 'start') {
        if (server) {
          end.send({ type: 'error', message: 'The service is already started.' });
          return;
        }
        server = start({
          dataDir: message.dataDir,
          staticDir: message.staticDir,
          serviceKey: message.serviceKey,
          host: '127.0.0.1',
          port: 0,
          logToFile: true,
          ...(message.tokenKey ? { tokenKey: new Uint8Array(Buffer.from(message.tokenKey, 'base64url')) } : {}),
          backups: true,
          // As `npm run serve`: a first start shows the first-run screen (POS_DEMO=1: the demo at
          // once); the server switches to the store made there on the same port (server.ts).
          noStore: noStoreFromEnv(process.env.POS_DEMO),
          ...(message.nativeBinding ? { nativeBinding: message.nativeBinding } : {}),
        }).then(
          (running) => {
            end.send({ type: 'ready', url: running.url });
            return running;
          },
          (err: unknown) => {
            end.send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
            return null;
          },
        );
        return;
      }
      const closing = server ?? Promise.resolve(null);
      void closing
        .then((running) => running?.close())
        .catch(() => undefined)
        .then(() => {
          end.send({ type: 'stopped' });
          resolve();
        });
    });
  });
}

export class ServiceStartError extends Error {
  override name = 'ServiceStartError';
}

/** Starts the service at the other end and answers its URL once it listens. */
export function startService(end: MainEnd, options: StartOptions, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(
      () => settle(() => reject(new ServiceStartError(`The service did not start within ${Math.round(timeoutMs / 1000)} s.`))),
      timeoutMs,
    );
    end.onMessage((raw) => {
      const parsed = FromService.safeParse(raw);
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'ready') settle(() => resolve(message.url));
      else if (message.type === 'error') settle(() => reject(new ServiceStartError(message.message)));
    });
    end.onExit((code) => settle(() => reject(new ServiceStartError(`The service stopped while starting (exit code ${code}).`))));
    end.send({ type: 'start', ...options });
  });
}

/** Asks the service to close its database and port; resolves when it has, or after timeoutMs. */
export function stopService(end: MainEnd, timeoutMs: number): Promise<'stopped' | 'timeout'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve('stopped');
    };
    end.onMessage((raw) => {
      if (FromService.safeParse(raw).data?.type === 'stopped') done();
    });
    end.onExit(done);
    try {
      end.send({ type: 'stop' });
    } catch {
      // The process is already gone: nothing left to stop.
      done();
    }
  });
}
