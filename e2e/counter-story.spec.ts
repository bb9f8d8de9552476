/**
 * Issue 11's counter story, end to end through the screens: a cashier sells a lens pair to a
 * customer with a prescription on file (the pair starts from it), enters PD and fitting heights,
 * the lab, fitter and priority and a delivery date; gives a discount above their limit, which a
 * manager approves at the till; the job card prints all of it. Then a manager cancels an order
 * paid by credit note and the note's money is back on the note, not refunded as cash.
 * (The admin stands in for the store manager: login.spec.ts locks "manager" out of this service.)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeDate } from '../shared/domain/calendar.js';
import { lensTypeId } from '../shared/domain/rx.js';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, signIn, uniqueMobile, uniqueWord } from './helpers.js';

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test('a lab job at the counter: Rx from the file, PD and heights, lab and fitter, delivery date, a manager-approved discount; the job card says it all', async ({ page, service }) => {
  const admin = await apiAs(service.url, 'admin');
  const mobile = uniqueMobile();
  const lastName = uniqueWord('Story');
  const { customerID } = await admin.call(api.Customer.upsert, { body: { firstName: 'Kiran', lastName, mobile, isActive: true } });
  await admin.call(api.Customer.savePrescription, {
    body: {
      customerID, visitingDate: '2026-01-10', presripionTypeID: '1',
      prescriptionList: [
        { lensTypeID: lensTypeId('distance', 'right'), sph: '-2.25', cyl: '-0.50', axis: '180' },
        { lensTypeID: lensTypeId('distance', 'left'), sph: '-2.00' },
      ],
    },
  });
  const types = await admin.call(api.Common.itemTypes);
  const lensType = types.find((t) => /spectacle lens/i.test(t.name))!;
  const lenses = await admin.call(api.Common.searchItems, { body: { itemTypeID: lensType.value, pageNumber: 1, pageSize: 100 } });
  const lens = lenses.data.find((i) => /single vision/i.test(i.name))!;
  const [lab] = await admin.call(api.QuickSale.suppliersDropdown);
  const [fitter] = await admin.call(api.QuickSale.fittersDropdown);
  const due = iso(new Date(Date.now() + 5 * 86_400_000));

  await signIn(page, 'cashier');
  await page.getByRole('link', { name: /Quick sale/ }).click();
  await page.keyboard.press('F2');
  await page.getByLabel('Customer mobile').fill(mobile);
  await page.getByLabel('Customer mobile').press('Enter');
  await expect(page.getByText(`Kiran ${lastName}`)).toBeVisible();

  const box = page.getByRole('combobox', { name: 'Code' });
  await box.click();
  await box.fill(lens.code);
  await box.press('Enter');
  const pair = page.getByRole('form', { name: `Lens pair: ${lens.name}` });
  await expect(pair.getByTestId('rx-source')).toContainText('10/01/2026');
  await expect(pair.getByLabel('Right SPH')).toHaveValue('-2.25');
  await expect(pair.getByLabel('Left SPH')).toHaveValue('-2.00');
  await pair.getByLabel('Right PD').fill('31.5');
  await pair.getByLabel('Left PD').fill('31');
  await pair.getByLabel('Right FH').fill('20');
  await pair.getByLabel('Left FH').fill('19');
  await pair.getByRole('button', { name: 'Add pair' }).click();
  await expect(pair).toHaveCount(0);

  await page.getByLabel('Lab', { exact: true }).selectOption(lab!.id);
  await page.getByLabel('Fitter').selectOption(fitter!.id);
  await page.getByLabel('Delivery date').fill(storeDate(due)!);

  const discount = page.getByRole('textbox', { name: `Discount % of ${lens.name}` }).first();
  await discount.fill('20');
  await discount.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Manager approval' });
  await expect(dialog).toContainText('Discount above 10 % needs a manager');
  await dialog.getByLabel('Manager user name').fill('admin');
  await dialog.getByLabel('Manager password').fill('demo1234');
  await dialog.getByLabel('Reason').fill('Frame bought here last year');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toHaveCount(0);

  await page.keyboard.press('F4');
  await page.getByLabel('Paying now').fill('500');
  await page.keyboard.press('F9');
  await expect(page.getByRole('heading', { name: 'Sale saved' })).toBeVisible();
  const orderNo = ((await page.getByTestId('order-no').textContent()) ?? '').trim();

  const order = await admin.call(api.Orders.detail, { params: { salesOrderNo: orderNo } });
  expect(order.deliveryDate?.slice(0, 10)).toBe(due);
  expect(order.lines?.find((l) => l.discountRate === 20)).toBeTruthy();
  const card = await admin.raw(api.Common.jobCardPdf, { body: order.salesOrderID });
  const dir = mkdtempSync(join(tmpdir(), 'job-card-'));
  writeFileSync(join(dir, 'card.pdf'), card.bytes);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'card.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(`Lab ${lab!.name}`);
  expect(text).toContain(`Fitter ${fitter!.name}`);
  expect(text).toContain(`Due ${due.slice(8, 10)}-${due.slice(5, 7)}-${due.slice(0, 4)}`);
  expect(text).toMatch(/31\.5/);
  expect(text).toMatch(/-2\.25/);
});

test('a manager cancels an order paid by credit note: the note gets its money back, nothing is refunded as cash', async ({ page, service }) => {
  const admin = await apiAs(service.url, 'admin');
  const { customerID } = await admin.call(api.Customer.upsert, { body: { firstName: 'Noor', lastName: uniqueWord('Credit'), mobile: uniqueMobile(), isActive: true } });
  const types = await admin.call(api.Common.itemTypes);
  const lensType = types.find((t) => /spectacle lens/i.test(t.name))!;
  const lenses = await admin.call(api.Common.searchItems, { body: { itemTypeID: lensType.value, pageNumber: 1, pageSize: 100 } });
  const lens = lenses.data.find((i) => /single vision/i.test(i.name) && i.price > 400)!;
  const kinds = await admin.call(api.QuickSale.receiptTypes);
  const cash = kinds.find((k) => /cash/i.test(k.name))!;
  const noteKind = kinds.find((k) => /credit note/i.test(k.name))!;
  const sell = async (receiptModel: Record<string, unknown>) => {
    const { sessionID } = await admin.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens.id } });
    return admin.call(api.QuickSale.saveSale, { body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel } });
  };
  // ₹300 advance, cancelled into a credit note; then ₹200 of the note spent on a new order.
  const first = await sell({ receiptTypeId: cash.id, amount: 300 });
  await admin.call(api.Orders.cancel, { params: { salesOrderId: first.salesOrderID }, body: { receiptStatusId: 4 } });
  const notes = await admin.call(api.QuickSale.creditNotes, { query: { customerId: customerID } });
  const note = notes[0]!;
  const second = await sell({ receiptTypeId: noteKind.id, creditNoteID: note.creditNoteID, amount: 200 });

  await signIn(page, 'admin');
  await page.goto(`/#/orders/${encodeURIComponent(second.salesOrderNo)}`);
  await page.getByRole('button', { name: 'Cancel order…' }).click();
  await page.getByLabel('Reason').selectOption({ index: 1 });
  await page.getByLabel(/received becomes/).selectOption('3');
  await expect(page.getByText('Money paid by a credit note always goes back on that note')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order', exact: true }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  const after = await admin.call(api.QuickSale.creditNotes, { query: { customerId: customerID } });
  expect(after.find((n) => n.creditNoteID === note.creditNoteID)?.balance).toBe(300);
});
