/**
 * Issue 14: a user who works in two branches switches from the top bar; the frame then names the
 * other branch, and the session carries on without signing in again.
 */
import { createClient } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, uniqueWord } from './helpers.js';

test('a user with two branches switches branch from the top bar', async ({ page, service }) => {
  const admin = await apiAs(service.url, 'admin');
  const [home, other] = (await admin.call(api.Account.getProfile, {})).profile.branches;
  if (!home || !other) throw new Error('The demo store has two branches');
  const userName = uniqueWord('roam');
  await admin.call(api.Users.create, { body: { userName, role: 'cashier', branchIDs: [home.branchID, other.branchID], password: 'Temporary-1' } });
  const { token } = await createClient({ baseUrl: service.url }).call(api.Auth.login, { body: { userName, password: 'Temporary-1' } });
  await createClient({ baseUrl: service.url, getToken: () => token }).call(api.Users.changePassword, { body: { currentPassword: 'Temporary-1', newPassword: 'Roaming-2026' } });

  await page.goto('/');
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill('Roaming-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const box = page.getByRole('banner').getByLabel('Branch');
  await expect(box).toBeVisible();
  await box.selectOption(other.branchID);
  await expect(box.locator('option:checked')).toHaveText(new RegExp(`^${other.branchName}`));
  // Still signed in, and a screen that reads the branch answers.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Orders/ }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
});
