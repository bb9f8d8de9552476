/**
 * A stock-take on screen: the manager starts a count of one brand, scans a frame (one found
 * missing), a cashier sells one of it in the middle, another frame is typed one over; the variance
 * report shows the shortage and the excess against the stock when each line was counted, and the
 * approved count leaves the stock at book + variance. On a PC of its own: approval moves stock.
 */
import { createClient, type Client } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import type { SearchItem } from '../shared/models/catalog.js';
import { expect, test } from './fixtures.js';
import { openTillOnce, PASSWORD, scannableFrames, screenshot } from './helpers.js';

async function signedIn(url: string, userName: string): Promise<Client> {
  const { token } = await createClient({ baseUrl: url }).call(api.Auth.login, { body: { userName, password: PASSWORD } });
  return createClient({ baseUrl: url, getToken: () => token });
}

/** One unit of `frame` sold at the counter's service, unpaid, to a new customer. */
async function sellOne(cashier: Client, frame: SearchItem): Promise<void> {
  await openTillOnce(cashier);
  const { customerID } = await cashier.call(api.Customer.upsert, { body: { firstName: 'Walk', lastName: 'In', mobile: `9${String(Date.now()).slice(-9)}` } });
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: frame.id, qty: 1 } });
  await cashier.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: null, allowZeroAmountReceiptInQuickSale: true },
  });
}

const stockOf = async (staff: Client, frame: SearchItem) =>
  (await staff.call(api.Common.searchItems, { body: { itemTypeID: frame.itemTypeID, searchTerm: frame.code, pageNumber: 1, pageSize: 5 } })).data.find((i) => i.id === frame.id)!.stock!;

test('a count with a sale in the middle: the variance is against the stock when counted, and approval writes book + variance', async ({ page, demoPc }) => {
  test.setTimeout(120_000);
  const manager = await signedIn(demoPc.url, 'manager');
  const cashier = await signedIn(demoPc.url, 'cashier');
  // Two frames of one brand, each with a few on the shelf.
  const frames = await scannableFrames(manager, 3);
  const byBrand = new Map<string, SearchItem[]>();
  for (const f of frames) if (f.brand) byBrand.set(f.brand, [...(byBrand.get(f.brand) ?? []), f]);
  const [brand, [missing, over]] = [...byBrand.entries()].find(([, list]) => list.length >= 2) as [string, SearchItem[]];
  const bookMissing = missing!.stock!;
  const bookOver = over!.stock!;

  await page.goto(demoPc.url);
  await page.getByLabel('User name').fill('manager');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: /^Stock-take/ }).click();
  await expect(page.getByRole('heading', { name: 'Stock-takes', level: 1 })).toBeVisible();

  const start = page.getByRole('form', { name: 'Start a stock-take' });
  await start.getByLabel('Count by').selectOption('brand');
  await start.getByLabel('Brand').selectOption(brand);
  await start.getByLabel('Note').fill('Month-end count of the showcase');
  await screenshot(page, 'stock-take-start.png', { guide: true });
  await start.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByRole('heading', { name: /^Stock-take .*\/ST\// })).toBeVisible();

  // Scan what is on the shelf: one of the first frame is missing. Enter adds one each time.
  const box = page.getByLabel('Barcode');
  await expect(box).toBeFocused();
  for (let i = 1; i <= bookMissing - 1; i++) {
    await box.fill(missing!.barcode!);
    await box.press('Enter');
    await expect(page.getByRole('form', { name: 'Scan' }).getByRole('status')).toHaveText(`${missing!.name}: ${i} counted`);
  }
  // A sale at the counter in the middle of the count.
  await sellOne(cashier, missing!);
  expect(await stockOf(manager, missing!)).toBe(bookMissing - 1);
  // The second frame: typed, one more than the books say.
  const typed = page.getByLabel(`Count of ${over!.name}`);
  await typed.fill(String(bookOver + 1));
  await typed.press('Enter');

  const report = page.getByRole('table', { name: 'Variance report' });
  const rowOf = (f: SearchItem) => report.getByRole('row').filter({ hasText: f.code });
  await expect(rowOf(over!)).toContainText('+1');
  await page.reload();
  await expect(rowOf(missing!).getByRole('cell').nth(4)).toHaveText(String(bookMissing), { timeout: 10_000 });
  await expect(rowOf(missing!)).toContainText('-1');
  await expect(page.getByTestId('stock-take-shortage')).toContainText('1 unit,');
  await expect(page.getByTestId('stock-take-excess')).toContainText('1 unit,');
  await screenshot(page, 'stock-take-count.png', { guide: true });

  // Approve, leaving the brand's other frames (not counted) as they are.
  await expect(page.getByRole('button', { name: 'Approve count' })).toBeDisabled();
  await page.getByLabel(/Leave them as/).check();
  await page.getByRole('button', { name: 'Approve count' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'stock-take-approve.png', { guide: true });
  await page.getByRole('button', { name: 'Approve count' }).click();
  await expect(page.getByText('This count is approved: it can no longer be changed.')).toBeVisible();
  await expect(page.getByLabel('Barcode')).toHaveCount(0);
  await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
  await screenshot(page, 'stock-take-approved.png', { guide: true });

  expect(await stockOf(manager, missing!)).toBe(bookMissing - 2);
  expect(await stockOf(manager, over!)).toBe(bookOver + 1);
});
