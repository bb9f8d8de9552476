/**
 * The ESC/POS writer: exact bytes where the command reference fixes them (init, drawer kick,
 * cut, QR), column layout at 32 and 48 characters, wrapping, ASCII for ₹ and Indian names.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asciiBytes, EscPos, qrCode } from '../../shared/escpos.js';
import { columnWidths, renderEscPos, tableLines, wrap } from '../../main/service/print/escpos.js';
import type { Block, PrintedDocument } from '../../main/service/print/layout.js';
import { PAPERS } from '../../main/service/print/paper.js';
import { printableAscii } from '../../main/service/print/transliterate.js';
import { readEscPos } from '../helpers/escpos.js';

const doc = (blocks: Block[]): PrintedDocument => ({ title: 'Test', fileName: 'test', paper: PAPERS['80mm'], blocks });
const hex = (bytes: Uint8Array | number[]) => Buffer.from(bytes).toString('hex');

const ITEMS: Block = {
  kind: 'table',
  columns: [
    { title: 'Item', width: 3.2 },
    { title: 'Qty', width: 0.7, align: 'right' },
    { title: 'Amount', width: 1.7, align: 'right' },
  ],
  rows: [
    ['Ray-Ban RB5154 Clubmaster Optical Frame 51 Tortoise', '1', '₹12,450.00'],
    ['Lens cloth', '2', '₹0.00'],
  ],
};

test('a job starts with ESC @ then ESC t 0 and ESC R 0; ends with ESC d 4 and GS V 1 (partial cut)', () => {
  const bytes = renderEscPos(doc([{ kind: 'text', text: 'Hi' }]), { columns: 48, drawer: false });
  assert.equal(hex(bytes.subarray(0, 8)), '1b40' + '1b7400' + '1b5200');
  assert.equal(hex(bytes.subarray(-6)), '1b6404' + '1d5601');
  const job = readEscPos(bytes);
  assert.deepEqual(job.lines.map((l) => l.text), ['Hi']);
  assert.ok(!job.commands.some((c) => c.startsWith('drawer')), 'no drawer kick unless asked');
});

test('the drawer kick ESC p 0 25 250 comes right after init, before anything prints', () => {
  const bytes = renderEscPos(doc([{ kind: 'text', text: 'Hi' }]), { columns: 32, drawer: true });
  assert.equal(hex(bytes.subarray(0, 7)), '1b40' + '1b700019fa');
  assert.deepEqual(readEscPos(bytes).commands.slice(0, 2), ['init', 'drawer 0 25 250']);
});

test('QR: GS ( k model 2, module size, level M, store (pL pH = data + 3), print', () => {
  const data = 'AMD1/SO/2026-27/000045';
  assert.equal(
    hex(qrCode(data, 6, 'M')),
    '1d286b0400314132' + '00' + // fn 165: model 2
      '1d286b03003143' + '06' + // fn 167: 6 dots per module
      '1d286b03003145' + '31' + // fn 169: level M
      '1d286b' + (data.length + 3).toString(16).padStart(2, '0') + '00' + '315030' + Buffer.from(data).toString('hex') + // fn 180: store
      '1d286b0300315130', // fn 181: print
  );
  const job = readEscPos(renderEscPos(doc([{ kind: 'qr', text: data, caption: `Order ${data}` }]), { columns: 48, drawer: false }));
  const at = job.commands.indexOf('qr model 2');
  assert.deepEqual(job.commands.slice(at - 1, at + 6), ['align center', 'qr model 2', 'qr size 6', 'qr level M', `qr store ${data}`, 'qr print', 'align left']);
  assert.deepEqual(job.lines.map((l) => [l.text, l.align]), [[`Order ${data}`, 'center']]);
});

test('a QR of 300 characters has pH set: the store length is little-endian', () => {
  const bytes = qrCode('A'.repeat(300), 4);
  const store = hex(bytes).indexOf('315030');
  assert.equal(hex(bytes).slice(store - 4, store), (303 & 0xff).toString(16).padStart(2, '0') + '01');
});

test('items at 48 characters: the name takes what Qty and Amount leave; amounts end at the edge', () => {
  const job = readEscPos(renderEscPos(doc([ITEMS]), { columns: 48, drawer: false }));
  assert.deepEqual(
    job.lines.map((l) => [l.text, l.bold]),
    [
      ['Item                            Qty       Amount', true],
      ['-'.repeat(48), false],
      ['Ray-Ban RB5154 Clubmaster         1 Rs.12,450.00', false],
      ['Optical Frame 51 Tortoise', false],
      ['Lens cloth                        2      Rs.0.00', false],
      ['-'.repeat(48), false],
    ],
  );
});

test('column widths: natural widths for Qty and Amount, the rest to Item, at 32 and 48', () => {
  const rows = ITEMS.kind === 'table' ? ITEMS.rows.map((r) => r.map(printableAscii)) : [];
  const columns = ITEMS.kind === 'table' ? ITEMS.columns : [];
  // Amount: "Rs.12,450.00" is 12; Qty: the title's 3; two gaps.
  assert.deepEqual(columnWidths(columns, rows, 48), [48 - 2 - 3 - 12, 3, 12]);
  assert.deepEqual(columnWidths(columns, rows, 32), [32 - 2 - 3 - 12, 3, 12]);
});

test('at 32 characters a long item name wraps within its column, the amount stays on its first line', () => {
  const rows = [['Ray-Ban RB5154 Clubmaster Optical Frame 51 Tortoise', '1', 'Rs.12,450.00']];
  const { header, body } = tableLines(ITEMS.kind === 'table' ? ITEMS.columns : [], rows, 32);
  assert.deepEqual(header, ['Item            Qty       Amount']);
  assert.deepEqual(body, [
    'Ray-Ban RB5154    1 Rs.12,450.00',
    'Clubmaster',
    'Optical Frame',
    '51 Tortoise',
  ]);
  for (const line of [...header, ...body]) assert.ok(line.length <= 32, line);
});

test('at 48 the same row: name wraps at 31, Qty and Amount right-aligned under their titles', () => {
  const rows = [['Ray-Ban RB5154 Clubmaster Optical Frame 51 Tortoise', '1', 'Rs.12,450.00']];
  const { header, body } = tableLines(ITEMS.kind === 'table' ? ITEMS.columns : [], rows, 48);
  assert.deepEqual(header, ['Item                            Qty       Amount']);
  assert.deepEqual(body, ['Ray-Ban RB5154 Clubmaster         1 Rs.12,450.00', 'Optical Frame 51 Tortoise']);
});

test('too many columns for the line: shared by relative width, cells broken to fit, no line too long', () => {
  const columns = Array.from({ length: 7 }, (_, i) => ({ title: `Column${i}`, width: 1, align: 'right' as const }));
  const rows = [columns.map(() => '+10.25')];
  const widths = columnWidths(columns, rows, 32);
  assert.equal(widths.reduce((a, b) => a + b, 0) + 6, 32);
  const { header, body } = tableLines(columns, rows, 32);
  for (const line of [...header, ...body]) assert.ok(line.length <= 32, line);
});

test('wrap: words kept whole, a word longer than the line broken, empty text one empty line', () => {
  assert.deepEqual(wrap('Please bring this receipt when you collect your order.', 20), ['Please bring this', 'receipt when you', 'collect your order.']);
  assert.deepEqual(wrap('AMD1/SO/2026-27/000045', 10), ['AMD1/SO/20', '26-27/0000', '45']);
  assert.deepEqual(wrap('', 10), ['']);
});

test('totals: label left, amount right-aligned to the last column, strong rows bold after a rule', () => {
  const job = readEscPos(
    renderEscPos(
      doc([{ kind: 'totals', rows: [{ label: 'Order total', value: '₹7,580.00' }, { label: 'Balance due', value: '₹7,080.00', strong: true }] }]),
      { columns: 32, drawer: false },
    ),
  );
  assert.deepEqual(
    job.lines.map((l) => [l.text, l.bold]),
    [
      ['Order total          Rs.7,580.00', false],
      ['-'.repeat(32), false],
      ['Balance due          Rs.7,080.00', true],
    ],
  );
});

test('title bold, centred and double size; store name double width only when it fits', () => {
  const job = readEscPos(
    renderEscPos(
      doc([
        { kind: 'letterhead', logo: null, name: 'Drishti Opticals (Demo)', lines: ['GSTIN 24AAHCD4821K1ZO'] },
        { kind: 'title', text: 'RECEIPT', note: 'Customer copy' },
      ]),
      { columns: 32, drawer: false },
    ),
  );
  const line = (text: string) => job.lines.find((l) => l.text === text);
  assert.deepEqual(line('Drishti Opticals (Demo)'), { text: 'Drishti Opticals (Demo)', align: 'center', bold: true, doubleWidth: false, doubleHeight: true });
  assert.deepEqual(line('RECEIPT'), { text: 'RECEIPT', align: 'center', bold: true, doubleWidth: true, doubleHeight: true });
  assert.equal(line('Customer copy')?.bold, false);
  const wide = readEscPos(renderEscPos(doc([{ kind: 'letterhead', logo: null, name: 'Drishti Opticals (Demo)', lines: [] }]), { columns: 48, drawer: false }));
  assert.equal(wide.lines[0]!.doubleWidth, true, '23 characters fit 24 double-width columns');
});

test('fields: values beside their labels; a value too long for its place goes on the next line', () => {
  const job = readEscPos(
    renderEscPos(doc([{ kind: 'fields', rows: [['Receipt no', 'AMD1/RC/2026-27/000045'], ['Customer', 'राजेश Kumar']] }]), { columns: 32, drawer: false }),
  );
  assert.deepEqual(job.lines.map((l) => l.text), ['Receipt no', '  AMD1/RC/2026-27/000045', 'Customer   Rajesh Kumar']);
  assert.ok(job.commands.includes('bold 1'), 'values bold, as on the PDF');
});

test('printableAscii: ₹ as Rs., Indian names in Latin letters, accents and quotes plain, the rest ?', () => {
  assert.equal(printableAscii('₹1,23,456.50'), 'Rs.1,23,456.50');
  assert.equal(printableAscii('-₹0.40'), '-Rs.0.40');
  const names: [string, string][] = [
    ['राजेश Kumar', 'Rajesh Kumar'],
    ['कृष्ण मिश्र', 'Krishna Mishra'],
    ['अनिल शर्मा', 'Anil Sharma'],
    ['परमार', 'Parmar'],
    ['कमल', 'Kamal'],
    ['संजय', 'Sanjay'],
    ['लक्ष्मी', 'Lakshmi'],
    ['ज़ैनब', 'Zainab'],
    ['ગીતા પટેલ', 'Gita Patel'],
    ['ਹਰਪ੍ਰੀਤ ਸਿੰਘ', 'Harprit Singh'],
    ['রমেশ', 'Ramesh'],
    ['சுரேஷ்', 'Suresh'],
    ['మహేష్', 'Mahesh'],
    ['ರಮೇಶ', 'Ramesha'],
  ];
  for (const [name, latin] of names) assert.equal(printableAscii(name), latin, name);
  assert.equal(printableAscii('“Müller” – café…'), '"Muller" - cafe...');
  assert.equal(printableAscii('田中 😀'), '?? ?');
  for (const text of names.map(([n]) => n)) assert.match(printableAscii(text), /^[\x20-\x7e]*$/);
});

test('the whole job is printable ASCII and our commands only, and no line is wider than the roll', () => {
  const blocks: Block[] = [
    { kind: 'letterhead', logo: null, name: 'दृष्टि ऑप्टिकल्स', lines: ['GSTIN 24AAHCD4821K1ZO · ☎ 079'] },
    { kind: 'title', text: 'RECEIPT', note: 'Store copy' },
    { kind: 'stamp', text: 'CANCELLED' },
    { kind: 'fields', columns: 2, rows: [['Customer', 'श्री राजेश कुमार पटेल, Navrangpura, Ahmedabad']] },
    { kind: 'parties', parts: [{ heading: 'Patient', lines: ['Ms Kavya'] }] },
    ITEMS,
    { kind: 'heading', text: 'Prescription' },
    { kind: 'rule' },
    { kind: 'text', text: 'Thank you', align: 'right', small: true, strong: true },
    { kind: 'signature', above: 'For Drishti Opticals', below: 'Authorised signatory' },
  ];
  for (const columns of [32, 42, 48] as const) {
    const job = readEscPos(renderEscPos(doc(blocks), { columns, drawer: true }));
    for (const line of job.lines) {
      const width = line.text.length * (line.doubleWidth ? 2 : 1);
      assert.ok(width <= columns, `${columns}: "${line.text}" is ${width} columns`);
    }
    assert.ok(job.text.includes('CANCELLED'));
    assert.ok(job.text.includes('Rajesh'), job.text);
  }
});

test('EscPos refuses text that is not printable ASCII rather than print mojibake', () => {
  assert.throws(() => new EscPos().text('₹'), /Not printable ASCII/);
  assert.throws(() => asciiBytes('a\nb'), /Not printable ASCII/);
  assert.deepEqual(new EscPos().line('ab  ').toBytes(), Uint8Array.from([0x61, 0x62, 0x0a]));
});
