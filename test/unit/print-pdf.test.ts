/**
 * The PDF writer shares parsed fonts between documents (pdf.ts printFaces): each face is parsed
 * once per process, and one document's layout must not change the next one's bytes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FONT_FILES } from '../../main/service/print/fonts.js';
import type { Block, PrintedDocument } from '../../main/service/print/layout.js';
import { PAPERS } from '../../main/service/print/paper.js';
import { printFaces, renderPdf, rollLengthPt } from '../../main/service/print/pdf.js';
import { pdfInfo, pdfText } from '../helpers/print.js';

const receipt = (customer: string, rows: number): PrintedDocument => {
  const blocks: Block[] = [
    { kind: 'letterhead', logo: null, name: 'Drishti Opticals', lines: ['12 MG Road, Pune'] },
    { kind: 'title', text: 'RECEIPT', note: 'Customer copy' },
    { kind: 'fields', columns: 2, rows: [['Receipt no', 'RC/25/0007'], ['Customer', customer]] },
    {
      kind: 'table',
      columns: [{ title: 'Item', width: 3.2 }, { title: 'Qty', width: 0.7, align: 'right' }, { title: 'Amount', width: 1.7, align: 'right' }],
      rows: Array.from({ length: rows }, (_, i) => [`Single vision lens ${i + 1}`, '1', '₹1,200.00']),
    },
    { kind: 'totals', rows: [{ label: 'Paid now', value: '₹2,400.00', strong: true }] },
    { kind: 'qr', text: 'SO/25/000007', caption: 'Order SO/25/000007' },
  ];
  return { title: 'Receipt RC/25/0007', fileName: 'receipt', paper: PAPERS['80mm'], blocks };
};

/** The creation date and the file ID it seeds are the only bytes that may differ between runs. */
const stable = (bytes: Uint8Array) =>
  Buffer.from(bytes)
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '/ID []');

test('every face is parsed once and handed to pdfkit parsed, not as file bytes', () => {
  const faces = printFaces();
  assert.deepEqual([...faces.keys()].sort(), Object.keys(FONT_FILES).sort());
  for (const [file, face] of faces) assert.ok(!Buffer.isBuffer(face) && typeof face.layout === 'function', `${file} is parsed`);
  assert.equal(printFaces(), faces, 'the same parsed faces every time');
});

test('a document comes out the same however many were laid out before it with the shared fonts', async () => {
  const hindi = receipt('श्री राजेश Kumar', 2);
  const first = await renderPdf(hindi);
  const length = rollLengthPt(hindi);
  // Other text and glyphs through the same parsed faces, then the first document again.
  await renderPdf({ ...receipt('Anita Deshmukh', 40), paper: PAPERS.A4 });
  await renderPdf(receipt('सुनीता', 5));
  assert.equal(rollLengthPt(hindi), length);
  const again = await renderPdf(hindi);
  assert.equal(stable(again), stable(first));

  const text = pdfText(again);
  for (const expected of ['RECEIPT', 'RC/25/0007', 'Kumar', '₹2,400.00', 'Order SO/25/000007']) assert.ok(text.includes(expected), `${expected} in\n${text}`);
  // The roll is exactly as long as measured.
  assert.equal(pdfInfo(again).heightPt, Math.ceil(length));
});

test('a face remembers the runs it shaped, and each caller gets positions of its own to scale', () => {
  type Run = { glyphs: unknown[]; positions: Array<{ xAdvance: number }>; advanceWidth: number };
  const face = [...printFaces().values()][0] as unknown as { layout(text: string): Run };
  const first = face.layout('Drishti Opticals, 12 MG Road');
  const width = first.advanceWidth;
  for (const p of first.positions) p.xAdvance *= 3; // what pdfkit does to the run it is given
  const second = face.layout('Drishti Opticals, 12 MG Road');
  assert.equal(second.glyphs, first.glyphs, 'the shaped glyphs are remembered, not shaped again');
  assert.notEqual(second.positions, first.positions);
  assert.equal(second.advanceWidth, width, 'scaling one caller’s copy leaves the remembered run as shaped');
});

/** The embedded font programs of a PDF (FontFile2 streams), as stored. */
function fontPrograms(bytes: Uint8Array): string[] {
  const pdf = Buffer.from(bytes).toString('latin1');
  return [...pdf.matchAll(/\/FontFile2 (\d+) 0 R/g)].map(([, id]) => {
    const start = pdf.indexOf('stream\n', pdf.indexOf(`\n${id} 0 obj`)) + 'stream\n'.length;
    return pdf.slice(start, pdf.indexOf('\nendstream', start));
  });
}

test('receipts that print the same characters embed the same font subset, so it is written once and remembered', async () => {
  // Different names, so the letters are first used in a different order.
  const a = fontPrograms(await renderPdf(receipt('Anita Deshmukh', 2)));
  const b = fontPrograms(await renderPdf(receipt('Rohan Yadav', 3)));
  assert.equal(a.length, 2, 'regular and bold');
  assert.deepEqual(b, a);
  // A rarer letter joins the subset after the common ones: its own subset, and it still prints.
  const accented = await renderPdf(receipt('José Müller', 2));
  assert.notDeepEqual(fontPrograms(accented), a);
  assert.ok(pdfText(accented).includes('José Müller'), pdfText(accented));
});
