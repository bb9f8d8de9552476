/**
 * Goods in, as a store manager does it on the demo store: a supplier added (head office: the demo
 * PC is node 1), a purchase order raised by barcode, goods received partly against it by scanning
 * the barcode (typed, then Enter, as a scanner sends it), the order shown part received, and the
 * goods receipt note saved as a PDF, shelf labels printed for what came in, and one frame sold
 * at the counter by scanning its printed label. Its own demo PC (`demoPc`): login.spec.ts locks "manager" out
 * of the shared one, and this test changes stock. Takes the guide's pictures.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ean13 } from '../main/service/catalog/barcode.js';
import { createClient } from '../shared/client.js';
import { gstinCheckChar } from '../shared/domain/gstin.js';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { cell65, pageGrey, scan as scanLabel } from '../test/helpers/label-scan.js';
import { openTillOnce, PASSWORD, screenshot, tillOf, uniqueMobile } from './helpers.js';

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-goods-in-'));
  try {
    writeFileSync(join(dir, 'labels.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'labels.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Making the demo store for its own PC takes a while on a busy machine.
test.describe.configure({ timeout: 180_000 });

test('a manager orders from a supplier, receives part of it by scanning, sees it part received and saves the receipt PDF', async ({ page, demoPc }) => {
  // The demo catalog's first frame carries the store's first barcode (setup/demo-catalog.ts).
  const barcode = ean13('890', 4_100_001);
  const anon = createClient({ baseUrl: demoPc.url });
  const { token } = await anon.call(api.Auth.login, { body: { userName: 'manager', password: PASSWORD } });
  const frame = await createClient({ baseUrl: demoPc.url, getToken: () => token }).call(api.QuickSale.itemDetailFromCode, { query: { code: barcode } });

  await page.goto(demoPc.url);
  await page.getByLabel('User name').fill('manager');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: /^Purchasing/ }).click();
  await expect(page.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible();

  // The supplier, with its GSTIN (the state follows from it).
  await page.getByRole('navigation', { name: 'Purchasing', exact: true }).getByRole('link', { name: 'Suppliers', exact: true }).click();
  await page.getByRole('button', { name: 'New supplier' }).click();
  const form = page.getByRole('form', { name: 'New supplier' });
  await form.getByLabel('Name').fill('Vision Wholesale');
  await form.getByLabel('GSTIN').fill(`24AABCV1234K1Z${gstinCheckChar('24AABCV1234K1Z')}`);
  await form.getByLabel('Contact person').fill('Kiran Patel');
  await form.getByLabel('Payment terms (days)').fill('30');
  await form.getByRole('button', { name: 'Save supplier' }).click();
  await expect(page.getByRole('status')).toHaveText('Supplier Vision Wholesale added');
  const row = page.getByRole('row', { name: /Vision Wholesale/ });
  await expect(row).toContainText('Gujarat');
  await screenshot(page, 'purchasing-suppliers.png', { guide: true });

  // The order: ten frames by barcode.
  await page.getByRole('navigation', { name: 'Purchasing', exact: true }).getByRole('link', { name: 'Purchase orders', exact: true }).click();
  await page.getByRole('link', { name: 'New purchase order' }).click();
  await page.getByLabel('Supplier').selectOption({ label: 'Vision Wholesale' });
  await page.getByLabel('Line 1 code').fill(barcode);
  await page.getByLabel('Line 1 quantity').fill('10');
  await page.getByLabel('Line 1 expected cost').fill('450');
  await screenshot(page, 'purchasing-order-new.png', { guide: true });
  await page.getByRole('button', { name: 'Save purchase order' }).click();
  await expect(page.getByRole('heading', { name: /^Purchase order .+\/PO\// })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveText('open');
  await expect(page.getByRole('table', { name: 'Order lines' })).toContainText(frame.name);

  // Four of them come in: scanned one by one.
  await page.getByRole('link', { name: 'Receive goods' }).click();
  await expect(page.getByRole('heading', { name: /^Receive goods against/ })).toBeVisible();
  await page.getByLabel('Supplier invoice no').fill('VW/7781');
  const scan = page.getByLabel('Scan or type a barcode');
  for (let i = 0; i < 4; i++) {
    await scan.fill(barcode);
    await scan.press('Enter');
    await expect(page.getByLabel('Line 1 quantity')).toHaveValue(String(i + 1));
  }
  await expect(page.getByLabel('Line 1 short or excess')).toHaveText('6 short');
  await screenshot(page, 'purchasing-receive.png', { guide: true });
  await page.getByRole('button', { name: 'Save goods receipt' }).click();

  await expect(page.getByRole('heading', { name: /^Goods receipt .+\/GR\// })).toBeVisible();
  await expect(page.getByLabel('Order status')).toHaveText('part received');
  await expect(page.getByRole('table', { name: 'Against the order' })).toContainText('6 short');
  await screenshot(page, 'purchasing-receipt.png', { guide: true });
  const grNo = (await page.getByRole('heading', { name: /^Goods receipt / }).textContent())!.replace('Goods receipt ', '').trim();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`goods-receipt-${grNo.replaceAll('/', '-')}.pdf`);
  const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('GOODS RECEIPT NOTE');
  expect(text).toContain(grNo);
  expect(text).toContain('VW/7781');

  // Shelf labels for what came in: one for each of the four frames, MRP and barcode on each.
  await page.getByRole('link', { name: 'Labels for this receipt' }).click();
  await expect(page.getByRole('heading', { name: 'Labels', level: 1 })).toBeVisible();
  await expect(page.getByLabel(`Labels for ${frame.code}`)).toHaveValue('4');
  const sheet = page.waitForResponse((r) => r.url().includes('/api/labels/sheet'));
  const tab = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print PDF' }).click();
  const labels = await sheet;
  expect(labels.status()).toBe(200);
  const labelPdf = await labels.body();
  const labelText = pdfText(labelPdf);
  expect(labelText.split('incl. of all taxes').length - 1).toBe(4);
  await (await tab).close();
  await page.goBack();

  // The order itself says part received, with six pending.
  await page.getByRole('link', { name: /\/PO\// }).click();
  await expect(page.getByLabel('Status')).toHaveText('part received');
  await expect(page.getByRole('table', { name: 'Order lines' }).getByRole('row').nth(1)).toContainText('6');

  // The first label, read by a scanner (the sheet's pixels through ZXing), sells one of the frames
  // at the counter: the barcode on the shelf is the one the counter knows.
  const scanned = scanLabel(pageGrey(labelPdf, 1, 300), 300, cell65(1));
  expect(scanned).toEqual({ text: barcode, format: 'EAN_13' });
  const staff = createClient({ baseUrl: demoPc.url, getToken: () => token, headers: await tillOf(page) });
  await openTillOnce(staff);
  const mobile = uniqueMobile();
  await staff.call(api.Customer.upsert, { body: { firstName: 'Shelf', lastName: 'Label', mobile, isActive: true } });
  const stockBefore = (await staff.call(api.QuickSale.exactItemStock, { query: { itemId: frame.id } })).stock;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Quick sale/ }).click();
  const box = page.getByRole('combobox', { name: 'Code' });
  await box.pressSequentially(scanned.text, { delay: 5 });
  await box.press('Enter');
  await expect(page.getByRole('table', { name: 'Cart' }).getByRole('row').filter({ hasText: frame.name })).toBeVisible();
  await page.keyboard.press('F2');
  await page.getByLabel('Customer mobile').fill(mobile);
  await page.getByLabel('Customer mobile').press('Enter');
  await expect(page.getByText('Shelf Label')).toBeVisible();
  await page.keyboard.press('F4');
  await expect(page.getByLabel('Paying now')).toBeFocused();
  await page.keyboard.press('F9');
  await expect(page.getByRole('heading', { name: 'Sale saved' })).toBeVisible();
  expect((await staff.call(api.QuickSale.exactItemStock, { query: { itemId: frame.id } })).stock).toBe(stockBefore! - 1);
});
