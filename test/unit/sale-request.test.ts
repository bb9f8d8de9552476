/** The counter's SaveSale request (renderer/src/quick-sale/sale-request.ts), worked by hand. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isCardKind, saleRequest, spentNote, type SaleState } from '../../renderer/src/quick-sale/sale-request.js';

const CASH = { id: 'ENC-CASH', name: 'Cash' };
const CARD = { id: 'ENC-CARD', name: 'Credit Card' };
const NOTE = { creditNoteID: 'ENC-CN1', creditNoteNo: 'CN/26/0001', amount: 800, balance: 800, date: '2026-03-01T00:00:00' };

/** A cash sale of ₹1,500 paid in full, with nothing else asked for. */
function state(change: Partial<SaleState> = {}): SaleState {
  return {
    sessionID: 'S-1',
    customerID: 'ENC-C1',
    charges: { jobCharges: 0, shippingCharges: 0, otherCharges: 0 },
    netAmount: 1500,
    plan: { note: undefined, fromNote: 0, now: 1500, total: 1500 },
    kind: CASH,
    noteKindId: 'ENC-NOTE',
    card: { cardTypeId: '', cardNo: '', nameOnCard: '' },
    insurance: { insurerId: undefined, policyNo: '', split: undefined },
    delivery: { date: '', time: '' },
    labJob: { supplierID: '', fitterID: '', priorityID: '' },
    ...change,
  };
}

const order = {
  sessionId: 'S-1',
  customerId: 'ENC-C1',
  jobCharges: 0,
  shippingCharges: 0,
  otherCharges: 0,
  netAmount: 1500,
};

test('paid in full in cash: one receipt for the whole net amount, no zero receipt', () => {
  assert.deepEqual(saleRequest(state()), {
    sale: {
      sessionID: 'S-1',
      salesorderModel: order,
      receiptModel: { receiptTypeId: 'ENC-CASH', amount: 1500, receiptAmount: 1500, customerIDStr: 'ENC-C1' },
      allowZeroAmountReceiptInQuickSale: false,
    },
  });
});

test('part payment by card: the receipt is the part paid, with the card details; blanks go as null', () => {
  const request = saleRequest(
    state({
      plan: { note: undefined, fromNote: 0, now: 500, total: 500 },
      kind: CARD,
      card: { cardTypeId: 'ENC-VISA', cardNo: '4242', nameOnCard: '' },
      charges: { jobCharges: 100, shippingCharges: 0, otherCharges: 25.5 },
      netAmount: 1625.5,
    }),
  );
  assert.deepEqual(request, {
    sale: {
      sessionID: 'S-1',
      salesorderModel: { ...order, jobCharges: 100, otherCharges: 25.5, netAmount: 1625.5 },
      receiptModel: {
        receiptTypeId: 'ENC-CARD',
        amount: 500,
        receiptAmount: 500,
        customerIDStr: 'ENC-C1',
        cardTypeId: 'ENC-VISA',
        cardNo: '4242',
        nameOnCard: null,
      },
      allowZeroAmountReceiptInQuickSale: false,
    },
  });
});

test('card details typed and then a cash kind chosen: the card details are not sent', () => {
  const request = saleRequest(state({ card: { cardTypeId: 'ENC-VISA', cardNo: '4242', nameOnCard: 'A Shah' } }));
  assert.deepEqual(request.sale.receiptModel, { receiptTypeId: 'ENC-CASH', amount: 1500, receiptAmount: 1500, customerIDStr: 'ENC-C1' });
});

test('nothing paid today: no receipt, and SaveSale is told a zero receipt is meant', () => {
  const request = saleRequest(state({ plan: { note: undefined, fromNote: 0, now: 0, total: 0 } }));
  assert.equal(request.sale.receiptModel, null);
  assert.equal(request.sale.allowZeroAmountReceiptInQuickSale, true);
});

test('no payment kind loaded: the receipt goes without a kind rather than not at all', () => {
  const request = saleRequest(state({ kind: undefined }));
  assert.deepEqual(request.sale.receiptModel, { receiptTypeId: null, amount: 1500, receiptAmount: 1500, customerIDStr: 'ENC-C1' });
});

test('a credit note pays part, cash the rest: both parts in the one SaveSale (payments[], the note first), never a SaveReceipt after it', () => {
  const plan = { note: NOTE, fromNote: 800, now: 700, total: 1500 };
  assert.deepEqual(saleRequest(state({ plan, tendered: 1000 })), {
    sale: {
      sessionID: 'S-1',
      salesorderModel: order,
      receiptModel: null,
      payments: [
        { receiptTypeId: 'ENC-NOTE', amount: 800, receiptAmount: 800, customerIDStr: 'ENC-C1', creditNoteID: 'ENC-CN1' },
        { receiptTypeId: 'ENC-CASH', amount: 700, receiptAmount: 700, customerIDStr: 'ENC-C1' },
      ],
      cashTendered: 1000,
      allowZeroAmountReceiptInQuickSale: false,
    },
  });
  assert.equal(spentNote(plan), NOTE);
});

test('a credit note pays the whole bill: no second receipt; without a Credit Note kind the note goes as the chosen kind', () => {
  const plan = { note: { ...NOTE, balance: 2000 }, fromNote: 1500, now: 0, total: 1500 };
  const request = saleRequest(state({ plan, noteKindId: undefined }));
  assert.deepEqual(request.sale.receiptModel, {
    receiptTypeId: 'ENC-CASH',
    amount: 1500,
    receiptAmount: 1500,
    customerIDStr: 'ENC-C1',
    creditNoteID: 'ENC-CN1',
  });
  // Money was taken (from the note), so this is no zero receipt.
  assert.equal(request.sale.allowZeroAmountReceiptInQuickSale, false);
});

test('a note chosen but nothing taken from it: not spent, the kind pays as without one', () => {
  const plan = { note: NOTE, fromNote: 0, now: 1500, total: 1500 };
  assert.equal(spentNote(plan), null);
  assert.deepEqual(saleRequest(state({ plan })), saleRequest(state()));
});

test('insurance: the service’s split goes on the order, the policy number trimmed; the patient pays their share', () => {
  const split = { grossTotal: 1500, insuranceAmount: 1000, nisAmount: 0, voucherAmount: 0, patientAmount: 500 };
  const request = saleRequest(
    state({
      plan: { note: undefined, fromNote: 0, now: 500, total: 500 },
      insurance: { insurerId: 'ENC-INS', policyNo: '  POL-77 ', split },
    }),
  );
  assert.deepEqual(request.sale.salesorderModel, {
    ...order,
    enableInsurance: true,
    insuranceCompanyID: 'ENC-INS',
    policyNo: 'POL-77',
    grossTotal: 1500,
    totalInsuranceAmount: 1000,
  });
  assert.deepEqual(request.sale.receiptModel, { receiptTypeId: 'ENC-CASH', amount: 500, receiptAmount: 500, customerIDStr: 'ENC-C1' });
});

test('insurance with a blank policy number sends null; an insurer without a split yet, or a split without an insurer, sends none', () => {
  const split = { grossTotal: 1500, insuranceAmount: 1000, nisAmount: 0, voucherAmount: 0, patientAmount: 500 };
  const blank = saleRequest(state({ insurance: { insurerId: 'ENC-INS', policyNo: '  ', split } }));
  assert.equal(blank.sale.salesorderModel?.policyNo, null);
  assert.deepEqual(saleRequest(state({ insurance: { insurerId: 'ENC-INS', policyNo: 'P', split: undefined } })).sale.salesorderModel, order);
  assert.deepEqual(saleRequest(state({ insurance: { insurerId: undefined, policyNo: 'P', split } })).sale.salesorderModel, order);
});

test('delivery: a date alone, a date with its time; a time without a date is not sent', () => {
  assert.deepEqual(saleRequest(state({ delivery: { date: '2026-04-02', time: '' } })).sale.salesorderModel, {
    ...order,
    deliveryDateString: '2026-04-02',
  });
  assert.deepEqual(saleRequest(state({ delivery: { date: '2026-04-02', time: '17:30' } })).sale.salesorderModel, {
    ...order,
    deliveryDateString: '2026-04-02',
    deliveryTimeString: '17:30',
  });
  assert.deepEqual(saleRequest(state({ delivery: { date: '', time: '17:30' } })).sale.salesorderModel, order);
});

test('a lab job: the lab, fitter and priority chosen go on the sale, the ones left unchosen do not', () => {
  const request = saleRequest(state({ labJob: { supplierID: 'ENC-LAB', fitterID: '', priorityID: 'ENC-URGENT' } }));
  assert.deepEqual(request.sale, {
    sessionID: 'S-1',
    salesorderModel: order,
    receiptModel: { receiptTypeId: 'ENC-CASH', amount: 1500, receiptAmount: 1500, customerIDStr: 'ENC-C1' },
    allowZeroAmountReceiptInQuickSale: false,
    supplierID: 'ENC-LAB',
    priorityID: 'ENC-URGENT',
  });
});

test('card kinds are told by name', () => {
  assert.equal(isCardKind('Credit Card'), true);
  assert.equal(isCardKind('DEBIT CARD'), true);
  assert.equal(isCardKind('Cash'), false);
  assert.equal(isCardKind(undefined), false);
});
