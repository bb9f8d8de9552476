/** Signing in through the UI, and seeding through the shared client as the renderer would. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ApiError, createClient, type Client } from '../shared/client.js';
import { TILL_HEADER } from '../shared/contract/till.js';
import { api } from '../shared/endpoints/index.js';
import type { SearchItem } from '../shared/models/catalog.js';
import { repoRoot } from './paths.js';

/*
 * login.spec.ts locks "manager" out on purpose and the service lives as long as the worker, so
 * these specs sign in as admin (full mobiles), cashier (masked) and optometrist.
 */
export type DemoUser = 'admin' | 'cashier' | 'optometrist';
export const PASSWORD = 'demo1234';

/**
 * Signs in through the UI. A sale needs an open till (issue 16): for a user who sells, the page's
 * till is opened through the API with a zero float unless `openTill: false` (e2e/till-day.spec.ts
 * opens it on the Till screen, e2e/till-banner.spec.ts from the counter's banner). It is opened
 * before signing in, as a store's day starts, so the counter a cashier lands on finds it open (the
 * page has its till id as soon as the app is loaded).
 */
export async function signIn(page: Page, userName: DemoUser, options: { openTill?: boolean } = {}): Promise<void> {
  await page.goto('/');
  await page.getByLabel('User name').fill(userName);
  if (options.openTill !== false && userName !== 'optometrist') await apiAs(new URL(page.url()).origin, userName, await tillOf(page));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** Opens the client's till with a zero float unless it is open already (409). */
export async function openTillOnce(client: Client): Promise<void> {
  try {
    await client.call(api.Till.open, { body: { openingFloat: 0 } });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 409)) throw err;
  }
}

/** A client for `userName` at the till `headers` name (none: the till ''), that till opened for a user who sells unless `openTill: false`. */
export async function apiAs(serviceUrl: string, userName: DemoUser, headers?: Record<string, string>, options: { openTill?: boolean } = {}): Promise<Client> {
  const anonymous = createClient({ baseUrl: serviceUrl });
  const { token } = await anonymous.call(api.Auth.login, { body: { userName, password: PASSWORD } });
  const client = createClient({ baseUrl: serviceUrl, getToken: () => token, ...(headers ? { headers } : {}) });
  if (options.openTill !== false && userName !== 'optometrist') await openTillOnce(client);
  return client;
}

/** The till id the page's renderer sends (renderer/src/core/service.ts), so a test's own calls reach that till's cart. */
export async function tillOf(page: Page): Promise<Record<string, string>> {
  const till = await page.evaluate(() => localStorage.getItem('optical-pos.till'));
  return till ? { [TILL_HEADER]: till } : {};
}

/** Unique per run, so tests sharing one service never see each other's rows. */
export function uniqueWord(prefix: string): string {
  const letters = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${prefix}${letters}`;
}

export function uniqueMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

export async function screenshot(page: Page, name: string, options: { guide?: boolean } = {}): Promise<string> {
  // A guide's picture (docs/images/, shown by the guides and the app's Help) is retaken from the
  // real screen on every run, at the window's size; others go to test-results/ whole.
  const dir = options.guide ? join(repoRoot, 'docs', 'images') : join(repoRoot, 'test-results');
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await page.screenshot({ path, fullPage: !options.guide });
  return path;
}

/** The strict CSP must not block anything these screens need. */
export function watchForCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  return violations;
}

/** Frames of the demo catalog with a barcode and at least `stock` on the shelf (to scan at the counter). */
export async function scannableFrames(staff: Client, stock = 2): Promise<SearchItem[]> {
  const types = await staff.call(api.Common.itemTypes);
  const frame = types.find((t) => /^frames?$/i.test(t.name));
  if (!frame) throw new Error('The demo catalog has no frame type');
  const found = await staff.call(api.Common.searchItems, { body: { itemTypeID: frame.value, pageNumber: 1, pageSize: 50 } });
  return found.data.filter((i) => i.barcode && (i.stock ?? 0) >= stock);
}

/** Opens the counter and scans `codes` as a barcode scanner would, each landing in the cart. */
export async function scanAtCounter(page: Page, items: readonly SearchItem[]): Promise<void> {
  await page.getByRole('link', { name: /Quick sale/ }).click();
  const box = page.getByRole('combobox', { name: 'Code' });
  for (const item of items) {
    await expect(box).toBeFocused();
    await box.pressSequentially(item.barcode!, { delay: 5 });
    await box.press('Enter');
    await expect(page.getByRole('table', { name: 'Cart' }).getByRole('row').filter({ hasText: item.name })).toBeVisible();
  }
}

/** A spectacle lens (made to order: no stock needed) sold to the customer, part paid. */
export async function sellLens(staff: Client, customerID: string, paid = 100) {
  const types = await staff.call(api.Common.itemTypes);
  const lensType = types.find((t) => /spectacle lens/i.test(t.name))!;
  const found = await staff.call(api.Common.searchItems, { body: { itemTypeID: lensType.value, pageNumber: 1, pageSize: 5 } });
  const [kind] = await staff.call(api.QuickSale.receiptTypes);
  const { sessionID } = await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: found.data[0]!.id, qty: 1 } });
  return staff.call(api.QuickSale.saveSale, {
    body: {
      sessionID,
      salesorderModel: { sessionId: sessionID, customerId: customerID },
      receiptModel: { receiptTypeId: kind!.id, amount: paid, receiptAmount: paid, customerIDStr: customerID },
      allowZeroAmountReceiptInQuickSale: false,
    },
  });
}
