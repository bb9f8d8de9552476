/**
 * Stock on screen, on a demo PC of its own (it sells, and sets reorder levels): the counter's item
 * look-up says where else an item is ("Out of stock here · 2 at Adajan"); the admin opens Stock,
 * finds the item, sees it at every branch, opens its ledger at Navrangpura with the sales in it,
 * and reads the low-stock report and the stock at cost. Screenshots for the guides.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { createClient, type Client } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import { asActor, registerJournal } from '../main/service/db/journal.js';
import { DEMO_FILE } from '../main/service/store-file.js';
import { expect, test } from './fixtures.js';
import { apiAs, openTillOnce, PASSWORD, scannableFrames, screenshot, tillOf } from './helpers.js';

async function clientAt(url: string, userName: string): Promise<Client> {
  const { token } = await createClient({ baseUrl: url }).call(api.Auth.login, { body: { userName, password: PASSWORD } });
  const client = createClient({ baseUrl: url, getToken: () => token });
  await openTillOnce(client);
  return client;
}

async function signInAt(page: Page, url: string, userName: 'admin') {
  await page.goto(url);
  await apiAs(url, userName, await tillOf(page));
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

test('the counter says where else an item is; Stock shows it at every branch, its ledger, low stock and value at cost', async ({ page, demoPc }) => {
  // Selling, setting levels and walking five screens on a PC of its own.
  test.setTimeout(90_000);
  const admin = await clientAt(demoPc.url, 'admin');
  // A frame that Adajan has: sell every one Navrangpura holds, so the counter finds none here.
  const frames = await scannableFrames(admin, 1);
  let item = frames[0]!;
  for (const f of frames) {
    const there = await admin.call(api.Stock.itemAtBranches, { query: { itemId: f.id } });
    if ((there.branches.find((b) => !b.here)?.sellable ?? 0) >= 2) {
      item = f;
      break;
    }
  }
  const adajan = (await admin.call(api.Stock.itemAtBranches, { query: { itemId: item.id } })).branches.find((b) => !b.here)!;
  const { sessionID } = await admin.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: item.id, qty: item.stock ?? 1 } });
  const { customerID } = await admin.call(api.Customer.upsert, { body: { firstName: 'Stock', lastName: 'Guide' } });
  const sale = await admin.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, allowZeroAmountReceiptInQuickSale: true },
  });
  // Reorder levels, as head office sets them in the catalogue: this frame, watched at 2.
  const db = new Database(join(demoPc.dataDir, DEMO_FILE));
  registerJournal(db);
  asActor({ userId: null, branchId: null, till: '', source: 'cli' }, () => db.prepare('UPDATE item SET reorder_level = 2 WHERE code = ?').run(item.code));
  db.close();

  // The counter's item look-up, here the Catalog's price check (the same search as at Quick sale).
  await signInAt(page, demoPc.url, 'admin');
  await page.getByRole('link', { name: /Catalog/ }).click();
  const find = page.getByRole('combobox', { name: 'Price check' });
  await find.fill(item.code);
  await find.press('Enter');
  const elsewhere = page.locator('.stock-elsewhere');
  await expect(elsewhere).toContainText(`Out of stock here · ${adajan.sellable} at Adajan`);

  // At Quick sale, scanning it says so, and where it is.
  await page.getByRole('link', { name: /Quick sale/ }).click();
  const code = page.getByRole('combobox', { name: 'Code' });
  await code.pressSequentially(item.barcode!, { delay: 5 });
  await code.press('Enter');
  const alert = page.locator('.counter-order-in');
  await expect(alert).toContainText(`${item.name} is out of stock here`);
  const said = page.locator('.item-search-picked .stock-elsewhere');
  await expect(said).toContainText(`Out of stock here · ${adajan.sellable} at Adajan`);
  await screenshot(page, 'stock-elsewhere.png', { guide: true });

  // Stock: find the item, see every branch.
  await said.getByRole('link', { name: 'Every branch' }).click();
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible();
  const branches = page.getByRole('table', { name: `${item.name} at every branch` });
  await expect(branches.getByRole('row').filter({ hasText: 'Navrangpura (here)' })).toContainText('0');
  await expect(branches.getByRole('row').filter({ hasText: 'Adajan' })).toContainText(String(adajan.sellable));
  await page.getByRole('link', { name: /^Stock(?!-take)/ }).click();
  // The page starts again with no item: typed before that, the code would be cleared with it.
  await expect(page.getByText('Find an item to see its stock at every branch.')).toBeVisible();
  const again = page.getByRole('combobox', { name: 'Find item' });
  await again.fill(item.code);
  await again.press('Enter');
  await expect(branches).toBeVisible();
  await screenshot(page, 'stock-every-branch.png', { guide: true });

  // Its ledger at Navrangpura: the sale, by order number, down to nothing.
  await branches.getByRole('button', { name: 'Ledger at Navrangpura' }).click();
  const ledger = page.getByRole('table', { name: 'Stock ledger at Navrangpura' });
  const saleRow = ledger.getByRole('row').filter({ hasText: sale.salesOrderNo });
  await expect(saleRow).toContainText('Sale');
  await expect(saleRow).toContainText(`-${item.stock}`);
  await expect(ledger.getByRole('row').nth(1)).toContainText(sale.salesOrderNo);
  await expect(page.getByRole('status').filter({ hasText: 'On hand 0' })).toBeVisible();
  await page.getByRole('heading', { name: 'Ledger at Navrangpura' }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'stock-ledger.png', { guide: true });

  // Low stock: the frame at 0 against its level of 2, four to order.
  await page.getByRole('tab', { name: 'Low stock' }).click();
  const low = page.getByRole('table', { name: 'Low stock' });
  await expect(low.getByRole('row').filter({ hasText: item.code })).toContainText('4');
  await screenshot(page, 'stock-low.png', { guide: true });
  // From it, a purchase order drafted with each low item and its quantity to order; then back.
  await page.getByRole('link', { name: 'Draft a purchase order' }).click();
  await expect(page.getByRole('heading', { name: 'New purchase order', level: 1 })).toBeVisible();
  const lowCodes = await low.count();
  expect(lowCodes).toBe(0);
  await expect(page.getByLabel('Line 1 code')).not.toHaveValue('');
  const drafted = await page.getByRole('form', { name: 'New purchase order' }).locator('input[aria-label$=" code"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(drafted).toContain(item.code);
  const line = drafted.indexOf(item.code) + 1;
  await expect(page.getByLabel(`Line ${line} quantity`)).toHaveValue('4');
  await page.goBack();
  await page.getByRole('tab', { name: 'Low stock' }).click();

  // Value at cost today.
  await page.getByRole('tab', { name: 'Value at cost' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'at cost' })).toContainText('Navrangpura');
  await expect(page.getByRole('table', { name: 'Stock at cost' }).getByRole('row').nth(1)).toBeVisible();
  await screenshot(page, 'stock-value.png', { guide: true });
});
