/**
 * A cancelled order's advance spent at the counter, against the real service: a lens sold with an
 * advance (through the shared client, as the counter sends it), cancelled on its order page by an
 * admin with the advance moved to a credit note, then the same customer's next sale at the quick
 * sale paid partly from the note (chosen with the keyboard) and the rest in cash. The order page
 * of the new sale shows both receipts. Second: a cashier takes an order's balance on its order
 * page from the customer's credit note, capped by what is left on the note and by the balance.
 */
import type { Page } from '@playwright/test';
import type { Client } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, screenshot, signIn, uniqueMobile, uniqueWord, watchForCspViolations } from './helpers.js';

const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

const ADVANCE = 300;
const FROM_NOTE = 120;

/** A spectacle lens (made to order: no stock needed) dearer than `minPrice`, sold to the customer with an advance. */
async function lensSale(staff: Client, customerID: string, advance: number, minPrice: number) {
  const types = await staff.call(api.Common.itemTypes);
  const lensType = types.find((t) => /spectacle lens/i.test(t.name));
  if (!lensType) throw new Error('The demo catalog has no spectacle lens type');
  const found = await staff.call(api.Common.searchItems, { body: { itemTypeID: lensType.value, pageNumber: 1, pageSize: 50 } });
  const lens = found.data.find((i) => i.price > minPrice);
  if (!lens) throw new Error(`No spectacle lens above ₹${minPrice}`);
  const [cash] = await staff.call(api.QuickSale.receiptTypes);
  if (!cash) throw new Error('No payment kinds');
  const { sessionID } = await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens.id, qty: 1 } });
  const sale = await staff.call(api.QuickSale.saveSale, {
    body: {
      sessionID,
      salesorderModel: { sessionId: sessionID, customerId: customerID },
      receiptModel: { receiptTypeId: cash.id, amount: advance, receiptAmount: advance, customerIDStr: customerID },
    },
  });
  return { ...sale, cash: cash.name };
}

/** A new customer's lens sold with an advance. */
async function saleWithAdvance(staff: Client) {
  const mobile = uniqueMobile();
  const lastName = uniqueWord('Note');
  const { customerID } = await staff.call(api.Customer.upsert, { body: { firstName: 'Kavya', lastName, mobile, isActive: true } });
  const sale = await lensSale(staff, customerID, ADVANCE, ADVANCE);
  return { ...sale, customerID, mobile, name: `Kavya ${lastName}` };
}

/** A frame the counter can scan, with stock, dearer than what the note pays. */
async function scannableFrame(staff: Client) {
  const types = await staff.call(api.Common.itemTypes);
  const frameType = types.find((t) => /^frames?$/i.test(t.name));
  if (!frameType) throw new Error('The demo catalog has no frame type');
  const found = await staff.call(api.Common.searchItems, { body: { itemTypeID: frameType.value, pageNumber: 1, pageSize: 50 } });
  const frame = found.data.find((i) => i.barcode && (i.stock ?? 0) >= 1 && i.price > FROM_NOTE);
  if (!frame?.barcode) throw new Error('No frame with a barcode and stock');
  return { ...frame, barcode: frame.barcode };
}

async function scan(page: Page, code: string) {
  const box = page.getByRole('combobox', { name: 'Code' });
  await expect(box).toBeFocused();
  await box.pressSequentially(code, { delay: 5 });
  await box.press('Enter');
}

test('an advance moved to a credit note pays part of the customer’s next sale; the rest in cash', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const admin = await apiAs(service.url, 'admin');
  const first = await saleWithAdvance(admin);
  const frame = await scannableFrame(admin);

  await signIn(page, 'admin');
  await page.goto(`/#/orders/${encodeURIComponent(first.salesOrderNo)}`);
  await expect(page.getByRole('heading', { name: `Order ${first.salesOrderNo}` })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order…' }).click();
  await page.getByLabel('Reason').selectOption({ index: 1 });
  await expect(page.getByLabel(`${rupees(ADVANCE)} received becomes`)).toHaveValue('4');
  await page.getByRole('button', { name: 'Cancel order', exact: true }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');

  const [note] = await admin.call(api.QuickSale.creditNotes, { query: { customerId: first.customerID } });
  if (!note) throw new Error('Cancelling made no credit note');
  expect(note.balance).toBe(ADVANCE);

  await page.getByRole('link', { name: /Quick sale/ }).click();
  await expect(page.getByRole('heading', { name: 'Quick sale' })).toBeVisible();
  await scan(page, frame.barcode);
  await expect(page.getByRole('table', { name: 'Cart' }).getByRole('row').filter({ hasText: frame.name })).toBeVisible();
  const net = Number(((await page.getByTestId('net-amount').textContent()) ?? '').replace(/[^\d.]/g, ''));
  expect(net).toBeGreaterThan(FROM_NOTE);

  // No credit notes on screen until the customer who has one is attached.
  await expect(page.getByRole('group', { name: 'Credit notes' })).toHaveCount(0);
  await page.keyboard.press('F2');
  await page.getByLabel('Customer mobile').fill(first.mobile);
  await page.getByLabel('Customer mobile').press('Enter');
  await expect(page.getByText(first.name)).toBeVisible();

  const notes = page.getByRole('group', { name: 'Credit notes' });
  const noteRadio = notes.getByRole('radio', { name: note.creditNoteNo });
  await expect(noteRadio).toBeVisible();
  await expect(notes).toContainText(`${rupees(ADVANCE)} left`);
  // Keyboard only: into the group, the arrow key chooses the note.
  await notes.getByRole('radio', { name: 'Not now' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(noteRadio).toBeChecked();
  const fromNote = page.getByLabel('From the note');
  // By default the note pays all it can: its whole balance, or the bill if that is less.
  await expect(fromNote).toHaveAttribute('placeholder', Math.min(ADVANCE, net).toFixed(2));

  // More than is left on the note is refused on the spot and the sale cannot be saved.
  await fromNote.fill(String(ADVANCE + 1));
  await expect(notes.getByText(`Only ${rupees(ADVANCE)} is left on this note.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Save sale/ })).toBeDisabled();

  await fromNote.fill(String(FROM_NOTE));
  const rest = net - FROM_NOTE;
  await page.keyboard.press('F4');
  await expect(page.getByLabel('Paying now')).toBeFocused();
  await expect(page.getByLabel('Paying now')).toHaveAttribute('placeholder', rest.toFixed(2));
  await expect(page.getByTestId('balance-after')).toHaveText(rupees(0));
  await page.keyboard.press('F9');

  await expect(page.getByRole('heading', { name: 'Sale saved' })).toBeVisible();
  const paidBy = page.getByRole('table', { name: 'Paid by' });
  const noteRow = paidBy.getByRole('row').filter({ hasText: `Credit note ${note.creditNoteNo}` });
  await expect(noteRow).toContainText(rupees(FROM_NOTE));
  const noteReceiptNo = (await page.getByTestId('receipt-no').textContent()) ?? '';
  await expect(noteRow).toContainText(noteReceiptNo);
  const cashRow = paidBy.getByRole('row').filter({ hasText: first.cash });
  await expect(cashRow).toContainText(rupees(rest));
  await expect(cashRow).not.toContainText('not confirmed');
  await screenshot(page, 'quick-sale-credit-note.png', { guide: true });

  const [left] = await admin.call(api.QuickSale.creditNotes, { query: { customerId: first.customerID } });
  expect(left?.balance).toBe(ADVANCE - FROM_NOTE);

  const orderNo = (await page.getByTestId('order-no').textContent()) ?? '';
  await page.getByTestId('order-no').click();
  await expect(page.getByRole('heading', { name: `Order ${orderNo}` })).toBeVisible();
  const receipts = page.getByRole('table', { name: 'Receipts' });
  await expect(receipts.getByRole('row').filter({ hasText: noteReceiptNo })).toContainText('Credit Note');
  await expect(receipts.getByRole('row').filter({ hasText: noteReceiptNo })).toContainText(rupees(FROM_NOTE));
  await expect(receipts.getByRole('row').filter({ hasText: first.cash })).toContainText(rupees(rest));
  await expect(page.getByTestId('received')).toHaveText(rupees(net));
  await expect(page.getByTestId('balance')).toHaveText(rupees(0));

  expect(problems).toEqual([]);
});

test('a cashier takes an order’s balance from the customer’s credit note on the order page, capped by the note and the balance', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const admin = await apiAs(service.url, 'admin');
  const first = await saleWithAdvance(admin);
  // Cancelling is a manager's: the admin moves the advance to a credit note behind the scenes.
  const [reason] = (await admin.call(api.Orders.cancellationReasons)).filter((r) => r.isActive);
  if (!reason) throw new Error('No cancellation reasons');
  await admin.call(api.Orders.cancel, {
    params: { salesOrderId: first.salesOrderID },
    body: { statusId: 5, receiptStatusId: 4, cancellationReasonID: reason.id },
  });
  const [note] = await admin.call(api.QuickSale.creditNotes, { query: { customerId: first.customerID } });
  if (!note) throw new Error('Cancelling made no credit note');
  expect(note.balance).toBe(ADVANCE);
  const cashier = await apiAs(service.url, 'cashier');
  const second = await lensSale(cashier, first.customerID, 200, 1000);

  await signIn(page, 'cashier');
  await page.goto(`/#/orders/${encodeURIComponent(second.salesOrderNo)}`);
  await expect(page.getByRole('heading', { name: `Order ${second.salesOrderNo}` })).toBeVisible();
  const balance = Number(((await page.getByTestId('balance').textContent()) ?? '').replace(/[^\d.]/g, ''));
  expect(balance).toBeGreaterThan(FROM_NOTE + 50);

  // A credit note is chosen from the customer's notes, never picked as a payment kind.
  const kindOptions = await page.getByLabel('Payment kind').locator('option').allTextContents();
  expect(kindOptions).toContain(second.cash);
  expect(kindOptions.some((k) => /credit\s*note/i.test(k))).toBe(false);

  const notes = page.getByRole('group', { name: 'Credit notes' });
  const noteRadio = notes.getByRole('radio', { name: note.creditNoteNo });
  await expect(notes).toContainText(`${rupees(ADVANCE)} left`);
  await notes.getByRole('radio', { name: 'Not now' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(noteRadio).toBeChecked();
  const fromNote = page.getByLabel('From the note');
  const amount = page.getByLabel('Amount');
  const take = page.getByRole('button', { name: 'Take payment' });
  // By default the note pays all it can, and the kind the rest of the balance.
  await expect(fromNote).toHaveAttribute('placeholder', Math.min(ADVANCE, balance).toFixed(2));
  await expect(amount).toHaveAttribute('placeholder', Math.max(0, balance - ADVANCE).toFixed(2));

  await fromNote.fill(String(ADVANCE + 1));
  await expect(notes.getByText(`Only ${rupees(ADVANCE)} is left on this note.`)).toBeVisible();
  await expect(take).toBeDisabled();

  // Part from the note, part in cash, ₹50 left for later.
  await fromNote.fill(String(FROM_NOTE));
  await expect(amount).toHaveAttribute('placeholder', (balance - FROM_NOTE).toFixed(2));
  const cashPart = Math.round((balance - FROM_NOTE - 50) * 100) / 100;
  await amount.fill(cashPart.toFixed(2));
  await expect(page.getByTestId('payment-split')).toHaveText(`The note pays ${rupees(FROM_NOTE)}, ${second.cash} ${rupees(cashPart)}.`);
  await screenshot(page, 'order-pay-from-note.png');
  await take.click();
  const saved = page.getByRole('status').filter({ hasText: 'saved' });
  await expect(saved).toContainText(`Credit note ${note.creditNoteNo}, ${rupees(FROM_NOTE)}`);
  await expect(saved).toContainText(`${second.cash}, ${rupees(cashPart)}`);
  const [noteReceiptNo, cashReceiptNo] = await saved.getByTestId('new-receipt-no').allTextContents();
  await expect(page.getByTestId('balance')).toHaveText(rupees(50));
  const receipts = page.getByRole('table', { name: 'Receipts' });
  await expect(receipts.getByRole('row').filter({ hasText: noteReceiptNo! })).toContainText('Credit Note');
  await expect(receipts.getByRole('row').filter({ hasText: noteReceiptNo! })).toContainText(rupees(FROM_NOTE));
  await expect(receipts.getByRole('row').filter({ hasText: cashReceiptNo! })).toContainText(rupees(cashPart));

  // What is left on the note is more than the balance now: the balance caps it.
  await expect(notes).toContainText(`${rupees(ADVANCE - FROM_NOTE)} left`);
  await noteRadio.check();
  await expect(fromNote).toHaveAttribute('placeholder', '50.00');
  await expect(amount).toHaveAttribute('placeholder', '0.00');
  await fromNote.fill('60');
  await expect(notes.getByText(`More than the balance, ${rupees(50)}.`)).toBeVisible();
  await expect(take).toBeDisabled();
  await fromNote.fill('');
  await expect(page.getByTestId('payment-split')).toHaveText(`The note pays ${rupees(50)}.`);
  await take.click();
  await expect(page.getByRole('status').filter({ hasText: 'saved' })).toContainText(`Credit note ${note.creditNoteNo}, ${rupees(50)}`);
  await expect(page.getByTestId('balance')).toHaveText(rupees(0));
  await expect(page.getByText('Paid in full.')).toBeVisible();
  await expect(receipts.getByRole('row').filter({ hasText: 'Credit Note' })).toHaveCount(2);
  await screenshot(page, 'order-balance-credit-note.png');

  const [left] = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: first.customerID } });
  expect(left?.balance).toBe(ADVANCE - FROM_NOTE - 50);

  expect(problems).toEqual([]);
});
