/**
 * The counter's quick sale against the real service: items scanned by barcode into the
 * service's cart, a quantity changed in place, a customer attached by mobile, a part payment,
 * the sale saved; and the cart surviving a reload mid-sale. Items and customers come from the
 * service through the shared client, so the test follows the demo data.
 */
import type { Page } from '@playwright/test';
import type { Client } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import type { SearchItem } from '../shared/models/catalog.js';
import { expect, test } from './fixtures.js';
import { apiAs, screenshot, signIn, uniqueMobile, uniqueWord, watchForCspViolations } from './helpers.js';

async function scannableFrames(staff: Client, count: number): Promise<SearchItem[]> {
  const types = await staff.call(api.Common.itemTypes);
  const frame = types.find((t) => /^frames?$/i.test(t.name));
  if (!frame) throw new Error('The demo catalog has no frame type');
  const found = await staff.call(api.Common.searchItems, { body: { itemTypeID: frame.value, pageNumber: 1, pageSize: 50 } });
  const items = found.data.filter((i) => i.barcode && (i.stock ?? 0) >= 3).slice(0, count);
  if (items.length < count) throw new Error(`Fewer than ${count} frames with a barcode and stock`);
  return items;
}

async function scan(page: Page, code: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Code' });
  await expect(box).toBeFocused();
  // A scanner types fast and presses Enter.
  await box.pressSequentially(code, { delay: 5 });
  await box.press('Enter');
}

function cartRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Cart' }).getByRole('row').filter({ hasText: name });
}

test('scan two items, change a quantity, attach a customer by mobile, part payment, save; the cart survives a reload', async ({
  page,
  service,
}) => {
  const problems = watchForCspViolations(page);
  const admin = await apiAs(service.url, 'admin');
  const [first, second] = await scannableFrames(admin, 2);
  if (!first?.barcode || !second?.barcode) throw new Error('unreachable');
  const mobile = uniqueMobile();
  const lastName = uniqueWord('Counter');
  await admin.call(api.Customer.upsert, { body: { firstName: 'Asha', lastName, mobile, isActive: true } });

  await signIn(page, 'cashier');
  await page.getByRole('link', { name: /Quick sale/ }).click();
  await expect(page.getByRole('heading', { name: 'Quick sale' })).toBeVisible();

  await scan(page, first.barcode);
  await expect(cartRow(page, first.name)).toBeVisible();
  await scan(page, second.barcode);
  await expect(cartRow(page, second.name)).toBeVisible();

  const qty = page.getByRole('textbox', { name: `Quantity of ${second.name}` });
  await qty.fill('2');
  await qty.press('Enter');
  await expect(qty).toHaveValue('2');
  await expect(page.getByRole('combobox', { name: 'Code' })).toBeFocused();

  // Mid-sale reload: the cart comes back from the service by its persisted session.
  const netBefore = await page.getByTestId('net-amount').textContent();
  await page.reload();
  await expect(cartRow(page, first.name)).toBeVisible();
  await expect(page.getByRole('textbox', { name: `Quantity of ${second.name}` })).toHaveValue('2');
  await expect(page.getByTestId('net-amount')).toHaveText(netBefore ?? '');

  await page.keyboard.press('F2');
  const mobileBox = page.getByLabel('Customer mobile');
  await expect(mobileBox).toBeFocused();
  await mobileBox.fill(mobile);
  await mobileBox.press('Enter');
  await expect(page.getByText(`Asha ${lastName}`)).toBeVisible();

  await page.keyboard.press('F4');
  const amount = page.getByLabel('Paying now');
  await expect(amount).toBeFocused();
  await amount.fill('500');
  await page.getByLabel('Tendered').fill('1000');
  await expect(page.getByTestId('change-due')).toHaveText('₹500.00');

  await page.keyboard.press('F9');
  await expect(page.getByRole('heading', { name: 'Sale saved' })).toBeVisible();
  await expect(page.getByTestId('order-no')).not.toBeEmpty();
  await expect(page.getByTestId('receipt-no')).not.toHaveText(/none/);
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeEnabled();
  await expect(page.getByText('The cart is empty.')).toBeVisible();
  await screenshot(page, 'quick-sale.png', { guide: true });

  const orderNo = (await page.getByTestId('order-no').textContent()) ?? '';
  await page.getByTestId('order-no').click();
  await expect(page.getByRole('heading', { name: `Order ${orderNo}` })).toBeVisible();
  await expect(page.getByTestId('received')).toHaveText('₹500.00');

  expect(problems).toEqual([]);
});
