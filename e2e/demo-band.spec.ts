/**
 * The demo store is marked on the sign-in (with its well-known passwords) and by a band on every
 * screen, and its admin is offered the real store there (the first run's own form). A real store's
 * sign-in shows neither: e2e/first-run.spec.ts.
 */
import { expect, test } from './fixtures.js';

test('is marked on the sign-in (with its passwords) and by a band on every screen; its admin is offered the real store there', async ({ page }) => {
  await page.goto('/');
  const hint = page.getByRole('note', { name: 'Demo store' });
  await expect(hint).toContainText('Demo store — sample data, not for real sales');
  await expect(hint).toContainText('demo1234');
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  const band = page.getByRole('note', { name: 'Demo store' });
  for (const screen of [/Quick sale/, /Customers/, /^Till/]) {
    await page.getByRole('link', { name: screen }).first().click();
    await expect(band).toContainText('Demo store — sample data, not for real sales');
  }
  await expect(band.getByRole('button', { name: 'Set up my real store' })).toBeVisible();
  await expect(band.getByRole('button', { name: 'Join my company’s hub' })).toBeVisible();
  await page.screenshot({ path: 'docs/images/demo-band.png' });
  await band.getByRole('button', { name: 'Set up my real store' }).click();
  await expect(page.getByRole('form', { name: 'Set up my store' })).toBeVisible();
});
