import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createClient } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import type { LoginResponse } from '../shared/models/auth.js';
import { expect, test } from './fixtures.js';
import { screenshot } from './helpers.js';
import { repoRoot } from './paths.js';

const CASHIER = { userName: 'cashier', password: 'demo1234' };

/**
 * What the service itself says about the cashier's session, asked through the shared client:
 * the UI must show these, whatever names the demo data happens to use.
 */
async function cashierSession(serviceUrl: string): Promise<LoginResponse> {
  const client = createClient({ baseUrl: serviceUrl });
  return client.call(api.Auth.login, { body: CASHIER });
}

/** The strict CSP must not block anything the built renderer needs. */
function watchForCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  return violations;
}

async function signIn(page: Page, userName: string, password: string): Promise<void> {
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a cashier signs in and sees the company, branch and year in the app frame', async ({ page, service }) => {
  const expected = await cashierSession(service.url);
  const problems = watchForCspViolations(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Optical POS' })).toBeVisible();
  await screenshot(page, 'sign-in.png', { guide: true });
  await signIn(page, CASHIER.userName, CASHIER.password);

  const header = page.getByRole('banner');
  await expect(header).toContainText(expected.companyName);
  await expect(header).toContainText(expected.branchName);
  await expect(header).toContainText(expected.userName);
  await expect(header).toContainText(expected.userRole);
  await expect(header).toContainText(/Financial year\s*\d{4}-\d{2}/i);
  // A cashier lands at the counter (issue 16).
  await expect(page.getByRole('heading', { name: 'Quick sale', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);

  await mkdir(join(repoRoot, 'test-results'), { recursive: true });
  await page.screenshot({ path: join(repoRoot, 'test-results', 'logged-in-frame.png') });

  // A reload during a shift keeps the session (sessionStorage).
  await page.reload();
  await expect(page.getByRole('banner')).toContainText(expected.branchName);

  expect(problems).toEqual([]);
});

test('a wrong password shows the error banner and stays on the login screen', async ({ page }) => {
  await page.goto('/');
  await signIn(page, CASHIER.userName, 'not-the-password');

  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Sign-in failed');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.getByLabel('User name')).toHaveValue(CASHIER.userName);
  await expect(page.getByRole('banner')).toHaveCount(0);
});

test('an unreachable service is reported as such, not as a wrong password', async ({ page }) => {
  await page.goto('/');
  // Once the page is loaded, cut it off from the API as if the service had stopped.
  await page.route('**/api-v1/**', (route) => route.abort('connectionrefused'));
  await signIn(page, CASHIER.userName, CASHIER.password);

  await expect(page.getByRole('alert')).toContainText('Cannot reach the Optical POS service');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('repeated wrong passwords lock the user name and the banner says so', async ({ page }) => {
  // Another demo user, so the lock does not get in the way of the cashier tests.
  const userName = 'manager';
  await page.goto('/');
  let lastStatus = 0;
  for (let attempt = 1; attempt <= 10 && lastStatus !== 429; attempt += 1) {
    const answer = page.waitForResponse((r) => r.url().includes('/api/Auth/login'));
    await signIn(page, userName, `wrong-${attempt}`);
    lastStatus = (await answer).status();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  }
  expect(lastStatus).toBe(429);
  await expect(page.getByRole('alert')).toContainText('Account temporarily locked');
});

test('empty fields are flagged next to the fields without calling the service', async ({ page }) => {
  await page.goto('/');
  let loginCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/Auth/login')) loginCalls += 1;
  });
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByLabel('User name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Required')).toHaveCount(2);
  expect(loginCalls).toBe(0);
});

test('logging out returns to the login screen, and a reload does not sign back in', async ({ page }) => {
  await page.goto('/');
  await signIn(page, CASHIER.userName, CASHIER.password);
  await expect(page.getByRole('banner')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();

  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('User name')).toHaveValue('');
});
