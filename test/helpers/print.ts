/**
 * Reading printed documents the way a person would: poppler-utils turns a PDF into text
 * (`pdftotext -layout`), page facts (`pdfinfo`) and PNG pages (`pdftoppm`), and pngjs reads
 * the pixels back. `npm test` installs poppler-utils where it may (scripts/prerequisites.mjs).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { TestService } from './service.js';

function withFile<T>(bytes: Uint8Array, run: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-print-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    return run(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const pdfText = (bytes: Uint8Array): string =>
  withFile(bytes, (file) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));

export interface PdfInfo {
  pages: number;
  widthPt: number;
  heightPt: number;
  title: string;
}

export function pdfInfo(bytes: Uint8Array): PdfInfo {
  const out = withFile(bytes, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(out);
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(out)?.[1]),
    widthPt: Number(size?.[1]),
    heightPt: Number(size?.[2]),
    title: /Title:\s+(.*)/.exec(out)?.[1]?.trim() ?? '',
  };
}

/** The first page as PNG at `dpi`, and the share of its pixels that are dark. */
export function firstPagePng(bytes: Uint8Array, dpi = 50): { png: Buffer; width: number; height: number; darkShare: number } {
  return withFile(bytes, (file, dir) => {
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
    const png = readFileSync(path.join(dir, 'page.png'));
    const image = PNG.sync.read(png);
    let dark = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      const luminance = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
      if (luminance < 128) dark++;
    }
    return { png, width: image.width, height: image.height, darkShare: dark / (image.width * image.height) };
  });
}

/** pdftotext spreads a line's cells apart with spaces; this squeezes runs of spaces to one. */
export const squeeze = (text: string): string => text.replace(/[ \t]+/g, ' ');

/** A document's ENC id from its number, as the lists hand it out. */
export function encIdOf(svc: TestService, kind: 'receipt' | 'invoice', number: string): string {
  const sql = kind === 'receipt' ? 'SELECT id FROM receipt WHERE receipt_no = ?' : 'SELECT id FROM invoice WHERE invoice_no = ?';
  const row = svc.server.deps.db.prepare(sql).get(number) as { id: number } | undefined;
  if (!row) throw new Error(`No ${kind} ${number}`);
  return svc.server.deps.enc.encode(kind, row.id);
}
