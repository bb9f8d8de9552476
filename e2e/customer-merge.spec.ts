/**
 * One record per person on screen: the counter's warning when a customer who may exist already is
 * added, the manager's Duplicates screen finding the two records, comparing them side by side,
 * merging them field by field, and undoing the merge. On a PC of its own (demoPc).
 */
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, PASSWORD, screenshot, sellLens, uniqueMobile, uniqueWord } from './helpers.js';

test.setTimeout(120_000);

test('a likely duplicate is warned about at the counter, found by the manager, merged and undone', async ({ page, demoPc }) => {
  const staff = await apiAs(demoPc.url, 'admin');
  const last = uniqueWord('Shah');
  const mobile = uniqueMobile();
  const first = await staff.call(api.Customer.upsert, { body: { firstName: 'Meena', lastName: last, mobile, emailId: 'meena@example.in', city: 'Ahmedabad' } });
  await sellLens(staff, first.customerID);

  await page.goto(demoPc.url);
  await page.getByLabel('User name').fill('manager');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();

  // The counter's warning: the same mobile, a name spelt another way.
  await page.goto(`${demoPc.url}/#/customers/new`);
  await page.getByLabel('First name').fill('Meenaa');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Mobile').fill(mobile);
  await page.getByLabel('City').fill('Surat');
  await page.getByRole('button', { name: 'Save customer' }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'may already exist' });
  await expect(warning.getByRole('list', { name: 'Likely duplicates' })).toContainText(`Meena ${last}, ${mobile.slice(0, 5)}…, at`);
  await expect(warning).toContainText('may be the same person');
  await expect(warning).toContainText('Same mobile, Similar name');
  await screenshot(page, 'counter-likely-same.png', { guide: true });
  await warning.getByRole('button', { name: 'Save as a new customer anyway' }).click();
  await expect(page.getByRole('heading', { name: `Meenaa ${last}` })).toBeVisible();
  const secondId = decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);

  // The manager's Duplicates screen finds the pair.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Duplicates/ }).click();
  const pairs = page.getByRole('table', { name: 'Likely duplicates' });
  const row = pairs.getByRole('row').filter({ hasText: `Meena ${last}` }).filter({ hasText: `Meenaa ${last}` });
  await expect(row).toContainText('Same mobile');
  await row.getByRole('button', { name: /^Compare/ }).click();
  const compare = page.getByRole('table', { name: 'The two records side by side' });
  await expect(compare).toContainText('1 orders');
  // Keep the older record (chosen already) and take the other's city in the address.
  await compare.getByRole('radio', { name: /^Address: Surat/ }).check();
  await screenshot(page, 'duplicates-compare.png', { guide: true });
  await page.getByRole('button', { name: 'Merge into one record' }).click();
  await expect(page.getByRole('status')).toContainText('is now the one record');
  await expect(pairs).not.toContainText(`Meenaa ${last}`);
  const merges = page.getByRole('table', { name: 'Recent merges' });
  const merged = merges.getByRole('row').filter({ hasText: `Meenaa ${last}` });
  await expect(merged.getByRole('button', { name: `Undo the merge of Meenaa ${last}` })).toBeVisible();
  await screenshot(page, 'duplicates-merged.png', { guide: true });

  // The merged-away record's old link opens the one kept, with the chosen city.
  const record = await staff.call(api.Customer.detail, { body: { customerID: secondId } });
  expect(record.customerID).toBe(first.customerID);
  expect(record.city).toBe('Surat');
  expect(record.emailId).toBe('meena@example.in');

  // Undone: both records are there again.
  await merged.getByRole('button', { name: `Undo the merge of Meenaa ${last}` }).click();
  await expect(page.getByRole('status')).toContainText(`Meenaa ${last} is a record of their own again`);
  await expect(merged).toContainText('Undone');
  expect((await staff.call(api.Customer.detail, { body: { customerID: secondId } })).customerID).toBe(secondId);
  expect((await staff.call(api.Customer.detail, { body: { customerID: first.customerID } })).city).toBe('Ahmedabad');

  // Two people after all: marked so, the pair is not proposed again, and the mark can be undone.
  const pair = pairs.getByRole('row').filter({ hasText: `Meena ${last}` }).filter({ hasText: `Meenaa ${last}` });
  await pair.getByRole('button', { name: /^Not the same person/ }).click();
  await expect(page.getByRole('status')).toContainText('are two people');
  await expect(pair).toHaveCount(0);
  const marked = page.getByRole('table', { name: 'Marked as different people' }).getByRole('row').filter({ hasText: `Meenaa ${last}` });
  await expect(marked).toContainText('manager');
  await marked.scrollIntoViewIfNeeded();
  await screenshot(page, 'duplicates-not-same.png', { guide: true });
  await marked.getByRole('button', { name: /^Undo not the same person/ }).click();
  await expect(pair).toHaveCount(1);
  await expect(marked).toContainText('Undone');
});
