/**
 * Issue 11: the counter belongs to whoever is signed in. A cashier's cart and customer do not
 * appear for the next user after logging out, and come back when that cashier signs in again.
 */
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, signIn } from './helpers.js';

test('logging out empties the counter; the next user starts clean; the cashier gets their own cart back', async ({ page, service }) => {
  const admin = await apiAs(service.url, 'admin');
  const types = await admin.call(api.Common.itemTypes);
  const frame = types.find((t) => /^frames?$/i.test(t.name))!;
  const found = await admin.call(api.Common.searchItems, { body: { itemTypeID: frame.value, pageNumber: 1, pageSize: 50 } });
  const item = found.data.find((i) => i.barcode && (i.stock ?? 0) >= 2)!;

  await signIn(page, 'cashier');
  await page.getByRole('link', { name: /Quick sale/ }).click();
  const box = page.getByRole('combobox', { name: 'Code' });
  await expect(box).toBeFocused();
  await box.pressSequentially(item.barcode!, { delay: 5 });
  await box.press('Enter');
  const cart = page.getByRole('table', { name: 'Cart' });
  await expect(cart.getByRole('row').filter({ hasText: item.name })).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await signIn(page, 'admin');
  await page.getByRole('link', { name: /Quick sale/ }).click();
  await expect(page.getByRole('heading', { name: 'Quick sale' })).toBeVisible();
  await expect(page.getByText(item.name)).toHaveCount(0);
  await expect(cart.getByRole('row').filter({ hasText: item.name })).toHaveCount(0);

  await page.getByRole('button', { name: 'Log out' }).click();
  await signIn(page, 'cashier');
  await page.getByRole('link', { name: /Quick sale/ }).click();
  await expect(cart.getByRole('row').filter({ hasText: item.name })).toBeVisible();
});

test('a manager sees a cashier’s open cart and takes it over; it is the manager’s from then on', async ({ page, service }) => {
  const admin = await apiAs(service.url, 'admin');
  const types = await admin.call(api.Common.itemTypes);
  const frame = types.find((t) => /^frames?$/i.test(t.name))!;
  const found = await admin.call(api.Common.searchItems, { body: { itemTypeID: frame.value, pageNumber: 1, pageSize: 50 } });
  const item = found.data.filter((i) => i.barcode && (i.stock ?? 0) >= 2)[2]!;

  await signIn(page, 'cashier');
  await page.getByRole('link', { name: /Quick sale/ }).click();
  const box = page.getByRole('combobox', { name: 'Code' });
  await expect(box).toBeFocused();
  await box.pressSequentially(item.barcode!, { delay: 5 });
  await box.press('Enter');
  const cart = page.getByRole('table', { name: 'Cart' });
  await expect(cart.getByRole('row').filter({ hasText: item.name })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();

  // The admin stands in for the store manager (login.spec.ts locks "manager" out of this service).
  await signIn(page, 'admin');
  await page.getByRole('link', { name: /Quick sale/ }).click();
  const open = page.getByRole('table', { name: 'Open carts' });
  const row = open.getByRole('row').filter({ hasText: 'cashier' }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Take over' }).click();
  await expect(cart.getByRole('row').filter({ hasText: item.name })).toBeVisible();
});
