/**
 * The demo store is marked on the sign-in (with its well-known passwords) and by a band on every
 * screen; its admin sets up the real store there (the first run's own form), which the same address
 * then serves: no band, no demo passwords, no demo users. On a PC of its own: the worker's demo
 * store must stay the demo for the other tests.
 */
import { expect, test } from './fixtures.js';
import { screenshot } from './helpers.js';

test('is marked on the sign-in (with its passwords) and by a band on every screen; its admin leaves it for a real store there', async ({ page, demoPc }) => {
  await page.goto(demoPc.url);
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
  await screenshot(page, 'demo-band.png', { guide: true });
  await band.getByRole('button', { name: 'Set up my real store' }).click();
  const form = page.getByRole('form', { name: 'Set up my store' });
  await form.getByLabel('Company name').fill('Mehta Eyecare');
  await form.getByLabel('State', { exact: true }).selectOption('Maharashtra');
  await form.getByLabel('Company GSTIN').fill('27AAPFU0939F1ZV');
  await form.getByLabel('Branch code').fill('MUM1');
  await form.getByLabel('Branch name').fill('Dadar');
  await form.getByLabel('Administrator user name').fill('mehta');
  await form.getByLabel('Administrator password', { exact: true }).fill('mehta first 26');
  await form.getByLabel('Administrator password again').fill('mehta first 26');
  await form.getByRole('button', { name: 'Set up the store' }).click();

  // The real store opens on the same address: no band, no demo passwords, no demo users.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('note', { name: 'Demo store' })).toHaveCount(0);
  await expect(page.getByText(/demo1234/)).toHaveCount(0);
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Sign-in failed');
  await page.getByLabel('User name').fill('mehta');
  await page.getByLabel('Password').fill('mehta first 26');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password the admin typed on the form is theirs: the real store opens at once.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('mehta');
});
