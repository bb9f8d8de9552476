/**
 * Issue 16's everyday polish, in a browser whose locale is en-US: dates read dd/mm/yyyy as the
 * store writes them (never the browser's 3/7/2026), and each role lands where its day starts.
 */
import { lensTypeId } from '../shared/domain/rx.js';
import type { Client } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, signIn, uniqueMobile, uniqueWord } from './helpers.js';

test.use({ locale: 'en-US', timezoneId: 'Asia/Kolkata' });

const pad = (n: number) => String(n).padStart(2, '0');

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

test('dates show as dd/mm/yyyy on the customer page, the prescription history and the orders list, in an en-US browser', async ({ page, service }) => {
  const admin = await apiAs(service.url, 'admin');
  const lastName = uniqueWord('Dates');
  const { customerID } = await admin.call(api.Customer.upsert, {
    body: { firstName: 'Lata', lastName, mobile: uniqueMobile(), birthDate: '1990-03-07', isActive: true },
  });
  await admin.call(api.Customer.savePrescription, {
    body: {
      customerID, visitingDate: '2026-01-10', presripionTypeID: '1', eyeCheckupRecallDate: '2026-12-05',
      prescriptionList: [{ lensTypeID: lensTypeId('distance', 'right'), sph: '-1.00' }],
    },
  });
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');

  await signIn(page, 'admin');
  await page.goto(`/#/customers/${encodeURIComponent(customerID)}/profile`);
  await expect(page.getByRole('heading', { name: `Lata ${lastName}` })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('07/03/1990');
  await expect(page.getByRole('main')).not.toContainText('3/7/1990');

  await page.getByRole('tab', { name: 'Prescription history' }).click();
  const card = page.getByRole('article', { name: 'Prescription of 10/01/2026' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Recall 05/12/2026');

  const sale = await sellLens(admin, customerID);
  const now = new Date();
  const today = `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
  await page.getByRole('link', { name: /Orders/ }).first().click();
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: sale.salesOrderNo });
  await expect(row).toContainText(today);
  await expect(row).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await row.getByRole('link', { name: sale.salesOrderNo }).click();
  await expect(page.getByRole('heading', { name: `Order ${sale.salesOrderNo}` })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(today);
});

test('a cashier lands on Quick sale after signing in, a manager (and the admin) on the dashboard, an optometrist at home', async ({ page }) => {
  await signIn(page, 'cashier');
  await expect(page.getByRole('heading', { name: 'Quick sale', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/#\/quick-sale$/);
  await expect(page.getByRole('combobox', { name: 'Code' })).toBeFocused();
  await page.getByRole('button', { name: 'Log out' }).click();

  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await page.getByRole('button', { name: 'Log out' }).click();

  await signIn(page, 'optometrist');
  await expect(page.getByRole('heading', { name: 'Welcome, optometrist' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();

  // A window opened on a screen of its own keeps it: the sign-in does not move it.
  await page.goto('/#/customers');
  await page.getByLabel('User name').fill('cashier');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
});
