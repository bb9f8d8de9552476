import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, screenshot, signIn, uniqueMobile, uniqueWord, watchForCspViolations } from './helpers.js';

test('a customer with a bad mobile is refused next to the field, then saved once fixed', async ({ page }) => {
  const problems = watchForCspViolations(page);
  const last = uniqueWord('Kapoor');
  await signIn(page, 'admin');
  await page.getByRole('link', { name: /Customers/ }).click();
  await page.getByRole('link', { name: 'New customer' }).click();

  await page.getByLabel('First name').fill('Anita');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Mobile').fill('98250');
  await page.getByRole('button', { name: 'Save customer' }).click();

  const mobile = page.getByLabel('Mobile');
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a 10-digit mobile number')).toBeVisible();
  await expect(mobile).toBeFocused();

  const number = uniqueMobile();
  await mobile.fill(number);
  await expect(mobile).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save customer' }).click();

  await expect(page.getByRole('heading', { name: `Anita ${last}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText(number);
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('No orders yet.');

  // Editing keeps what the form does not show and changes what it does.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Last name')).toHaveValue(last);
  await page.getByLabel('City').fill('Vadodara');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: `Anita ${last}` })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('Vadodara');
  await expect(page.getByRole('tabpanel')).toContainText(number);
  expect(problems).toEqual([]);
});

test('creating a likely duplicate warns and lists the existing customer', async ({ page, service }) => {
  const staff = await apiAs(service.url, 'admin');
  const last = uniqueWord('Mehta');
  const number = uniqueMobile();
  await staff.call(api.Customer.upsert, { body: { firstName: 'Ravi', lastName: last, mobile: number } });

  await signIn(page, 'admin');
  await page.goto('/#/customers/new');
  await page.getByLabel('First name').fill('Ravindra');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Mobile').fill(number);
  await page.getByRole('button', { name: 'Save customer' }).click();

  const warning = page.getByRole('alert').filter({ hasText: 'may already exist' });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('list', { name: 'Likely duplicates' })).toContainText(`Ravi ${last}`);

  await warning.getByRole('link', { name: `Open Ravi ${last}` }).click();
  await expect(page.getByRole('heading', { name: `Ravi ${last}` })).toBeVisible();
});

test('the list finds customers by name or mobile as you type, and cashiers see masked mobiles', async ({ page, service }) => {
  const staff = await apiAs(service.url, 'admin');
  const family = uniqueWord('Iyer');
  const numbers = [uniqueMobile(), uniqueMobile()];
  await staff.call(api.Customer.upsert, { body: { firstName: 'Lakshmi', lastName: family, mobile: numbers[0], city: 'Pune' } });
  await staff.call(api.Customer.upsert, { body: { firstName: 'Sundar', lastName: family, mobile: numbers[1], city: 'Pune' } });

  await signIn(page, 'admin');
  await page.getByRole('link', { name: /Customers/ }).click();
  const search = page.getByLabel('Search by mobile or name');
  const rows = page.getByRole('table', { name: 'Customers' }).locator('tbody tr');

  await search.pressSequentially(family.slice(0, 8), { delay: 40 });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Lakshmi' })).toHaveCount(1);

  await search.fill(numbers[1]!.slice(0, 8));
  await expect(rows.filter({ hasText: 'Sundar' })).toHaveCount(1);
  await expect(rows.first()).toContainText(numbers[1]!);

  await search.fill(family);
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('2 found')).toBeVisible();
  await screenshot(page, 'customer-list.png', { guide: true });

  await page.getByRole('button', { name: 'Log out' }).click();
  await signIn(page, 'cashier');
  await page.getByRole('link', { name: /Customers/ }).click();
  await page.getByLabel('Search by mobile or name').fill(family);
  await expect(rows).toHaveCount(2);
  for (const n of numbers) await expect(rows.filter({ hasText: n })).toHaveCount(0);
  await expect(rows.first().locator('td').nth(1)).toHaveText(/^\d{2}X+\d{2}$/);
});

test('the list pages through rows with Next and Previous', async ({ page, service }) => {
  const staff = await apiAs(service.url, 'admin');
  const family = uniqueWord('Nair');
  for (let i = 1; i <= 12; i += 1) {
    await staff.call(api.Customer.upsert, { body: { firstName: `Guest${String(i).padStart(2, '0')}`, lastName: family } });
  }
  await signIn(page, 'admin');
  await page.goto('/#/customers');
  await page.getByLabel('Search by mobile or name').fill(family);
  const rows = page.getByRole('table', { name: 'Customers' }).locator('tbody tr');
  const pager = page.getByRole('navigation', { name: 'Customer pages' });
  await expect(pager).toContainText('1–10 of 12');
  await expect(rows).toHaveCount(10);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('11–12 of 12');
  await expect(rows).toHaveCount(2);
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(rows).toHaveCount(10);
});

test('a doctor is created and shows in the doctor list', async ({ page }) => {
  const name = `Dr. ${uniqueWord('Desai')}`;
  await signIn(page, 'optometrist');
  await page.getByRole('link', { name: /Doctors/ }).click();
  await page.getByRole('link', { name: 'New doctor' }).click();

  await page.getByRole('button', { name: 'Save doctor' }).click();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Mobile').fill(uniqueMobile());
  await page.getByLabel('City').fill('Nashik');
  await page.getByRole('button', { name: 'Save doctor' }).click();

  await expect(page.getByRole('heading', { name: 'Doctors' })).toBeVisible();
  await page.getByLabel('Search by name').fill(name);
  const row = page.getByRole('table', { name: 'Doctors' }).locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Nashik');

  await row.getByRole('link', { name }).click();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await page.getByLabel('City').fill('Pune');
  await page.getByRole('button', { name: 'Save doctor' }).click();
  await page.getByLabel('Search by name').fill(name);
  await expect(page.getByRole('table', { name: 'Doctors' }).locator('tbody tr').filter({ hasText: name })).toContainText('Pune');
});

test('a cashier, who sees the mobile masked, edits the city and the stored mobile is kept; a new full number replaces it', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const staff = await apiAs(service.url, 'admin');
  const last = uniqueWord('Shah');
  const number = uniqueMobile();
  const masked = `${number.slice(0, 2)}XXXXXX${number.slice(-2)}`;
  const { customerID } = await staff.call(api.Customer.upsert, { body: { firstName: 'Hema', lastName: last, mobile: number, city: 'Surat' } });

  await signIn(page, 'cashier');
  await page.goto(`/#/customers/${encodeURIComponent(customerID)}/profile`);
  await expect(page.getByRole('heading', { name: `Hema ${last}` })).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();

  const mobile = page.getByLabel('Mobile');
  await expect(mobile).toHaveValue(masked);
  await expect(page.getByText('Hidden for your role')).toBeVisible();
  await page.getByLabel('City').fill('Vapi');
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('Vapi');
  await expect(page.getByRole('tabpanel')).toContainText(masked);
  let stored = await staff.call(api.Customer.detail, { body: { customerID } });
  expect([stored.city, stored.mobile]).toEqual(['Vapi', number]);

  // A customer with a new number: the cashier types it in full and it replaces the old one.
  const replacement = uniqueMobile();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(mobile).toHaveValue(masked);
  await mobile.fill(replacement.slice(0, 6));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await mobile.fill(replacement);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(`${replacement.slice(0, 2)}XXXXXX${replacement.slice(-2)}`);
  stored = await staff.call(api.Customer.detail, { body: { customerID } });
  expect(stored.mobile).toBe(replacement);
  expect(problems).toEqual([]);
});
