/**
 * A receipt printer on the store's network, spoken to in raw ESC/POS over TCP (the "raw" or
 * "JetDirect" port, 9100 on every thermal printer's network card). Shared so the Printers screen
 * and the main process judge an address the same way.
 *
 * Only addresses on this network or this PC are accepted: the printer sits on the counter's LAN,
 * and a till that could be told to open connections to any address on the internet would be a
 * tool for whoever got a script into the renderer. IPv4 only, because that is what these printers'
 * network cards are set up with (their self-test slip prints it).
 */
import type { RollColumns } from './escpos.js';

export const RAW_PRINT_PORT = 9100;

export interface NetworkPrinter {
  /** IPv4 address on the store's network (or 127.0.0.1 for a print server on this PC). */
  host: string;
  port: number;
  /** Characters per line in font A: 48 on 80 mm, 42 on some 80 mm models, 32 on 58 mm. */
  columns: RollColumns;
  /** Open the cash drawer wired to the printer when a receipt prints. */
  drawer: boolean;
}

/** A dotted quad with no leading zeros (`010` is octal to some resolvers), as four numbers. */
export function ipv4Parts(host: string): [number, number, number, number] | null {
  const match = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/.exec(host);
  if (!match) return null;
  const parts = match.slice(1).map(Number) as [number, number, number, number];
  return parts.every((p) => p <= 255) ? parts : null;
}

/**
 * True for the private ranges (10/8, 172.16/12, 192.168/16), link-local 169.254/16 (where a printer
 * without DHCP falls back) and loopback 127/8; not for network or broadcast-looking .0 and .255 ends.
 */
export function isPrinterAddress(host: string): boolean {
  const parts = ipv4Parts(host);
  if (!parts) return false;
  const [a, b, , d] = parts;
  if (a === 127) return true;
  if (d === 0 || d === 255) return false;
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

export const PRINTER_ADDRESS_RULE =
  'Give the printer’s IPv4 address on this network, e.g. 192.168.1.50 (10.x, 172.16–31.x, 192.168.x, 169.254.x) or 127.0.0.1';
