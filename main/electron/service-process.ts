/**
 * Entry of the utility process that runs the embedded service (Fastify and SQLite), so that
 * queries and PDF rendering never block the window's main process. It does nothing until the
 * main process sends 'start' over parentPort (service-channel.ts), and exits once told to stop.
 */
import type { ParentPort } from 'electron';
import { serveOver } from './service-channel.js';

const parent: ParentPort | null | undefined = process.parentPort;
if (!parent) {
  console.error('The service process is started by the Optical POS desktop app (utilityProcess), not by hand.');
  process.exit(1);
}

await serveOver({
  onMessage: (listener) => parent.on('message', (event) => listener(event.data)),
  send: (message) => parent.postMessage(message),
});
process.exit(0);
