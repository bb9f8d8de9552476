/**
 * A day at the till (issue 16), as the counter lives it: open the till with a float, take cash out
 * for petty cash, sell with a split payment (cash with change + UPI with its reference), close the
 * day counting the cash by denomination; the Z report's figures equal the day's receipts as the
 * service lists them (Receipts/list-paged through the API), and the closed day stays closed.
 */
import type { Page } from '@playwright/test';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, scannableFrames, screenshot, signIn, tillOf, uniqueMobile, uniqueWord, watchForCspViolations } from './helpers.js';

const rupees = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

async function scan(page: Page, code: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Code' });
  await expect(box).toBeFocused();
  await box.pressSequentially(code, { delay: 5 });
  await box.press('Enter');
}

test('open the till, sell with a split payment, close the day: the Z report equals the day’s receipts', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const staff = await apiAs(service.url, 'admin', undefined, { openTill: false });
  const [frame] = await scannableFrames(staff, 3);
  if (!frame?.barcode) throw new Error('No frame to scan');
  const mobile = uniqueMobile();
  const lastName = uniqueWord('Till');
  await staff.call(api.Customer.upsert, { body: { firstName: 'Meena', lastName, mobile, isActive: true } });

  await signIn(page, 'admin', { openTill: false });
  // Selling before the till is open is refused in words.
  await page.getByRole('link', { name: /^Till/ }).click();
  await expect(page.getByRole('heading', { name: 'Till', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'has not been opened' })).toBeVisible();
  await page.getByLabel('Opening float').fill('2000');
  await page.getByRole('button', { name: 'Open the till' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The till is open' })).toBeVisible();
  await expect(page.getByTestId('till-expected')).toHaveText('₹2,000.00');

  await page.getByLabel('In or out', { exact: true }).selectOption('out');
  await page.getByLabel('Amount', { exact: true }).fill('150');
  await page.getByLabel('Reason', { exact: true }).fill('Petty cash: tea');
  await page.getByRole('button', { name: 'Record cash' }).click();
  await expect(page.getByTestId('till-expected')).toHaveText('₹1,850.00');

  // The sale: one frame, paid part in UPI (with its reference) and the rest in cash, with change.
  await page.getByRole('link', { name: /Quick sale/ }).click();
  await scan(page, frame.barcode);
  await page.keyboard.press('F2');
  await page.getByLabel('Customer mobile').fill(mobile);
  await page.getByLabel('Customer mobile').press('Enter');
  await expect(page.getByText(`Meena ${lastName}`)).toBeVisible();
  const net = rupees(await page.getByTestId('net-amount').textContent());
  const upi = 500;
  const cash = Math.round((net - upi) * 100) / 100;
  await page.getByLabel('Payment kind').selectOption({ label: 'Cash' });
  await page.getByLabel('Paying now').fill(String(cash));
  await page.getByLabel('Tendered').fill(String(Math.ceil(cash / 100) * 100 + 100));
  const change = Math.ceil(cash / 100) * 100 + 100 - cash;
  await page.getByLabel('Also paid by').selectOption({ label: 'UPI' });
  await page.getByLabel('Second amount').fill(String(upi));
  await page.getByLabel('Second UPI reference').fill('UPI-778812');
  await expect(page.getByTestId('change-due')).toHaveText(new RegExp(change.toFixed(2).replace('.', '\\.')));
  await expect(page.getByTestId('balance-after')).toHaveText('₹0.00');
  await page.keyboard.press('F9');
  await expect(page.getByRole('heading', { name: 'Sale saved' })).toBeVisible();
  await expect(page.getByText('UPI-778812')).toHaveCount(0);

  // Close the day: count what the drawer should hold, less ₹10 (one ₹10 coin short).
  await page.getByRole('link', { name: /^Till/ }).click();
  await page.getByRole('button', { name: 'X report' }).click();
  const x = page.getByRole('region', { name: 'X report' });
  await expect(x).toBeVisible();
  const expected = rupees(await x.getByTestId('expected-cash').textContent());
  expect(expected).toBeCloseTo(2000 - 150 + cash, 2);
  let left = Math.round((expected - 10) * 100);
  for (const [label, value] of [['₹500 notes', 50000], ['₹100 notes', 10000], ['₹10 coins', 1000], ['₹1 coins', 100]] as const) {
    const n = Math.floor(left / value);
    left -= n * value;
    if (n > 0) await page.getByLabel(label, { exact: true }).fill(String(n));
  }
  // Paise left over (a net with paise) are not counted: the difference says so.
  await page.getByRole('button', { name: 'Close the till' }).click();
  const z = page.getByRole('region', { name: 'Z report' });
  await expect(z).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The till is closed' })).toBeVisible();
  const difference = rupees(await z.getByTestId('cash-difference').textContent());
  expect(difference).toBeCloseTo(-10 - left / 100, 2);
  await screenshot(page, 'till-day-z-report.png', { guide: true });

  // The Z report's figures equal the day's receipts in the database, as the service lists them.
  const client = await apiAs(service.url, 'admin', await tillOf(page), { openTill: false });
  const state = await client.call(api.Till.state);
  expect(state.status).toBe('closed');
  const report = await client.call(api.Till.report, { params: { sessionId: state.sessionId! } });
  const listed = await client.call(api.Receipts.listPaged, { body: { pageNumber: 1, pageSize: 100, searchTerm: lastName } });
  const byKind = new Map<string, number>();
  for (const r of listed.items) byKind.set(r.receiptType ?? '', (byKind.get(r.receiptType ?? '') ?? 0) + (r.amount ?? 0));
  expect(Object.fromEntries(report.salesByKind.map((k) => [k.kind, k.amount]))).toEqual(Object.fromEntries(byKind));
  expect(report.sales.count).toBe(1);
  expect(report.sales.amount).toBeCloseTo(net, 2);
  expect(report.cashOut).toBe(150);
  expect(report.expectedCash).toBeCloseTo(expected, 2);

  // The closed day stays closed: a sale now is refused until a new day is opened.
  await expect(client.call(api.Till.xReport)).rejects.toMatchObject({ status: 409 });
  expect(problems).toEqual([]);
});
