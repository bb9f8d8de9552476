/**
 * Head office reads the chain: on a demo PC of its own, a sale is made, then the admin opens
 * Reports, picks Sales by branch for the last month (all branches), sees the table and the chart
 * with the previous month beside it, then Sales by day, and downloads the XLSX, which opens back
 * with exceljs to the same table; the report on screen passes axe. Screenshots for the head office
 * guide.
 */
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { createClient } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import { localDate } from '../shared/domain/calendar.js';
import { expect, test } from './fixtures.js';
import { apiAs, openTillOnce, PASSWORD, screenshot, sellLens, tillOf } from './helpers.js';

test('head office runs a report, sees its chart and downloads it as XLSX', async ({ page, demoPc }) => {
  test.setTimeout(90_000);
  const { token } = await createClient({ baseUrl: demoPc.url }).call(api.Auth.login, { body: { userName: 'admin', password: PASSWORD } });
  const admin = createClient({ baseUrl: demoPc.url, getToken: () => token });
  await openTillOnce(admin);
  // The demo store has no sales yet: two today, one paid in part.
  const { customerID } = await admin.call(api.Customer.upsert, { body: { firstName: 'Report', lastName: 'Reader', mobile: '9876501234' } });
  await sellLens(admin, customerID, 100);
  await sellLens(admin, customerID, 50);

  await page.goto(demoPc.url);
  await apiAs(demoPc.url, 'admin', await tillOf(page));
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: /^Reports/ }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  const today = new Date();
  const from = localDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29));
  await page.getByLabel('Report', { exact: true }).selectOption({ label: 'Sales by branch' });
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(localDate(today));
  await page.getByRole('button', { name: 'Show report' }).click();
  const table = page.getByRole('table', { name: 'Sales by branch' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'All branches' })).toBeVisible();
  // A row per demo branch and the total.
  await expect(table.getByRole('row')).toHaveCount(1 + 2 + 1);
  await expect(table.getByRole('row').last()).toContainText('Total');
  // The two sales of today, in the total's Orders cell.
  await expect(table.getByRole('row').last().getByRole('cell').nth(1)).toHaveText('2');
  await expect(page.getByTestId('report-chart')).toBeVisible();
  await screenshot(page, 'reports-sales-by-branch.png', { guide: true });

  await page.getByLabel('Report', { exact: true }).selectOption({ label: 'Sales by day' });
  await page.getByRole('button', { name: 'Show report' }).click();
  const days = page.getByRole('table', { name: 'Sales by day' });
  // Thirty days and the total.
  await expect(days.getByRole('row')).toHaveCount(1 + 30 + 1);
  await expect(page.getByTestId('report-chart').locator('rect.chart-bar:not(.chart-bar-previous)')).toHaveCount(30);
  await screenshot(page, 'reports-sales-by-day.png', { guide: true });
  // The report shown (table, chart, buttons) passes axe as every screen of the menu does.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLSX' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`sales-by-day-${from}-to-${localDate(today)}.xlsx`);
  const book = new ExcelJS.Workbook();
  const bytes = await readFile(await file.path());
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getCell('A1').value).toBe('Sales by day');
  expect(sheet.getCell('A5').value).toBe(from);
  expect(sheet.rowCount).toBe(4 + 30 + 1);
  await expect(page.getByText(/Downloaded sales-by-day/)).toBeVisible();
});
