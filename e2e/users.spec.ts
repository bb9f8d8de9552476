/**
 * Issue 14, part 8: the admin adds a user with a temporary password; that user's first sign-in
 * asks for their own before anything else; the admin disables them and they cannot sign in.
 *
 * Its own service, because it adds and disables users.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startServer, type RunningServer } from '../main/service/server.js';
import { expect, test } from './fixtures.js';
import { PASSWORD, screenshot } from './helpers.js';
import { rendererDist } from './paths.js';

let server: RunningServer;
let dataDir: string;
test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'optical-pos-e2e-users-'));
  server = await startServer({ dataDir, port: 0, staticDir: rendererDist, strictResponses: true });
});
test.afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, userName: string, password: string) {
  await page.goto(server.url);
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the admin adds a user, whose first sign-in chooses a password; disabled, they cannot sign in', async ({ page }) => {
  await signIn(page, 'admin', PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: /^Users/ }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('cashier');
  await page.getByRole('link', { name: 'New user' }).click();

  const form = page.getByRole('form', { name: 'New user' });
  await form.getByLabel('User name').fill('neha');
  await form.getByLabel('Full name').fill('Neha Trivedi');
  await form.getByLabel('Role').selectOption('cashier');
  await form.getByLabel('Works at Navrangpura').check();
  // Too short first: the service's words show on the field.
  await form.getByLabel('Temporary password').fill('short');
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(form.getByText('At least 8 characters')).toBeVisible();
  await form.getByLabel('Temporary password').fill('welcome-neha-1');
  await form.getByRole('button', { name: 'Add user' }).click();

  const row = page.getByRole('row', { name: /neha/ });
  await expect(row).toContainText('Neha Trivedi');
  await expect(row).toContainText('Password to choose');
  await screenshot(page, 'users.png', { guide: true });
  await page.getByRole('button', { name: 'Log out' }).click();

  await signIn(page, 'neha', 'welcome-neha-1');
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByLabel('Password you signed in with').fill('welcome-neha-1');
  await page.getByLabel('New password', { exact: true }).fill('neha-chose-this');
  await page.getByLabel('New password again').fill('neha-chose-that');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Does not match the new password')).toBeVisible();
  await page.getByLabel('New password again').fill('neha-chose-this');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('neha');
  await page.getByRole('button', { name: 'Log out' }).click();

  await signIn(page, 'admin', PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Users/ }).click();
  await expect(page.getByRole('row', { name: /neha/ })).not.toContainText('Password to choose');
  await page.getByRole('link', { name: 'neha' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Disable user' }).click();
  await expect(page.getByRole('status')).toContainText('neha is disabled');
  await expect(page.getByRole('button', { name: 'Enable user' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();

  await signIn(page, 'neha', 'neha-chose-this');
  await expect(page.getByRole('alert')).toContainText('Wrong user name or password');
});
