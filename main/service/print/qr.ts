/**
 * A QR code of an order number, for a look-up by scanner at delivery. qrcode computes the module
 * matrix; each output draws the same matrix (PDF rectangles, SVG path), so both are exactly
 * as crisp as the printer allows, with no bitmap in between.
 */
import { createRequire } from 'node:module';
import type QRCodeModule from 'qrcode';

/** Loaded at the first QR code rather than at start-up (as pdf.ts loads pdfkit). */
let qrcode: typeof QRCodeModule | undefined;
const QRCode = (): typeof QRCodeModule => (qrcode ??= createRequire(import.meta.url)('qrcode') as typeof QRCodeModule);

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  dark(row: number, col: number): boolean;
}

export function qrMatrix(text: string): QrMatrix {
  // Level M survives a scuffed thermal print and keeps an order number at version 2 or so.
  const { modules } = QRCode().create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, col) => Boolean(modules.get(row, col)) };
}

/** The quiet zone scanners need around the code, in modules. */
export const QUIET_ZONE = 2;

/** An SVG path: one unit square per dark module, offset by the quiet zone. */
export function qrPath(matrix: QrMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.dark(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return parts.join('');
}
