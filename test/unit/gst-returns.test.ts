/** GSTR-1's sorting rules and Tally's amounts, worked by hand (main/service/reports/gstr1.ts, tally.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { b2clLimit, docSeries, sectionOf, type GstDocument } from '../../main/service/reports/gstr1.js';
import { DEFAULT_LEDGERS, tallyAmount, voucherEntries } from '../../main/service/reports/tally.js';

const doc = (over: Partial<GstDocument>): GstDocument => ({
  kind: 'invoice', no: 'AMD1/26/1-000001', date: '2026-11-05', value: 0, pos: '27', posName: 'Maharashtra', intra: false, ctin: null, party: 'A buyer',
  lines: [], totals: { txval: 0, iamt: 0, camt: 0, samt: 0, rounding: 0 }, ...over,
});

test('B2C large is strictly above ₹1,00,000 from August 2024 and above ₹2,50,000 before', () => {
  assert.equal(b2clLimit('2024-08-01'), 100_000_00);
  assert.equal(b2clLimit('2024-07-31'), 250_000_00);
  assert.equal(sectionOf(doc({ value: 100_000_00 })), 'b2cs', 'exactly the limit is small');
  assert.equal(sectionOf(doc({ value: 100_000_01 })), 'b2cl');
  assert.equal(sectionOf(doc({ value: 200_000_00, date: '2024-07-15' })), 'b2cs', 'the old limit for an old invoice');
  assert.equal(sectionOf(doc({ value: 500_000_00, intra: true })), 'b2cs', 'intra-state is never large');
  assert.equal(sectionOf(doc({ value: 10_00, ctin: '24AABCB1234C1Z5' })), 'b2b');
  assert.equal(sectionOf(doc({ kind: 'credit', ctin: '24AABCB1234C1Z5' })), 'cdnr');
  assert.equal(sectionOf(doc({ kind: 'credit', againstB2cl: true })), 'cdnur');
  assert.equal(sectionOf(doc({ kind: 'credit', againstB2cl: false })), 'b2cs');
});

test('documents issued: a series per prefix, lowest and highest by serial, counted', () => {
  const series = docSeries([
    doc({ no: 'AMD1/26/1-000010' }), doc({ no: 'AMD1/26/1-000009' }), doc({ no: 'AMD1/26/2-000001' }),
    doc({ no: 'AMD1/26T/1-00002', kind: 'transfer' }), doc({ no: 'AMD1/26C/1-00001', kind: 'credit' }),
  ]);
  assert.deepEqual(series.map((s) => [s.type, s.docs[0].from, s.docs[0].to, s.docs[0].totnum, s.docs[0].cancel]), [
    ['credit', 'AMD1/26C/1-00001', 'AMD1/26C/1-00001', 1, 0],
    ['invoice', 'AMD1/26/1-000009', 'AMD1/26/1-000010', 2, 0],
    ['invoice', 'AMD1/26/2-000001', 'AMD1/26/2-000001', 1, 0],
    ['invoice', 'AMD1/26T/1-00002', 'AMD1/26T/1-00002', 1, 0],
  ]);
});

test('a Tally sales voucher: party debited the bill, sales, tax, charges and rounding credited, summing to zero', () => {
  // ₹1,050 frame at 5 % inclusive (₹1,000 + ₹25 + ₹25) with ₹40.40 shipping, rounded down 40 paise to ₹1,090.
  const d = doc({ intra: true, value: 109000, totals: { txval: 100000, iamt: 0, camt: 2500, samt: 2500, rounding: -40 } });
  const entries = voucherEntries(d, DEFAULT_LEDGERS);
  assert.deepEqual(entries.map((e) => [e.ledger, tallyAmount(e.amount)]), [
    ['Cash Sales', '-1090.00'], ['Sales', '1000.00'], ['Output CGST', '25.00'], ['Output SGST', '25.00'], ['Other Charges', '40.40'], ['Round Off', '-0.40'],
  ]);
  assert.equal(entries.reduce((s, e) => s + e.amount, 0), 0);
  const note = voucherEntries(doc({ kind: 'credit', value: 52500, totals: { txval: 50000, iamt: 2500, camt: 0, samt: 0, rounding: 0 } }), DEFAULT_LEDGERS);
  assert.deepEqual(note.map((e) => [e.ledger, tallyAmount(e.amount)]), [['Cash Sales', '525.00'], ['Sales', '-500.00'], ['Output IGST', '-25.00']]);
  assert.equal(tallyAmount(-5), '-0.05');
});
