/**
 * The service started the way the desktop app starts it (main/electron/main.ts): over the
 * service channel with a per-launch key, here with the utility process's two message ports
 * replaced by an in-memory pair, so Node tests and the browser-build e2e run the same code.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { serveOver, startService, stopService, type MainEnd, type ServiceEnd } from '../../main/electron/service-channel.js';

/** Two ends joined like parentPort and UtilityProcess: asynchronous, structured-cloned. */
export function messageChannel() {
  const toService = new EventEmitter();
  const toMain = new EventEmitter();
  const exits = new EventEmitter();
  const deliver = (target: EventEmitter, message: unknown) => setImmediate(() => target.emit('message', structuredClone(message)));
  const service: ServiceEnd = {
    onMessage: (listener) => toService.on('message', listener),
    send: (message) => deliver(toMain, message),
  };
  const main: MainEnd = {
    onMessage: (listener) => toMain.on('message', listener),
    onExit: (listener) => exits.on('exit', listener),
    send: (message) => deliver(toService, message),
  };
  return { service, main, exit: (code: number) => exits.emit('exit', code), raw: (message: unknown) => deliver(toService, message) };
}

export interface DesktopService {
  url: string;
  serviceKey: string;
  stop(): Promise<void>;
}

export async function startDesktopService(options: { dataDir: string; staticDir: string }): Promise<DesktopService> {
  const { service, main } = messageChannel();
  const served = serveOver(service);
  const serviceKey = randomBytes(32).toString('base64url');
  // On the demo store, made at once as the desktop app makes it with POS_DEMO=1 (which the
  // service process reads when it starts), not the first-run screen.
  const before = process.env.POS_DEMO;
  process.env.POS_DEMO = '1';
  let url: string;
  try {
    url = await startService(main, { ...options, serviceKey }, 120_000);
  } finally {
    if (before === undefined) delete process.env.POS_DEMO;
    else process.env.POS_DEMO = before;
  }
  return {
    url,
    serviceKey,
    async stop() {
      await stopService(main, 10_000);
      await served;
    },
  };
}
