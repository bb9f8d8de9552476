/**
 * The counter knows the till is closed before the first scan (issue 16): a cashier landing on
 * Quick sale with this PC's till closed sees the banner at once; a cart can still be built but
 * Save is held back and says why; "Open the till" asks for the float right there (the Till
 * screen's form) and hands back to the code box with the banner gone; the sale then goes through.
 * A till closed meanwhile from elsewhere comes back as the banner after the refused sale, and a
 * till opened elsewhere is seen when the window comes back into focus.
 */
import type { Page } from '@playwright/test';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, scannableFrames, screenshot, signIn, tillOf, uniqueMobile, uniqueWord, watchForCspViolations } from './helpers.js';

async function scan(page: Page, code: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Code' });
  await expect(box).toBeFocused();
  await box.pressSequentially(code, { delay: 5 });
  await box.press('Enter');
}

async function attach(page: Page, mobile: string, name: string): Promise<void> {
  await page.keyboard.press('F2');
  await page.getByLabel('Customer mobile').fill(mobile);
  await page.getByLabel('Customer mobile').press('Enter');
  await expect(page.getByText(name)).toBeVisible();
}

test('a closed till shows on Quick sale before any scan; opened from the banner with a float, the sale goes through', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const staff = await apiAs(service.url, 'admin', undefined, { openTill: false });
  const [first, second] = await scannableFrames(staff, 3);
  if (!first?.barcode || !second?.barcode) throw new Error('The demo catalog has too few frames');
  const mobile = uniqueMobile();
  const lastName = uniqueWord('Banner');
  await staff.call(api.Customer.upsert, { body: { firstName: 'Lata', lastName, mobile, isActive: true } });

  // A cashier lands on Quick sale; this PC's till has not been opened today.
  await signIn(page, 'cashier', { openTill: false });
  await expect(page.getByRole('heading', { name: 'Quick sale', level: 1 })).toBeVisible();
  const banner = page.getByRole('region', { name: 'The till is closed.' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Open it to take payments.');
  await expect(page.getByText('The cart is empty.')).toBeVisible();
  const code = page.getByRole('combobox', { name: 'Code' });
  await expect(code).toBeFocused();
  await screenshot(page, 'counter-till-closed.png', { guide: true });

  // Building the cart is allowed; saving waits for the till, and says so.
  await scan(page, first.barcode);
  await expect(page.getByRole('table', { name: 'Cart' }).getByRole('row').filter({ hasText: first.name })).toBeVisible();
  await attach(page, mobile, `Lata ${lastName}`);
  const save = page.getByRole('button', { name: /Save sale/ });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription('Open the till to save the sale.');

  // Open the till from the banner: the float, then back to the cart with the code box focused.
  await banner.getByRole('button', { name: 'Open the till' }).click();
  const float = banner.getByLabel('Opening float');
  await expect(float).toBeFocused();
  await float.fill('2000');
  await banner.getByRole('button', { name: 'Open the till' }).click();
  await expect(banner).toBeHidden();
  await expect(code).toBeFocused();
  await expect(page.getByRole('table', { name: 'Cart' }).getByRole('row').filter({ hasText: first.name })).toBeVisible();

  await scan(page, second.barcode);
  await expect(page.getByRole('table', { name: 'Cart' }).getByRole('row').filter({ hasText: second.name })).toBeVisible();
  await expect(save).toBeEnabled();
  await expect(page.getByText('Open the till to save the sale.')).toHaveCount(0);
  await page.keyboard.press('F9');
  await expect(page.getByRole('heading', { name: 'Sale saved' })).toBeVisible();

  // The till the banner opened is this PC's, with the float typed and the sale in it.
  const atTill = await apiAs(service.url, 'cashier', await tillOf(page), { openTill: false });
  const opened = await atTill.call(api.Till.state);
  expect(opened).toMatchObject({ status: 'open', openingFloat: 2000, salesCount: 1 });

  // Closed from elsewhere while the counter is up: the next sale is refused and the banner is back.
  await atTill.call(api.Till.close, { body: { counted: { n500: 4 } } });
  await scan(page, first.barcode);
  await attach(page, mobile, `Lata ${lastName}`);
  await page.keyboard.press('F9');
  await expect(page.getByRole('alert').filter({ hasText: 'Open the till first' })).toBeVisible();
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('The day was closed');
  await expect(save).toBeDisabled();

  // Opened again elsewhere: the window coming back into focus asks again, and the cart is kept.
  await atTill.call(api.Till.open, { body: { openingFloat: 500 } });
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(banner).toBeHidden();
  await expect(save).toBeEnabled();
  await page.keyboard.press('F9');
  await expect(page.getByRole('heading', { name: 'Sale saved' })).toBeVisible();
  expect((await atTill.call(api.Till.state)).salesCount).toBe(1);

  expect(problems).toEqual([]);
});
