/**
 * Finding things (issue 16): the catalog and the customer list find any part of a word, as a
 * counter types what it sees on the frame or the customer's phone.
 */
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, signIn, uniqueMobile, uniqueWord } from './helpers.js';

test('the catalog finds "aviator ray" inside the names, every word matching, the exact code first', async ({ page, service }) => {
  const staff = await apiAs(service.url, 'admin');
  const aviators = await staff.call(api.Common.searchItems, { body: { searchTerm: 'aviator ray', pageSize: 1 } });
  const exact = aviators.data[0]!;

  await signIn(page, 'admin');
  await page.getByRole('link', { name: /Catalog/ }).click();
  const rows = page.getByRole('table', { name: 'Items' }).locator('tbody tr');
  const box = page.getByLabel('Code, name, brand or model');
  await box.fill('aviator ray');
  await expect(rows.first()).toContainText('Ray-Ban');
  const names = await rows.locator('td:nth-child(2)').allTextContents();
  for (const name of names) expect(name.toLowerCase()).toContain('aviator');

  // Part of a code, from its second character on: "contains", not "starts with".
  await box.fill(exact.code.slice(1));
  await expect(rows.filter({ hasText: exact.code })).toHaveCount(1);
  await box.fill(exact.code);
  await expect(rows.first()).toContainText(exact.code);
});

test('the customer box finds the last digits of a mobile and a part inside a name', async ({ page, service }) => {
  const staff = await apiAs(service.url, 'admin');
  const family = uniqueWord('Raghavan');
  const mobile = uniqueMobile();
  await staff.call(api.Customer.upsert, { body: { firstName: 'Meenakshi', lastName: family, mobile, city: 'Chennai' } });

  await signIn(page, 'admin');
  await page.getByRole('link', { name: /Customers/ }).click();
  const rows = page.getByRole('table', { name: 'Customers' }).locator('tbody tr');
  const search = page.getByLabel('Search by mobile or name');

  await search.fill(mobile.slice(-6));
  await expect(rows.filter({ hasText: family })).toHaveCount(1);
  await search.fill(family.slice(3));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Meenakshi');
});
