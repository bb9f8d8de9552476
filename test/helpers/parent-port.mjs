/**
 * Electron's `process.parentPort` for a Node child started with `fork()`: what the utility process
 * entry (main/electron/service-process.ts) talks to, over Node's IPC channel instead. Loaded with
 * `--import` by the test that runs the bundled entry as the desktop app would. As with Electron's
 * port, a message that arrives before anyone listens waits for the first listener.
 */
import { EventEmitter } from 'node:events';

const port = new EventEmitter();
const waiting = [];
process.on('message', (data) => {
  if (port.listenerCount('message') === 0) waiting.push(data);
  else port.emit('message', { data });
});
port.on('newListener', (event) => {
  if (event === 'message') setImmediate(() => waiting.splice(0).forEach((data) => port.emit('message', { data })));
});
port.postMessage = (message) => process.send(message);
process.parentPort = port;
