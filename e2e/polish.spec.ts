/**
 * Issue 16's everyday polish, in a browser whose locale is en-US: dates read dd/mm/yyyy as the
 * store writes them (never the browser's 3/7/2026), and each role lands where its day starts.
 */
import { lensTypeId } from '../shared/domain/rx.js';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, sellLens, signIn, uniqueMobile, uniqueWord } from './helpers.js';

test.use({ locale: 'en-US', timezoneId: 'Asia/Kolkata' });

const pad = (n: number) => String(n).padStart(2, '0');

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

test('date boxes show and take dd/mm/yyyy in an en-US browser: an impossible day is refused in words, a typed birth date is saved as the day meant, the orders list is filtered by typed dates', async ({ page, service }) => {
  const admin = await apiAs(service.url, 'admin');
  await signIn(page, 'admin');
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  await page.goto('/#/customers/new');
  const lastName = uniqueWord('Datewala');
  await page.getByLabel('First name').fill('Nisha');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Mobile').fill(uniqueMobile());

  // A text box in the store's format, not Chromium's date picker (which would read mm/dd/yyyy here).
  const birth = page.getByLabel('Birth date');
  await expect(birth).toHaveAttribute('type', 'text');
  await expect(birth).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await birth.fill('31/02/2026');
  await birth.press('Tab');
  await expect(page.getByText('Birth date must be a date as dd/mm/yyyy')).toBeVisible();
  await expect(birth).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save customer' }).click();
  await expect(birth).toBeFocused();
  await expect(page.getByRole('heading', { name: `Nisha ${lastName}` })).toHaveCount(0);

  // 7/3/1990 is the 7th of March, tidied to 07/03/1990; 25-12-2015 is taken too.
  await birth.fill('7/3/1990');
  await birth.press('Tab');
  await expect(birth).toHaveValue('07/03/1990');
  await expect(birth).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Birth date must be a date as dd/mm/yyyy')).toHaveCount(0);
  await page.getByLabel('Anniversary').fill('25-12-2015');
  await page.getByRole('button', { name: 'Save customer' }).click();
  await expect(page.getByRole('heading', { name: `Nisha ${lastName}` })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('07/03/1990');
  const customerID = decodeURIComponent(/#\/customers\/([^/]+)\//.exec(page.url())![1]!);
  const saved = await admin.call(api.Customer.detail, { body: { customerID } });
  expect(saved.birthDate?.slice(0, 10)).toBe('1990-03-07');
  expect(saved.marriageDate?.slice(0, 10)).toBe('2015-12-25');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Birth date')).toHaveValue('07/03/1990');
  await expect(page.getByLabel('Anniversary')).toHaveValue('25/12/2015');

  // The orders list: booked from and to today, typed dd/mm/yyyy, finds today's order; from tomorrow, not.
  const sale = await sellLens(admin, customerID);
  const now = new Date();
  const dmy = (at: Date) => `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`;
  await page.goto('/#/orders');
  await page.getByLabel('Booked from').fill(dmy(now));
  await page.getByLabel('to', { exact: true }).fill(dmy(now));
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: sale.salesOrderNo });
  await expect(row).toBeVisible();
  await page.getByLabel('Booked from').fill(dmy(new Date(now.getTime() + 86_400_000)));
  await page.getByLabel('to', { exact: true }).fill('');
  await expect(row).toHaveCount(0);
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

test('order ready: the manager words the message, the order page offers it on WhatsApp and to copy, and "customer told" lands in the history', async ({ page, service, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = await apiAs(service.url, 'admin');
  const lastName = uniqueWord('Ready');
  const mobile = uniqueMobile();
  const { customerID } = await admin.call(api.Customer.upsert, { body: { firstName: 'Meera', lastName, mobile, isActive: true } });
  const sale = await sellLens(admin, customerID);

  await signIn(page, 'admin');
  await page.getByRole('link', { name: /Messages/ }).click();
  const template = page.getByLabel('Order ready message');
  await template.fill('Hi {customer}, order {order} waits at {store}. Due {balance}. {nope}');
  await page.getByRole('button', { name: 'Save message' }).click();
  await expect(page.getByRole('alert')).toContainText('Unknown placeholder {nope}');
  await template.fill('Hi {customer}, order {order} waits at {store}. Due {balance}.');
  await page.getByRole('button', { name: 'Save message' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');

  await page.goto(`/#/orders/${encodeURIComponent(sale.salesOrderNo)}`);
  const box = page.getByRole('region', { name: 'Tell the customer' });
  const text = box.getByLabel('Message');
  await expect(text).toHaveValue(new RegExp(`^Hi Meera ${lastName}, order ${sale.salesOrderNo.replace(/\//g, '\\/')} waits at .+\\. Due ₹[\\d,]+\\.\\d\\d\\.$`));
  const message = await text.inputValue();
  const whatsApp = box.getByRole('link', { name: 'Send on WhatsApp' });
  await expect(whatsApp).toHaveAttribute('href', `https://wa.me/91${mobile}?text=${encodeURIComponent(message)}`);
  await expect(whatsApp).toHaveAttribute('target', '_blank');
  await expect(box.getByRole('status')).toContainText('Not told yet.');

  // Copy: the clipboard holds the message and the order records that the customer was told.
  await box.getByRole('button', { name: 'Copy message' }).click();
  await expect(box.getByRole('status')).toContainText('Message copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(message);
  await expect(box.getByRole('status')).toContainText(/Customer told \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\./);
  const history = page.getByRole('table', { name: 'Order history' });
  await expect(history.getByRole('row').filter({ hasText: 'Customer told the order is ready by a copied message' })).toHaveCount(1);

  // The WhatsApp link opens outside (a popup here) and is recorded too.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: 'wa' }));
  const popup = page.waitForEvent('popup');
  await whatsApp.click();
  await (await popup).close();
  await expect(history.getByRole('row').filter({ hasText: 'Customer told the order is ready on WhatsApp' })).toHaveCount(1);
});
