/**
 * Barcode labels on screen: a manager opens Labels, scans an item in, sets how many labels and
 * where a used sheet starts, and prints the PDF (the service's answer read back with pdftotext);
 * the catalogue's Labels button opens the screen with its item on the list. On a PC of its own,
 * as a manager's work should not share the worker's store.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, screenshot } from './helpers.js';

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-labels-'));
  try {
    writeFileSync(join(dir, 'labels.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'labels.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// A store of its own for each test (the demo seeded afresh), then a PDF: more than the default 30 s.
test.slow();

async function signInAsManager(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('User name').fill('manager');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

test('a manager scans an item into Labels, asks for 3 labels from label 5 of a 40-up sheet, and prints the PDF', async ({ page, demoPc }) => {
  const staff = await apiAs(demoPc.url, 'admin', undefined, { openTill: false });
  const found = await staff.call(api.Common.searchItems, { body: { searchTerm: '890', pageNumber: 1, pageSize: 20 } });
  const [frame, other] = found.data.filter((i) => i.barcode?.length === 13 && i.mrp > 0);
  if (!frame || !other) throw new Error('The demo catalogue has no two items with an EAN-13 barcode');

  await signInAsManager(page, demoPc.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Labels/ }).click();
  await expect(page.getByRole('heading', { name: 'Labels', level: 1 })).toBeVisible();

  // A scan: the barcode typed quickly and Enter.
  const search = page.getByRole('combobox', { name: 'Add item' });
  await search.fill(frame.barcode!);
  await search.press('Enter');
  const table = page.getByRole('table', { name: 'Labels to print' });
  await expect(table.getByRole('row').filter({ hasText: frame.code })).toBeVisible();
  // Scanned twice: one line, two labels.
  await search.fill(frame.barcode!);
  await search.press('Enter');
  await expect(page.getByLabel(`Labels for ${frame.code}`)).toHaveValue('2');
  await page.getByLabel(`Labels for ${frame.code}`).fill('3');
  await search.fill(other.barcode!);
  await search.press('Enter');
  await expect(table.getByRole('row').filter({ hasText: other.code })).toBeVisible();

  await page.getByLabel('Label sheet (A4)').selectOption('40');
  await page.getByLabel('Start at label').fill('41');
  await expect(page.getByText('The first free label is 1 to 40 on this sheet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print PDF' })).toBeDisabled();
  await page.getByLabel('Start at label').fill('5');
  await expect(page.getByText('4 labels on 1 sheet.')).toBeVisible();
  await screenshot(page, 'labels.png', { guide: true });

  const answer = page.waitForResponse((r) => r.url().includes('/api/labels/sheet'));
  const tab = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print PDF' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const text = pdfText(await response.body());
  expect(text.split('incl. of all taxes').length - 1).toBe(4);
  expect(text.split(frame.code).length - 1).toBe(3);
  expect(text.split(other.code).length - 1).toBe(1);
  expect(text).toContain('MRP ₹');
  await expect(page.getByText('The labels opened in a new tab')).toBeVisible();
  await (await tab).close();
});

test('the catalogue’s Labels button opens Labels with that item on the list', async ({ page, demoPc }) => {
  const staff = await apiAs(demoPc.url, 'admin', undefined, { openTill: false });
  const found = await staff.call(api.Common.searchItems, { body: { searchTerm: '890', pageNumber: 1, pageSize: 5 } });
  const item = found.data.find((i) => i.barcode?.length === 13);
  if (!item) throw new Error('The demo catalogue has no item with an EAN-13 barcode');

  await signInAsManager(page, demoPc.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Catalog/ }).click();
  const check = page.getByRole('combobox', { name: 'Price check' });
  await check.fill(item.barcode!);
  await check.press('Enter');
  await page.getByRole('region', { name: 'Picked item' }).getByRole('link', { name: 'Labels' }).click();
  await expect(page.getByRole('heading', { name: 'Labels', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Labels to print' }).getByRole('row').filter({ hasText: item.code })).toBeVisible();
  await expect(page.getByLabel(`Labels for ${item.code}`)).toHaveValue('1');
});
