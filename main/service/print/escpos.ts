/**
 * The third writer of a PrintedDocument (after pdf.ts and page.ts): raw ESC/POS for a thermal
 * receipt printer reached over the network, in font A at a fixed number of characters per line
 * (48 on 80 mm, 32 on 58 mm). The printer lays nothing out, so this does: tables become fixed
 * columns with wrapped cells, totals are right-aligned, titles bold and double size. The QR is
 * drawn by the printer (GS ( k), and the job ends with a feed and a partial cut; the cash drawer,
 * when asked, opens first so it is open by the time the receipt is torn off.
 *
 * Text mode on these printers has ASCII only: everything passes through printableAscii (₹ as
 * "Rs.", Indian names spelled in Latin letters). The logo is left out: raster images are the
 * least portable part of ESC/POS, and the store's name prints large instead.
 */
import { align, bold, COMMANDS, EscPos, feedLines, qrCode, textSize, type EscPosAlign, type RollColumns } from '../../../shared/escpos.js';
import type { Block, Column, PrintedDocument } from './layout.js';
import { printableAscii } from './transliterate.js';
import { extend } from '../../../shared/extend.js';

export interface EscPosOptions {
  columns: RollColumns;
  /** Kick the cash drawer (pin 2) before printing. */
  drawer: boolean;
}

/** About 3.5 mm per module at 203 dpi: 25–33 modules make a 20–26 mm code, as on the PDF roll. */
const QR_MODULE_DOTS = 6;
/** Lines fed after the last one so it clears the cutter, which sits above the print head. */
const FEED_BEFORE_CUT = 4;
/** The description column never shrinks below this, so item names stay readable. */
const MIN_FLEX_COLUMN = 8;

/** Word-wraps to `width`; a word longer than the line is broken where it must be. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/).filter(Boolean)) {
    let rest = word;
    if (line && line.length + 1 + rest.length <= width) {
      line += ` ${rest}`;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    while (rest.length > width) {
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

function pad(text: string, width: number, to: EscPosAlign): string {
  const room = Math.max(0, width - text.length);
  if (to === 'right') return ' '.repeat(room) + text;
  if (to === 'center') return ' '.repeat(Math.floor(room / 2)) + text + ' '.repeat(room - Math.floor(room / 2));
  return text + ' '.repeat(room);
}

/**
 * Characters per column, one space between columns. Every column but the widest gets what its
 * longest cell needs, and the widest (the description) takes the rest of the line, so amounts end
 * at the right edge. When that leaves the description too narrow, the line is shared by the
 * columns' relative widths and cells wrap.
 */
export function columnWidths(columns: readonly Column[], rows: readonly (readonly string[])[], width: number): number[] {
  const room = width - (columns.length - 1);
  const flex = columns.reduce((best, c, i) => (c.width > columns[best]!.width ? i : best), 0);
  const natural = columns.map((c, i) => Math.max(1, c.title.length, ...rows.map((r) => (r[i] ?? '').length)));
  const others = natural.reduce((sum, n, i) => (i === flex ? sum : sum + n), 0);
  if (room - others >= Math.min(natural[flex]!, MIN_FLEX_COLUMN)) {
    return natural.map((n, i) => (i === flex ? room - others : n));
  }
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const shares = columns.map((c) => Math.max(1, Math.floor((c.width / total) * room)));
  shares[flex] = Math.max(1, room - shares.reduce((sum, n, i) => (i === flex ? sum : sum + n), 0));
  return shares;
}

/** The rows of a table as printed lines: each cell wrapped in its column, then side by side. */
export function tableLines(columns: readonly Column[], rows: readonly (readonly string[])[], width: number): { header: string[]; body: string[] } {
  const widths = columnWidths(columns, rows, width);
  const layout = (cells: readonly string[]) => {
    const wrapped = widths.map((w, i) => wrap(cells[i] ?? '', w));
    const height = Math.max(...wrapped.map((c) => c.length));
    return Array.from({ length: height }, (_, line) =>
      widths.map((w, i) => pad(wrapped[i]![line] ?? '', w, columns[i]!.align ?? 'left')).join(' ').trimEnd(),
    );
  };
  return { header: layout(columns.map((c) => c.title)), body: rows.flatMap(layout) };
}

class Writer {
  readonly out = new EscPos();
  constructor(readonly width: number) {}

  rule(char = '-'): void {
    this.out.line(char.repeat(this.width));
  }

  /** Wrapped text in one style; large text counts two columns a character. */
  text(text: string, style: { align?: EscPosAlign; bold?: boolean; large?: boolean } = {}): void {
    const { out } = this;
    out.command(align(style.align ?? 'left'));
    if (style.bold) out.command(bold(true));
    if (style.large) out.command(textSize({ doubleWidth: true, doubleHeight: true }));
    for (const line of wrap(text, style.large ? Math.floor(this.width / 2) : this.width)) out.line(line);
    if (style.large) out.command(textSize({}));
    if (style.bold) out.command(bold(false));
    if (style.align && style.align !== 'left') out.command(align('left'));
  }

  /** `label   value` with the value bold, wrapped under itself; a value too long for its place goes below. */
  fields(rows: readonly (readonly [string, string])[]): void {
    const labelWidth = Math.min(Math.max(...rows.map(([label]) => label.length)), Math.floor(this.width * 0.4));
    const valueWidth = this.width - labelWidth - 1;
    for (const [label, value] of rows) {
      const unbroken = value.split(/ +/).every((word) => word.length <= valueWidth);
      if (label.length > labelWidth || !unbroken) {
        this.out.line(label);
        for (const line of wrap(value, this.width - 2)) this.out.text('  ').command(bold(true)).text(line).command(bold(false)).line();
        continue;
      }
      wrap(value, valueWidth).forEach((line, i) => {
        this.out.text(pad(i === 0 ? label : '', labelWidth, 'left') + ' ').command(bold(true)).text(line).command(bold(false)).line();
      });
    }
  }

  /** Label on the left, amount on the right edge; a pair too long for one line takes two. */
  totals(rows: readonly { label: string; value: string; strong?: boolean }[]): void {
    rows.forEach((row, i) => {
      if (row.strong && !rows[i - 1]?.strong) this.rule();
      if (row.strong) this.out.command(bold(true));
      if (row.label.length + 1 + row.value.length <= this.width) {
        this.out.line(row.label + pad(row.value, this.width - row.label.length, 'right'));
      } else {
        for (const line of wrap(row.label, this.width)) this.out.line(line);
        for (const line of wrap(row.value, this.width)) this.out.line(pad(line, this.width, 'right'));
      }
      if (row.strong) this.out.command(bold(false));
    });
  }

  table(columns: readonly Column[], rows: readonly (readonly string[])[]): void {
    const { header, body } = tableLines(columns, rows, this.width);
    this.out.command(bold(true));
    for (const line of header) this.out.line(line);
    this.out.command(bold(false));
    this.rule();
    for (const line of body) this.out.line(line);
    this.rule();
  }

  qr(text: string, caption: string): void {
    this.out.command(align('center')).command(qrCode(text, QR_MODULE_DOTS, 'M'));
    for (const line of wrap(caption, this.width)) this.out.line(line);
    this.out.command(align('left'));
  }
}

/** Every string of a block, as the printer can print it. */
function ascii(block: Block): Block {
  const a = printableAscii;
  switch (block.kind) {
    case 'letterhead':
      return extend(block, { name: a(block.name), lines: block.lines.map(a) });
    case 'title':
      return extend(block, { text: a(block.text), note: block.note === null ? null : a(block.note) });
    case 'fields':
      return extend(block, { rows: block.rows.map(([label, value]) => [a(label), a(value)] as const) });
    case 'parties':
      return extend(block, { parts: block.parts.map((p) => ({ heading: a(p.heading), lines: p.lines.map(a) })) });
    case 'table':
      return extend(block, { columns: block.columns.map((c) => extend(c, { title: a(c.title) })), rows: block.rows.map((r) => r.map(a)) });
    case 'totals':
      return extend(block, { rows: block.rows.map((r) => extend(r, { label: a(r.label), value: a(r.value) })) });
    case 'heading':
    case 'text':
    case 'stamp':
      return extend(block, { text: a(block.text) });
    case 'qr':
      return extend(block, { text: a(block.text), caption: a(block.caption) });
    case 'signature':
      return extend(block, { above: a(block.above), below: a(block.below) });
    case 'rule':
      return block;
  }
}

function draw(w: Writer, block: Block): void {
  switch (block.kind) {
    case 'letterhead': {
      // Double width only when the name fits a line that way; double height always.
      const wide = block.name.length * 2 <= w.width;
      w.out.command(align('center')).command(bold(true)).command(textSize({ doubleWidth: wide, doubleHeight: true }));
      for (const line of wrap(block.name, wide ? w.width / 2 : w.width)) w.out.line(line);
      w.out.command(textSize({})).command(bold(false));
      for (const line of block.lines.flatMap((l) => wrap(l, w.width))) w.out.line(line);
      w.out.command(align('left'));
      return;
    }
    case 'title':
      w.rule('=');
      w.text(block.text, { align: 'center', bold: true, large: true });
      if (block.note) w.text(block.note, { align: 'center' });
      w.rule('=');
      return;
    case 'fields':
      return w.fields(block.rows);
    case 'parties':
      for (const part of block.parts) {
        w.text(part.heading, { bold: true });
        for (const line of part.lines) w.text(line);
      }
      return;
    case 'table':
      return w.table(block.columns, block.rows);
    case 'totals':
      return w.totals(block.rows);
    case 'heading':
      return w.text(block.text, { bold: true });
    case 'text':
      // Font A only: font B's width differs between models, and small print must still be read.
      return w.text(block.text, { align: block.align ?? 'left', bold: block.strong ?? false });
    case 'rule':
      return w.rule();
    case 'qr':
      return w.qr(block.text, block.caption);
    case 'signature':
      w.text(block.above, { align: 'center', bold: true });
      w.out.line().line();
      w.text('_'.repeat(Math.floor(w.width * 0.6)), { align: 'center' });
      w.text(block.below, { align: 'center' });
      return;
    case 'stamp':
      w.rule('*');
      w.text(block.text, { align: 'center', bold: true, large: true });
      w.rule('*');
      return;
  }
}

/** The document as one print job: init, drawer kick (optional), character set, blocks, feed, cut. */
export function renderEscPos(doc: PrintedDocument, options: EscPosOptions): Uint8Array {
  const w = new Writer(options.columns);
  w.out.command(COMMANDS.init);
  if (options.drawer) w.out.command(COMMANDS.drawerKick);
  w.out.command(COMMANDS.codePage).command(COMMANDS.charset);
  for (const block of doc.blocks) draw(w, ascii(block));
  w.out.command(feedLines(FEED_BEFORE_CUT)).command(COMMANDS.partialCut);
  return w.out.toBytes();
}
