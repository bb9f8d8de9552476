/** The X/Z report builder (sale/till-report.ts) and the denomination count, worked by hand. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countedPaise, looksLikeCardNumber } from '../../shared/domain/till.js';
import { buildTillReport, expectedCashPaise } from '../../main/service/sale/till-report.js';
import type { SessionFigures } from '../../main/service/store/till-session.js';

const figures: SessionFigures = {
  sales: { count: 3, amount: 1_250_000 },
  discounts: { count: 1, amount: 20_000 },
  priceApprovals: 1,
  kinds: [
    // Cash ₹9,000 in 3 receipts, ₹7,000 of them for this session's sales.
    { kind_id: 1, kind: 'Cash', count: 3, amount: 900_000, sale_count: 2, sale_amount: 700_000 },
    { kind_id: 2, kind: 'Card', count: 1, amount: 400_000, sale_count: 1, sale_amount: 400_000 },
    { kind_id: 5, kind: 'Credit Note', count: 1, amount: 150_000, sale_count: 1, sale_amount: 150_000 },
  ],
  refunds: { count: 1, amount: 50_000 },
  cashRefunds: 50_000,
  notesIssued: { count: 1, amount: 30_000 },
  cancellations: { count: 1, amount: 80_000 },
  gst: [{ rate_bp: 1200, taxable: 1_000_000, cgst: 60_000, sgst: 60_000, igst: 0 }],
  moves: [
    { direction: 'in', amount: 100_000, reason: 'change from the bank', created_at: '2026-11-25T05:00:00.000Z', by_name: 'cashier' },
    { direction: 'out', amount: 25_000, reason: 'petty cash', created_at: '2026-11-25T09:00:00.000Z', by_name: 'cashier' },
  ],
};
const session = { till: 'T1', opened_at: '2026-11-25T04:00:00.000Z', opened_by_name: 'cashier', opening_float: 200_000, branch_name: 'Navrangpura' };

test('expected cash: float 2,000 + cash 9,000 + in 1,000 − out 250 − refunds 500 = 11,250', () => {
  assert.equal(expectedCashPaise(200_000, figures), 1_125_000);
});

test('the Z report: tallies in rupees, sales by kind, earlier orders, counted and the difference', () => {
  const r = buildTillReport({ kind: 'Z', session, sessionId: 'ENC_x', at: '2026-11-25T14:00:00.000Z', closedBy: 'manager', figures, counted: { paise: 1_120_000, count: { n500: 22, n100: 2 } } });
  assert.deepEqual(r.sales, { count: 3, amount: 12_500 });
  assert.deepEqual(r.salesByKind, [
    { kind: 'Cash', count: 2, amount: 7_000 },
    { kind: 'Card', count: 1, amount: 4_000 },
    { kind: 'Credit Note', count: 1, amount: 1_500 },
  ]);
  assert.deepEqual(r.earlierOrderReceipts, { count: 1, amount: 2_000 });
  assert.deepEqual(r.creditNotesSpent, { count: 1, amount: 1_500 });
  assert.deepEqual(r.creditNotesIssued, { count: 1, amount: 300 });
  assert.deepEqual(r.gstByRate, [{ ratePercent: 12, taxable: 10_000, cgst: 600, sgst: 600, igst: 0 }]);
  assert.equal(r.expectedCash, 11_250);
  assert.equal(r.countedCash, 11_200);
  assert.equal(r.difference, -50);
  assert.equal(r.closedAt, '2026-11-25T14:00:00.000Z');
  assert.deepEqual(r.counted, { n500: 22, n100: 2 });
});

test('the X report has no count, no difference, no close', () => {
  const r = buildTillReport({ kind: 'X', session, sessionId: 'ENC_x', at: '2026-11-25T10:00:00.000Z', closedBy: null, figures, counted: null });
  assert.equal(r.closedAt, null);
  assert.equal(r.countedCash, null);
  assert.equal(r.difference, null);
});

test('counting: 3 × ₹2000 + 1 × ₹20 coin + 4 × ₹1 = ₹6,024; a card number is 12–19 digits', () => {
  assert.equal(countedPaise({ n2000: 3, c20: 1, c1: 4 }), 602_400);
  assert.equal(countedPaise({}), 0);
  assert.ok(looksLikeCardNumber('4111 1111 1111 1111'));
  assert.ok(looksLikeCardNumber('4111-1111-1111-1111'));
  assert.ok(!looksLikeCardNumber('4242'));
  assert.ok(!looksLikeCardNumber('UPI-4471'));
});
