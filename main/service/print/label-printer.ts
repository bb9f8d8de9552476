/**
 * Labels for a thermal label printer, in its own language: TSPL (TSC and most desktop label
 * printers sold in India) or ZPL (Zebra). The printer draws the text in its built-in fonts and
 * the barcode with its own command (TSPL BARCODE; ZPL ^BE for EAN-13, ^BC for Code 128), so the
 * bars fall exactly on its dots; each item is sent once with its quantity as copies.
 *
 * One layout in dots, two spellings of it. Text is ASCII (printableAscii: "Rs." for ₹, names in
 * Latin letters), which is all the printers' built-in fonts hold.
 */
import type { LabelPrinterRequest } from '../../../shared/models/labels.js';
import { invalid } from '../errors.js';
import { barPattern } from './barcode.js';
import { MRP_WORDS, type Label } from './labels.js';
import { amount } from './money.js';
import { printableAscii } from './transliterate.js';

type Stock = Omit<LabelPrinterRequest, 'lines'>;

/** A built-in font: TSPL's name for it and its cell in dots. ZPL draws font 0 at the same height. */
interface Font {
  tspl: string;
  width: number;
  height: number;
}
/** TSPL fonts 1, 2 and 3 (8 × 12, 12 × 20, 16 × 24 dots); the 300 dpi head takes the next size up. */
const FONTS = { '1': { tspl: '1', width: 8, height: 12 }, '2': { tspl: '2', width: 12, height: 20 }, '3': { tspl: '3', width: 16, height: 24 } } as const;

type Row =
  | { kind: 'text'; x: number; y: number; font: Font; text: string }
  | { kind: 'barcode'; x: number; y: number; height: number; narrow: number; symbology: 'ean13' | 'code128'; text: string };

const PADDING_MM = 1.5;
const GAP = 4;

/** The label laid out in dots: text rows, the barcode between them, the MRP at the foot. */
export function labelRows(label: Label, stock: Stock): Row[] {
  const dpmm = stock.dpi / 25.4;
  const pad = Math.round(PADDING_MM * dpmm);
  const width = Math.round(stock.widthMm * dpmm) - 2 * pad;
  const height = Math.round(stock.heightMm * dpmm) - 2 * pad;
  const [small, big] = stock.dpi >= 300 ? [FONTS['2'], FONTS['3']] : [FONTS['1'], FONTS['2']];
  const fit = (text: string, font: Font) => {
    const ascii = printableAscii(text);
    const room = Math.floor(width / font.width);
    if (ascii.length <= room) return ascii;
    // Cut after the last whole word that fits (a word longer than the line is cut where it ends).
    const cut = ascii.slice(0, room + 1).replace(/\s+\S*$/, '');
    return (cut || ascii.slice(0, room)).trimEnd();
  };
  const rows: Row[] = [];
  let y = pad;
  const line = (text: string, font: Font) => {
    if (text) rows.push({ kind: 'text', x: pad, y, font, text: fit(text, font) });
    y += font.height + GAP;
  };
  line(label.storeName, small);
  line(label.name, big);
  line([label.code, label.detail].filter(Boolean).join('  '), small);

  // The MRP at the foot, "incl. of all taxes" beside it, or under it on a narrow label: the words
  // are what the rules require, so they move rather than go.
  const mrp = `MRP Rs.${amount(label.mrp)}`;
  const after = pad + (mrp.length + 1) * big.width;
  const beside = after + MRP_WORDS.length * small.width <= pad + width;
  const mrpY = pad + height - big.height - (beside ? 0 : GAP + small.height);
  // The printer writes the barcode's digits under it, in a line about as tall as the small font.
  const barsHeight = mrpY - GAP - small.height - GAP - y;
  const pattern = barPattern(label.barcode);
  const narrow = Math.floor(width / (pattern.modules + pattern.quiet.left + pattern.quiet.right));
  if (narrow < 1 || barsHeight < 4 * dpmm) {
    throw invalid(`Item ${label.code}: its barcode does not fit a ${stock.widthMm} × ${stock.heightMm} mm label. Choose a larger label in the label printer’s settings.`, {
      widthMm: [`Too small for item ${label.code}’s barcode`],
    });
  }
  rows.push({
    kind: 'barcode',
    x: pad + Math.floor((width - pattern.modules * narrow) / 2),
    y,
    height: barsHeight,
    narrow,
    symbology: label.barcode.symbology,
    text: label.barcode.text,
  });
  rows.push({ kind: 'text', x: pad, y: mrpY, font: big, text: fit(mrp, big) });
  if (beside) rows.push({ kind: 'text', x: after, y: mrpY + big.height - small.height, font: small, text: MRP_WORDS });
  else rows.push({ kind: 'text', x: pad, y: mrpY + big.height + GAP, font: small, text: fit(MRP_WORDS, small) });
  return rows;
}

/** TSPL quotes text in double quotes; a quote inside is written \["]. */
const tsplText = (text: string) => `"${text.replaceAll('"', '\\["]')}"`;

function tspl(label: Label, stock: Stock): string {
  const out = [`SIZE ${stock.widthMm} mm,${stock.heightMm} mm`, `GAP ${stock.gapMm} mm,0 mm`, 'DIRECTION 1,0', 'REFERENCE 0,0', 'CLS'];
  for (const row of labelRows(label, stock)) {
    if (row.kind === 'text') out.push(`TEXT ${row.x},${row.y},"${row.font.tspl}",0,1,1,${tsplText(row.text)}`);
    else {
      // EAN-13 takes the 12 digits and adds its check digit, as every TSPL printer does.
      const [type, data] = row.symbology === 'ean13' ? ['EAN13', row.text.slice(0, 12)] : ['128', row.text];
      out.push(`BARCODE ${row.x},${row.y},"${type}",${row.height},1,0,${row.narrow},${row.narrow},${tsplText(data)}`);
    }
  }
  out.push(`PRINT ${label.quantity}`);
  return out.map((l) => `${l}\r\n`).join('');
}

/** ZPL field data through ^FH: ^, ~ and the escape _ itself as hex, so no text ends a field. */
const zplText = (text: string) => text.replace(/[\^~_]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);

function zpl(label: Label, stock: Stock): string {
  const dpmm = stock.dpi / 25.4;
  const out = ['^XA', stock.gapMm > 0 ? '^MNY' : '^MNN', `^PW${Math.round(stock.widthMm * dpmm)}`, `^LL${Math.round(stock.heightMm * dpmm)}`, '^LH0,0'];
  for (const row of labelRows(label, stock)) {
    if (row.kind === 'text') out.push(`^FO${row.x},${row.y}^A0N,${row.font.height},${row.font.width}^FH^FD${zplText(row.text)}^FS`);
    else if (row.symbology === 'ean13') out.push(`^FO${row.x},${row.y}^BY${row.narrow}^BEN,${row.height},Y,N^FD${row.text.slice(0, 12)}^FS`);
    // In ^BC's data > starts an invocation: a > of the text is written ><.
    else out.push(`^FO${row.x},${row.y}^BY${row.narrow}^BCN,${row.height},Y,N,N^FH^FD${zplText(row.text).replaceAll('>', '><')}^FS`);
  }
  out.push(`^PQ${label.quantity}`, '^XZ');
  return out.map((l) => `${l}\n`).join('');
}

/** The whole job: each label once, with its quantity as copies, in the printer's language. */
export function renderLabelJob(labels: readonly Label[], stock: Stock): Uint8Array {
  const write = stock.language === 'ZPL' ? zpl : tspl;
  return Buffer.from(labels.map((label) => write(label, stock)).join(''), 'ascii');
}
