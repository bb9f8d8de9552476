/**
 * Returns and exchanges at the counter, on a store of their own (demoPc: the stock and the till
 * change): a delivered, invoiced frame comes back to the damaged bin with money back from the
 * till, and its GST credit note, saved as a PDF, names the invoice (pdftotext reads it); a frame
 * exchanged for a dearer one, the customer paying only the difference. Pictures for the guide.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { api } from '../shared/endpoints/index.js';
import type { Client } from '../shared/client.js';
import type { SearchItem } from '../shared/models/catalog.js';
import { expect, test } from './fixtures.js';
import { apiAs, PASSWORD, scannableFrames, screenshot, tillOf, uniqueMobile, uniqueWord } from './helpers.js';

// A store of its own for each test: made from the demo when the test starts, which takes a while.
test.describe.configure({ timeout: 120_000 });

/** Signs `cashier` in on the test's own store, its till opened first. */
async function signInAt(page: Page, url: string): Promise<Client> {
  await page.goto(url);
  await page.getByLabel('User name').fill('cashier');
  const staff = await apiAs(url, 'cashier', await tillOf(page));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return staff;
}

/** One `frame` sold off the shelf and paid in full in cash: handed over at once (Delivered). */
async function soldFrame(staff: Client, frame: SearchItem, invoice: boolean) {
  const { customerID } = await staff.call(api.Customer.upsert, { body: { firstName: 'Asha', lastName: uniqueWord('Return'), mobile: uniqueMobile(), isActive: true } });
  const { sessionID } = await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: frame.id, qty: 1 } });
  const cart = await staff.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  const cash = (await staff.call(api.QuickSale.receiptTypes)).find((k) => /cash/i.test(k.name))!;
  const sale = await staff.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: { receiptTypeId: cash.id, amount: cart.netAmount ?? 0 } },
  });
  const invoiceNo = invoice ? (await staff.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID } })).invoiceNo : null;
  return { orderNo: sale.salesOrderNo, invoiceNo, net: cart.netAmount ?? 0 };
}

test('a delivered, invoiced frame comes back to the damaged bin with money back; its GST credit note names the invoice', async ({ page, demoPc }) => {
  const staff = await signInAt(page, demoPc.url);
  const [frame] = await scannableFrames(staff, 3);
  const sold = await soldFrame(staff, frame!, true);
  expect(sold.invoiceNo).toBeTruthy();

  await page.goto(`${demoPc.url}/#/orders/${encodeURIComponent(sold.orderNo)}`);
  await page.getByRole('link', { name: 'Return or exchange goods' }).click();
  await expect(page.getByRole('heading', { name: /Return or exchange · order/ })).toBeVisible();
  await expect(page.getByText(sold.invoiceNo!)).toBeVisible();
  await page.getByRole('spinbutton', { name: `Qty back: ${frame!.name}` }).fill('1');
  await page.getByRole('combobox', { name: `Goes to: ${frame!.name}` }).selectOption({ label: 'Damaged bin' });
  await page.getByLabel('Reason').fill('Frame broke at the hinge');
  await page.getByRole('radio', { name: 'Money back from the till' }).check();
  await screenshot(page, 'return-order.png', { guide: true });
  await page.getByRole('button', { name: 'Save return' }).click();

  const done = page.getByRole('status').filter({ hasText: 'saved' });
  await expect(done.getByRole('heading', { name: /Return .* saved/ })).toBeVisible({ timeout: 15_000 });
  await expect(done).toContainText('GST credit note');
  await screenshot(page, 'return-saved.png', { guide: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('group', { name: 'GST credit note' }).getByRole('button', { name: 'Save PDF' }).click();
  const download = await downloading;
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', await download.path(), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('CREDIT NOTE');
  expect(text).toContain(`Against invoice no ${sold.invoiceNo}`);
  expect(text).toContain('Goods returned: Frame broke at the hinge');
  expect(text).toMatch(/CGST/);

  // The returns list shows it: one unit to the damaged bin, refunded.
  await page.getByRole('link', { name: /Returns/ }).click();
  const row = page.getByRole('table', { name: 'Returns' }).getByRole('row').filter({ hasText: sold.orderNo });
  await expect(row).toContainText('0 / 1');
  await expect(row).toContainText('Refunded');
  await screenshot(page, 'returns-list.png', { guide: true });
});

test('an exchange at the counter: a frame back, a dearer one out, the customer pays only the difference', async ({ page, demoPc }) => {
  const staff = await signInAt(page, demoPc.url);
  const frames = (await scannableFrames(staff, 3)).sort((a, b) => a.price - b.price);
  const cheap = frames[0]!;
  const dear = frames[frames.length - 1]!;
  const sold = await soldFrame(staff, cheap, false);

  await page.goto(`${demoPc.url}/#/returns`);
  await page.getByLabel('Order no', { exact: true }).first().fill(sold.orderNo);
  await page.getByRole('button', { name: 'Open the order’s return' }).click();
  await page.getByRole('spinbutton', { name: `Qty back: ${cheap.name}` }).fill('1');
  await page.getByLabel('Reason').fill('Wants a lighter frame');
  await page.getByRole('radio', { name: 'Other goods now (exchange)' }).check();
  const search = page.getByRole('combobox', { name: 'Add an item' });
  await search.fill(dear.barcode!);
  await search.press('Enter');
  await expect(page.getByRole('table', { name: 'New goods' }).getByRole('row').filter({ hasText: dear.name })).toBeVisible();
  await expect(page.getByText('Customer pays')).toBeVisible();
  await page.getByLabel('Difference paid by').selectOption({ label: 'Cash' });
  await page.getByRole('button', { name: 'Save exchange' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'return-exchange.png', { guide: true });
  await page.getByRole('button', { name: 'Save exchange' }).click();

  const done = page.getByRole('status').filter({ hasText: 'saved' });
  await expect(done).toContainText('Exchange: return', { timeout: 15_000 });
  const newOrder = ((await done.getByRole('link').first().textContent()) ?? '').trim();
  const order = await staff.call(api.Orders.detail, { params: { salesOrderNo: newOrder } });
  expect(order.lines?.[0]?.itemName).toBe(dear.name);
  const receipts = (await staff.call(api.Receipts.listPaged, { body: { salesOrderNo: newOrder, pageNumber: 1, pageSize: 10 } })).items;
  const paid = receipts.reduce((s, r) => s + (r.amount ?? 0), 0);
  expect(Math.round(paid * 100)).toBe(Math.round(order.netAmount * 100));
  expect(receipts.map((r) => r.receiptType)).toEqual(expect.arrayContaining(['Credit Note', 'Cash']));
});
