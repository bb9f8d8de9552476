/**
 * GST returns on a store of its own (demoPc: it sells first): a frame sold and invoiced at the
 * counter this month shows in GSTR-1's B2C small section; the JSON downloads under the portal's
 * file name with the same figures; the Tally XML downloads with its sales voucher balanced.
 * Pictures for the head-office guide.
 */
import { readFile } from 'node:fs/promises';
import { api } from '../shared/endpoints/index.js';
import { localDate } from '../shared/domain/calendar.js';
import { expect, test } from './fixtures.js';
import { apiAs, PASSWORD, scannableFrames, screenshot, tillOf, uniqueMobile, uniqueWord } from './helpers.js';

test.describe.configure({ timeout: 120_000 });

test('the admin sees the month’s GSTR-1 sections and downloads the JSON and the Tally XML', async ({ page, demoPc }) => {
  await page.goto(demoPc.url);
  const staff = await apiAs(demoPc.url, 'cashier', await tillOf(page));
  const [frame] = await scannableFrames(staff, 2);
  const { customerID } = await staff.call(api.Customer.upsert, { body: { firstName: 'Meera', lastName: uniqueWord('Gst'), mobile: uniqueMobile(), isActive: true } });
  const { sessionID } = await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: frame!.id, qty: 1 } });
  const cart = await staff.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  const cash = (await staff.call(api.QuickSale.receiptTypes)).find((k) => /cash/i.test(k.name))!;
  const sale = await staff.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: { receiptTypeId: cash.id, amount: cart.netAmount ?? 0 } },
  });
  const invoice = await staff.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID } });

  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: /^GST returns/ }).click();
  await expect(page.getByRole('heading', { name: 'GST returns', level: 1 })).toBeVisible();

  const month = localDate(new Date()).slice(0, 7);
  await page.getByLabel('Month').fill(month);
  const sections = page.getByRole('table', { name: 'GSTR-1 sections' });
  const b2cs = sections.getByRole('row').filter({ hasText: 'B2C small' });
  await expect(b2cs.getByRole('cell').nth(2)).toHaveText('1');
  await expect(page.getByRole('status').filter({ hasText: 'GSTR-1 of' })).toContainText('24AAHCD4821K1ZO');
  await page.mouse.move(640, 5);
  await screenshot(page, 'gst-returns.png', { guide: true });

  const fp = `${month.slice(5, 7)}${month.slice(0, 4)}`;
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const json = await downloading;
  expect(json.suggestedFilename()).toBe(`GSTR1_24AAHCD4821K1ZO_${fp}.json`);
  const body = JSON.parse(await readFile(await json.path(), 'utf8')) as { fp: string; b2cs: Array<{ txval: number }>; doc_issue: { doc_det: Array<{ docs: Array<{ from: string }> }> } };
  expect(body.fp).toBe(fp);
  expect(body.b2cs.length).toBeGreaterThan(0);
  expect(body.doc_issue.doc_det[0]!.docs[0]!.from).toBe(invoice.invoiceNo);

  await page.getByRole('textbox', { name: 'From' }).fill(`01/${month.slice(5, 7)}/${month.slice(0, 4)}`);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(localDate(new Date()).split('-').reverse().join('/'));
  await page.getByRole('textbox', { name: 'To', exact: true }).blur();
  await screenshot(page, 'gst-returns-tally.png', { guide: true });
  const tallyDownloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Tally XML' }).click();
  const tally = await tallyDownloading;
  expect(tally.suggestedFilename()).toMatch(/^Tally_Sales_AMD1_.*\.xml$/);
  const xml = await readFile(await tally.path(), 'utf8');
  const voucher = /<VOUCHER [^>]*>([\s\S]*?)<\/VOUCHER>/.exec(xml)![1]!;
  expect(voucher).toContain(`<VOUCHERNUMBER>${invoice.invoiceNo}</VOUCHERNUMBER>`);
  const amounts = [...voucher.matchAll(/<AMOUNT>(-?\d+\.\d\d)<\/AMOUNT>/g)].map((m) => Math.round(Number(m[1]) * 100));
  expect(amounts.reduce((s, a) => s + a, 0)).toBe(0);
});
