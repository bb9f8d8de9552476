/**
 * Issue 11: the counter belongs to whoever is signed in. A cashier's cart and customer do not
 * appear for the next user after logging out, and come back when that cashier signs in again.
 */
import { expect, test } from './fixtures.js';
import { apiAs, scanAtCounter, scannableFrames, signIn } from './helpers.js';

test('logging out empties the counter; the next user starts clean; the cashier gets their own cart back', async ({ page, service }) => {
  const item = (await scannableFrames(await apiAs(service.url, 'admin')))[0]!;
  await signIn(page, 'cashier');
  await scanAtCounter(page, [item]);
  const cart = page.getByRole('table', { name: 'Cart' });

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
  const item = (await scannableFrames(await apiAs(service.url, 'admin')))[2]!;
  await signIn(page, 'cashier');
  await scanAtCounter(page, [item]);
  const cart = page.getByRole('table', { name: 'Cart' });
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
