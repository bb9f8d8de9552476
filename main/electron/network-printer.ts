/**
 * Sending a raw print job to a network printer: one TCP connection to host:port (9100), the
 * bytes, then our end closed. No Electron here (the bridge's handler in print.ts calls it), so
 * Node tests drive it against a fake printer on loopback.
 *
 * Both halves have a time limit, because a till must never hang on a printer: the connection
 * must open within `connectMs` (a printer that is off or has a new address answers nothing at
 * all), and the printer must take every byte within `writeMs` (one out of paper or with its
 * cover open stops reading). Every failure ends in a sentence for the cashier.
 */
import net from 'node:net';
import type { DocumentKind, PrintResult } from '../../shared/desktop.js';
import { isPrinterAddress, type NetworkPrinter } from '../../shared/network-printer.js';
import { printSettingsStore } from './print-settings.js';

export interface SendLimits {
  connectMs: number;
  writeMs: number;
}

export const SEND_LIMITS: SendLimits = { connectMs: 5_000, writeMs: 15_000 };

/** How long a closed job's connection may wait for the printer to hang up before it is dropped. */
const LINGER_MS = 5_000;

/** A failure to print, worded for the person at the counter. */
export class NetworkPrinterError extends Error {
  override name = 'NetworkPrinterError';
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

function problem(code: string | undefined, where: string, phase: 'connect' | 'write'): string {
  switch (code) {
    case 'ECONNREFUSED':
      return `The printer at ${where} refused the connection. Check that it is switched on and that the address and port are right (raw printing is usually port 9100).`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
    case 'EADDRNOTAVAIL':
      return `This PC cannot reach the printer at ${where}. Check the network cable or Wi-Fi of this PC and the printer.`;
    case 'ECONNRESET':
    case 'EPIPE':
      return phase === 'connect'
        ? `The printer at ${where} dropped the connection. It may be busy with another till: try again.`
        : `The printer at ${where} hung up before taking the whole receipt. Check paper and cover, then print again.`;
    default:
      return `Could not send to the printer at ${where}${code ? ` (${code})` : ''}.`;
  }
}

/** Sends `bytes` to the printer; resolves once the printer has taken them all. */
export function sendToPrinter(printer: Pick<NetworkPrinter, 'host' | 'port'>, bytes: Uint8Array, limits: SendLimits = SEND_LIMITS): Promise<void> {
  const where = `${printer.host}:${printer.port}`;
  if (!isPrinterAddress(printer.host)) {
    return Promise.reject(new NetworkPrinterError(`${printer.host} is not an address on this network: set the printer again on the Printers screen.`));
  }
  return new Promise((resolve, reject) => {
    let phase: 'connect' | 'write' | 'done' = 'connect';
    const socket = net.createConnection({ host: printer.host, port: printer.port, noDelay: true });
    const fail = (message: string) => {
      if (phase === 'done') return;
      phase = 'done';
      clearTimeout(timer);
      socket.destroy();
      reject(new NetworkPrinterError(message));
    };
    let timer = setTimeout(
      () => fail(`No answer from the printer at ${where} within ${seconds(limits.connectMs)}. Check that it is switched on, connected to the network, and still has this address (its self-test slip prints it).`),
      limits.connectMs,
    );
    socket.on('error', (error: NodeJS.ErrnoException) => fail(problem(error.code, where, phase === 'connect' ? 'connect' : 'write')));
    // Status bytes a printer may send back are read and dropped: unread data would turn our
    // orderly close into a reset that can cost the end of the receipt.
    socket.on('data', () => undefined);
    socket.once('connect', () => {
      phase = 'write';
      clearTimeout(timer);
      timer = setTimeout(
        () => fail(`The printer at ${where} stopped taking the receipt. Check that it has paper and its cover is closed, then print again.`),
        limits.writeMs,
      );
      socket.end(bytes, () => {
        if (phase === 'done') return;
        phase = 'done';
        clearTimeout(timer);
        resolve();
        // The printer normally hangs up once it has the job; one that does not is let go.
        const linger = setTimeout(() => socket.destroy(), LINGER_MS);
        linger.unref();
        socket.once('close', () => clearTimeout(linger));
      });
    });
  });
}

/**
 * The bridge's printRaw: the job goes to the network printer set for `kind` in this PC's print
 * settings (never to an address the renderer names), and failures come back as PrintResult.
 */
export async function printOnNetworkPrinter(settingsFolder: string, kind: DocumentKind, bytes: Uint8Array, limits: SendLimits = SEND_LIMITS): Promise<PrintResult> {
  const printer = printSettingsStore(settingsFolder).read()[kind].network;
  if (!printer) return { ok: false, message: 'No network printer is set for this document: choose one on the Printers screen.' };
  try {
    await sendToPrinter(printer, bytes, limits);
    return { ok: true };
  } catch (error) {
    if (error instanceof NetworkPrinterError) return { ok: false, message: error.message };
    throw error;
  }
}
