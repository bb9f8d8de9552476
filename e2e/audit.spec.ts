/**
 * Issue 14 in the browser: the order page's History says who did what, and the Audit screen
 * finds a user's changes and the day's sign-ins, each opening to its fields before and after.
 */
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, signIn, uniqueMobile, uniqueWord } from './helpers.js';

test('an order’s history and the Audit screen show who changed what', async ({ page, service }) => {
  const cashier = await apiAs(service.url, 'cashier');
  const frames = (await cashier.call(api.Common.itemTypes)).find((t) => /^frames?$/i.test(t.name));
  const found = await cashier.call(api.Common.searchItems, { body: { itemTypeID: frames?.value, pageNumber: 1, pageSize: 50 } });
  const item = found.data.find((i) => (i.stock ?? 0) >= 1);
  if (!item) throw new Error('No frame in stock to sell');
  const { customerID } = await cashier.call(api.Customer.upsert, { body: { firstName: 'Audit', lastName: uniqueWord('Trail'), mobile: uniqueMobile() } });
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: item.id } });
  const [cash] = await cashier.call(api.QuickSale.receiptTypes);
  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: { receiptTypeId: cash!.id, amount: 100 } },
  });

  await signIn(page, 'admin');
  await page.goto(`/#/orders/${encodeURIComponent(sale.salesOrderNo)}`);
  await page.getByRole('button', { name: 'Send to lab' }).click();
  const history = page.getByRole('table', { name: 'Order history' });
  await expect(history.getByRole('row', { name: new RegExp(`cashier.*Order ${sale.salesOrderNo.replace(/\//g, '\\/')} booked`) })).toBeVisible();
  await expect(history.getByRole('row', { name: /cashier.*Receipt .* for ₹100\.00 \(Cash\)/ })).toBeVisible();
  await expect(history.getByRole('row', { name: /admin.*Status Booked → In lab/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Audit/ }).click();
  await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
  const entries = page.getByRole('table', { name: 'Journal entries' });
  await page.getByLabel('User').fill('cashier');
  await page.getByLabel('Kind').selectOption({ label: 'Orders' });
  const booked = entries.getByRole('row').filter({ hasText: `Order ${sale.salesOrderNo} added` });
  await expect(booked).toBeVisible();
  await booked.getByText(/added$/).click();
  await expect(booked.getByRole('table', { name: 'Changed fields' }).getByRole('row').filter({ hasText: 'status_id' })).toContainText('Booked');
  await booked.getByRole('button', { name: 'Only this record' }).click();
  await expect(entries.getByRole('row').filter({ hasText: 'status Booked → In lab' })).toBeVisible();

  await page.getByRole('button', { name: 'All records' }).click();
  await page.getByLabel('User').fill('');
  await page.getByLabel('Kind').selectOption({ label: 'Sign-ins' });
  await expect(entries.getByRole('row').filter({ hasText: 'Sign-in' }).first()).toBeVisible();
});
