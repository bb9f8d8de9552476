/** GST and bill totals against figures worked by hand (shared/domain/gst.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { billTotals, divRound, gstLine, lineDiscount } from '../../shared/domain/gst.js';
import { documentNo } from '../../main/service/store/number-series.js';

test('inclusive price, intra-state: ₹1,050 frame at 5 % is ₹1,000 taxable + ₹25 CGST + ₹25 SGST', () => {
  const l = gstLine({ qty: 1, unitPrice: 105000, rateBp: 500, priceIncludesTax: true }, true);
  assert.deepEqual(l, { gross: 105000, discount: 0, taxable: 100000, rateBp: 500, cgst: 2500, sgst: 2500, igst: 0, tax: 5000, total: 105000 });
});

test('inclusive price with a discount, intra- and inter-state: ₹1,299 sunglasses − ₹100 at 18 %', () => {
  // 1,199.00 × 100 / 118 = 1,016.101… → 1,016.10 taxable; tax 182.90; halves 91.45 each.
  const intra = gstLine({ qty: 1, unitPrice: 129900, discountAmount: 10000, rateBp: 1800, priceIncludesTax: true }, true);
  assert.deepEqual([intra.discount, intra.taxable, intra.tax, intra.cgst, intra.sgst, intra.igst, intra.total], [10000, 101610, 18290, 9145, 9145, 0, 119900]);
  const inter = gstLine({ qty: 1, unitPrice: 129900, discountAmount: 10000, rateBp: 1800, priceIncludesTax: true }, false);
  assert.deepEqual([inter.taxable, inter.cgst, inter.sgst, inter.igst, inter.total], [101610, 0, 0, 18290, 119900]);
});

test('exclusive price: 2 lenses at ₹2,000 with 10 % off, 5 % GST added on ₹3,600', () => {
  const intra = gstLine({ qty: 2, unitPrice: 200000, discountBp: 1000, rateBp: 500, priceIncludesTax: false }, true);
  assert.deepEqual([intra.gross, intra.discount, intra.taxable, intra.cgst, intra.sgst, intra.total], [400000, 40000, 360000, 9000, 9000, 378000]);
  const inter = gstLine({ qty: 2, unitPrice: 200000, discountBp: 1000, rateBp: 500, priceIncludesTax: false }, false);
  assert.deepEqual([inter.igst, inter.total], [18000, 378000]);
});

test('an odd paisa of tax goes to SGST so the halves always add up', () => {
  // ₹999 + 18 % = 179.82 tax; ₹10.01 + 5 % = 0.5005 → 0.50 tax, halves 0.25 + 0.25; ₹10.03 → 0.5015 → 0.50.
  const l = gstLine({ qty: 1, unitPrice: 1003, rateBp: 500, priceIncludesTax: false }, true);
  assert.equal(l.cgst + l.sgst, l.tax);
  const odd = gstLine({ qty: 1, unitPrice: 1030, rateBp: 500, priceIncludesTax: false }, true); // 51.5 → 52 paise
  assert.deepEqual([odd.tax, odd.cgst, odd.sgst], [52, 26, 26]);
  const odd2 = gstLine({ qty: 1, unitPrice: 1010, rateBp: 500, priceIncludesTax: false }, true); // 50.5 → 51 paise
  assert.deepEqual([odd2.tax, odd2.cgst, odd2.sgst], [51, 25, 26]);
  // Inclusive: ₹10.71 at 5 % → taxable 10.20, tax 0.51 → CGST 0.25, SGST 0.26.
  const inc = gstLine({ qty: 1, unitPrice: 1071, rateBp: 500, priceIncludesTax: true }, true);
  assert.deepEqual([inc.taxable, inc.tax, inc.cgst, inc.sgst], [1020, 51, 25, 26]);
});

test('no known rate means no tax; discounts never exceed the line', () => {
  const l = gstLine({ qty: 3, unitPrice: 5000, rateBp: null, priceIncludesTax: true }, true);
  assert.deepEqual([l.taxable, l.tax, l.total], [15000, 0, 15000]);
  assert.equal(lineDiscount(1000, 5000, null), 1000);
  assert.equal(lineDiscount(1000, null, 2500), 250);
  assert.equal(lineDiscount(1000, 0, 2500), 250, 'a zero amount falls back to the rate');
});

test('the bill: lines + charges, rounded to the rupee once, difference in rounding', () => {
  const frame = gstLine({ qty: 1, unitPrice: 105000, rateBp: 500, priceIncludesTax: true }, true);
  const lens = gstLine({ qty: 1, unitPrice: 99900, rateBp: 1800, priceIncludesTax: false }, true); // 999 + 179.82
  const t = billTotals([{ ...frame, qty: 1 }, { ...lens, qty: 1 }], { jobCharges: 5000 });
  assert.equal(t.grandTotal, 105000 + 117882);
  assert.equal(t.charges, 5000);
  assert.equal(t.netAmount, 227900, '2,278.82 rounds to 2,279');
  assert.equal(t.rounding, 18);
  assert.equal(t.taxable, 100000 + 99900);
  assert.equal(t.cgst + t.sgst, t.tax);
  const down = billTotals([gstLine({ qty: 1, unitPrice: 10040, rateBp: null, priceIncludesTax: true }, true)]);
  assert.deepEqual([down.netAmount, down.rounding], [10000, -40]);
});

test('divRound rounds halves away from zero exactly', () => {
  assert.equal(divRound(5, 2), 3);
  assert.equal(divRound(-5, 2), -3);
  assert.equal(divRound(119900 * 10000, 11800), 101610);
});

test('document numbers: branch code, kind, year, till code and serial; invoices at most 16 characters', () => {
  assert.equal(documentNo('order', 'AMD1', '1', '2026-27', 123), 'AMD1/SO/2026-27/1-000123');
  assert.equal(documentNo('receipt', 'srt1', 'b2', '2026-27', 45), 'SRT1/RC/2026-27/B2-000045');
  assert.equal(documentNo('invoice', 'AMD1', '1', '2026-27', 123), 'AMD1/26/1-000123');
  assert.equal(documentNo('invoice', 'NAV', '1', '2026-27', 7), 'NAV/26/1-0000007');
  assert.equal(documentNo('invoice', 'AMD1', 'A12', '2026-27', 7), 'AMD1/26/A12-0007');
  assert.equal(documentNo('gst_credit_note', 'AMD1', '1', '2026-27', 3), 'AMD1/26C/1-00003');
  assert.equal(documentNo('transfer_invoice', 'AMD1', '1', '2026-27', 12), 'AMD1/26T/1-00012');
  assert.equal(documentNo('goods_receipt', 'AMD1', '1', '2026-27', 3), 'AMD1/GR/2026-27/1-000003');
  for (const no of ['AMD1/26/1-000123', 'AMD1/26/A12-0007']) assert.ok(no.length <= 16 && /^[A-Z0-9/-]+$/.test(no), no);
  // The serial a cashier reads out is still the last six characters of an order's number.
  assert.equal(documentNo('order', 'AMD1', 'A12', '2027-28', 9).slice(-6), '000009');
  assert.throws(() => documentNo('invoice', 'AVERYLONGCO', '1', '2026-27', 7), /16 characters/);
  assert.throws(() => documentNo('invoice', 'AMD1', '1', '2026-27', 10_000_000), /16 characters/);
});
