/**
 * Issue 16: when the service stops answering, a banner says so, the lists are marked out of date
 * (and cannot be clicked into), and when it answers again every list on screen refetches by itself:
 * an order booked during the outage appears without anyone touching the screen.
 */
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, sellLens, signIn, uniqueMobile, uniqueWord } from './helpers.js';

test('the service goes away and comes back: banner, stale list, fresh data on return', async ({ page, service }) => {
  const admin = await apiAs(service.url, 'admin');
  const lastName = uniqueWord('Outage');
  const { customerID } = await admin.call(api.Customer.upsert, { body: { firstName: 'Ravi', lastName, mobile: uniqueMobile(), isActive: true } });
  const first = await sellLens(admin, customerID);

  await signIn(page, 'admin');
  await page.getByRole('link', { name: /Orders/ }).first().click();
  await page.getByLabel('Customer name or mobile').fill(lastName);
  const table = page.getByRole('table', { name: 'Orders' });
  const rows = table.getByRole('row').filter({ hasText: lastName });
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('alert', { name: 'Service unreachable' })).toHaveCount(0);

  // The service stops answering this window: every call fails as a refused connection.
  await page.route('**/api-v1/**', (route) => route.abort('connectionrefused'));
  const banner = page.getByRole('alert', { name: 'Service unreachable' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText('cannot be reached');
  await expect(page.getByRole('note').filter({ hasText: 'Out of date' })).toBeVisible();
  await expect(table).toHaveAttribute('inert', '');

  // Meanwhile another till books a second order for the same customer.
  const second = await sellLens(admin, customerID);
  await expect(rows).toHaveCount(1);

  // Back: the banner goes, the list refetches by itself and shows both orders as current.
  await page.unroute('**/api-v1/**');
  await expect(banner).toHaveCount(0, { timeout: 10_000 });
  await expect(rows).toHaveCount(2);
  await expect(table.getByRole('row').filter({ hasText: second.salesOrderNo })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: first.salesOrderNo })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Out of date' })).toHaveCount(0);
  await expect(table).not.toHaveAttribute('inert', '');
});
