/**
 * ESC/POS as bytes: the small Epson command subset that 80 mm and 58 mm thermal printers sold
 * to Indian counters (Epson TM-T82/T88, TVS RP, Everycom, Xprinter, Rugtek and their clones)
 * all understand. Pure, no I/O, no Node: the service writes receipts with it
 * (main/service/print/escpos.ts) and the renderer a test page.
 *
 * Text is printable ASCII only (0x20–0x7E): what those printers' code pages agree on. Callers
 * make their text ASCII first; `EscPos.text` refuses anything else rather than print mojibake.
 */

export const ESC = 0x1b;
export const GS = 0x1d;
export const LF = 0x0a;

/** Characters per line of font A: 80 mm heads print 48 (42 on some models), 58 mm heads 32. */
export const ROLL_COLUMNS = [32, 42, 48] as const;
export type RollColumns = (typeof ROLL_COLUMNS)[number];

export type EscPosAlign = 'left' | 'center' | 'right';

export const COMMANDS = {
  /** ESC @: back to power-on settings (fonts, alignment, sizes), whatever the last job left. */
  init: [ESC, 0x40],
  /** ESC p 0 25 250: a pulse on drawer pin 2 for 50 ms, then 500 ms off (the usual drawer cable). */
  drawerKick: [ESC, 0x70, 0x00, 25, 250],
  /** ESC t 0: code page PC437. Only ASCII is sent, which every code page agrees on. */
  codePage: [ESC, 0x74, 0x00],
  /** ESC R 0: the USA character set, so `#`, `$`, `@`, `[` print as themselves. */
  charset: [ESC, 0x52, 0x00],
  /** GS V 1: partial cut, leaving a hinge so the receipt does not drop to the floor. */
  partialCut: [GS, 0x56, 0x01],
} as const;

export const bold = (on: boolean): number[] => [ESC, 0x45, on ? 1 : 0];

export const align = (to: EscPosAlign): number[] => [ESC, 0x61, to === 'left' ? 0 : to === 'center' ? 1 : 2];

/** GS ! n: double width (each character takes two columns) and double height. */
export const textSize = (size: { doubleWidth?: boolean; doubleHeight?: boolean }): number[] => [
  GS,
  0x21,
  (size.doubleWidth ? 0x10 : 0) | (size.doubleHeight ? 0x01 : 0),
];

/** ESC d n: print what is buffered and feed n lines. */
export const feedLines = (n: number): number[] => [ESC, 0x64, Math.max(0, Math.min(255, Math.trunc(n)))];

/** GS ( k: a function of the QR symbol (cn 49), with its parameter bytes. */
function qrFunction(fn: number, ...params: number[]): number[] {
  const length = params.length + 2;
  return [GS, 0x28, 0x6b, length & 0xff, length >> 8, 0x31, fn, ...params];
}

/** Error correction levels of GS ( k function 169: L, M, Q, H. */
const QR_LEVEL = { L: 48, M: 49, Q: 50, H: 51 } as const;

/**
 * A QR code printed by the printer itself: model 2 (fn 165), module size in dots (fn 167),
 * error correction (fn 169), the data stored (fn 180), then printed (fn 181).
 */
export function qrCode(data: string, moduleDots: number, level: keyof typeof QR_LEVEL = 'M'): number[] {
  const bytes = asciiBytes(data);
  if (bytes.length === 0 || bytes.length > 7089) throw new Error('QR data must be 1 to 7089 characters');
  return [
    ...qrFunction(65, 50, 0),
    ...qrFunction(67, Math.max(1, Math.min(16, Math.trunc(moduleDots)))),
    ...qrFunction(69, QR_LEVEL[level]),
    ...qrFunction(80, 48, ...bytes),
    ...qrFunction(81, 48),
  ];
}

/** Printable ASCII as bytes; anything else is a caller's mistake, not something to print. */
export function asciiBytes(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) throw new Error(`Not printable ASCII at ${i}: U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
    bytes.push(code);
  }
  return bytes;
}

/** Collects commands and lines into one job's bytes. */
export class EscPos {
  private readonly bytes: number[] = [];

  command(bytes: readonly number[]): this {
    this.bytes.push(...bytes);
    return this;
  }

  text(text: string): this {
    return this.command(asciiBytes(text));
  }

  /** A line of text (trailing spaces dropped: they only cost the printer time), then LF. */
  line(text = ''): this {
    return this.text(text.replace(/ +$/, '')).command([LF]);
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}
