/**
 * The page a "Test print" sends: which document kind, printer and paper it stands for, and a
 * full-width rule, so one look at the paper shows whether the width and the printer are right.
 * Built through the DOM, so a printer name is always text, never markup.
 */
import type { DocumentKind, DocumentPrintSetting } from '../../../shared/desktop.js';
import { align, bold, COMMANDS, EscPos, feedLines, qrCode, textSize } from '../../../shared/escpos.js';
import type { LabelStock } from '../../../shared/models/labels.js';
import type { NetworkPrinter } from '../../../shared/network-printer.js';
import { DOCUMENT_TITLES } from './documents.js';

export function testPageHtml(kind: DocumentKind, setting: DocumentPrintSetting, printerName: string, at: Date): string {
  const page = document.implementation.createHTMLDocument(`Test print: ${DOCUMENT_TITLES[kind]}`);
  const meta = page.createElement('meta');
  meta.setAttribute('charset', 'utf-8');
  page.head.prepend(meta);
  const style = page.createElement('style');
  style.textContent = [
    'body { font-family: sans-serif; font-size: 10pt; margin: 0; }',
    'h1 { font-size: 13pt; margin: 0 0 4pt; }',
    'p { margin: 2pt 0; }',
    '.rule { border-top: 2pt solid #000; margin: 6pt 0; }',
  ].join('\n');
  page.head.append(style);

  const add = (tag: string, text: string, className?: string) => {
    const el = page.createElement(tag);
    el.textContent = text;
    if (className) el.className = className;
    page.body.append(el);
  };
  add('h1', `Test print: ${DOCUMENT_TITLES[kind]}`);
  add('p', `Printer: ${printerName}`);
  add('p', `Paper: ${setting.paper} · ${setting.copies} ${setting.copies === 1 ? 'copy' : 'copies'}`);
  add('p', `Sent ${at.toLocaleString('en-IN')}`);
  add('div', '', 'rule');
  add('p', 'The line above should run from edge to edge of the printable width.');
  add('p', '₹ 1,23,456.50 · राम · ரா · ৳ — the rupee sign and Indian scripts.');
  return `<!doctype html>\n${page.documentElement.outerHTML}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The test slip for a network ESC/POS printer: where it was sent, a row of digits exactly as
 * long as a line (it must end at the right edge, not wrap), a QR the printer draws, and the cut.
 * The drawer is kicked when the setting says so, so the test shows that too. ASCII only, no line
 * longer than 32 characters, so it reads right whatever the width is set to.
 */
export function testPageEscPos(kind: DocumentKind, printer: NetworkPrinter, at: Date): Uint8Array {
  const job = new EscPos().command(COMMANDS.init);
  if (printer.drawer) job.command(COMMANDS.drawerKick);
  job.command(COMMANDS.codePage).command(COMMANDS.charset);
  job.command(align('center')).command(bold(true)).command(textSize({ doubleWidth: true, doubleHeight: true })).line('TEST PRINT');
  job.command(textSize({})).command(bold(false)).line(`Optical POS - ${DOCUMENT_TITLES[kind]}`).command(align('left'));
  job.line(`Printer: ${printer.host}:${printer.port}`);
  job.line(`Characters per line: ${printer.columns}`);
  job.line(`Cash drawer: ${printer.drawer ? 'opened' : 'not opened'}`);
  job.line(`Sent ${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`);
  job.line('1234567890'.repeat(5).slice(0, printer.columns));
  job.line('The digits above should fill');
  job.line('one line, ending at the edge.');
  job.line('-'.repeat(printer.columns));
  job.line('Rs.1,23,456.50');
  job.command(align('center')).command(qrCode('OPTICAL POS TEST', 6)).line('QR: OPTICAL POS TEST').command(align('left'));
  return job.command(feedLines(4)).command(COMMANDS.partialCut).toBytes();
}

/**
 * The test label for a network label printer, in its language: a frame 1 mm inside the label (it
 * shows whether the size and gap are right: nothing may run off an edge or onto the next label),
 * where it was sent, and a Code 128 the printer draws, to try with the counter's scanner.
 */
export function testLabelJob(printer: NetworkPrinter, stock: LabelStock, at: Date): Uint8Array {
  const dots = (mm: number) => Math.round((mm * stock.dpi) / 25.4);
  const [w, h, m] = [dots(stock.widthMm), dots(stock.heightMm), dots(1)];
  const sent = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
  const lines = ['TEST LABEL', `${printer.host}:${printer.port}`, `${stock.widthMm} x ${stock.heightMm} mm, ${stock.dpi} dpi`, sent];
  const text =
    stock.language === 'ZPL'
      ? [
          '^XA',
          `^PW${w}`,
          `^LL${h}`,
          `^FO${m},${m}^GB${w - 2 * m},${h - 2 * m},2^FS`,
          ...lines.map((line, i) => `^FO${2 * m},${2 * m + i * 22}^A0N,20,12^FD${line}^FS`),
          `^FO${2 * m},${2 * m + lines.length * 22}^BY2^BCN,${Math.max(16, h - 4 * m - lines.length * 22 - 24)},Y,N,N^FDTEST123^FS`,
          '^PQ1',
          '^XZ',
        ]
      : [
          `SIZE ${stock.widthMm} mm,${stock.heightMm} mm`,
          `GAP ${stock.gapMm} mm,0 mm`,
          'CLS',
          `BOX ${m},${m},${w - m},${h - m},2`,
          ...lines.map((line, i) => `TEXT ${2 * m},${2 * m + i * 22},"2",0,1,1,"${line}"`),
          `BARCODE ${2 * m},${2 * m + lines.length * 22},"128",${Math.max(16, h - 4 * m - lines.length * 22 - 24)},1,0,2,2,"TEST123"`,
          'PRINT 1',
        ];
  return new TextEncoder().encode(text.map((l) => `${l}\r\n`).join(''));
}
