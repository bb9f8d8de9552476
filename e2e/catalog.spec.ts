/**
 * The counter's item search and the catalog screen, against the demo catalog. What to type and
 * what to expect comes from the service through the shared client, so the tests follow the demo
 * data instead of pinning it.
 */
import type { Locator, Page } from '@playwright/test';
import type { Client } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import type { SearchItem } from '../shared/models/catalog.js';
import { expect, test } from './fixtures.js';
import { apiAs, screenshot, signIn, watchForCspViolations } from './helpers.js';

/** As many suggestions as the item search asks for (ItemSearch's SUGGESTION_LIMIT). */
const SUGGESTIONS = 12;

const rupees = (amount: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);

async function itemType(staff: Client, name: RegExp): Promise<{ value: string; name: string }> {
  const types = await staff.call(api.Common.itemTypes);
  const type = types.find((t) => name.test(t.name));
  if (!type) throw new Error(`The demo catalog has no item type matching ${name}: ${types.map((t) => t.name).join(', ')}`);
  return type;
}

async function itemsOf(staff: Client, itemTypeID: string | null, pageSize = 100): Promise<{ totalRows: number; data: SearchItem[] }> {
  return staff.call(api.Common.searchItems, { body: { itemTypeID, pageNumber: 1, pageSize } });
}

/**
 * The shortest start of the item's name (at least 6 characters, never all of it) whose
 * suggestions still include the item, as the search box will ask for them.
 */
async function nameStartFinding(staff: Client, item: SearchItem): Promise<string> {
  for (let length = 6; length < item.name.length; length += 1) {
    const term = item.name.slice(0, length);
    if (term.endsWith(' ')) continue;
    const found = await staff.call(api.Common.searchItems, { body: { searchTerm: term, pageNumber: 1, pageSize: SUGGESTIONS } });
    if (found.data.some((row) => row.id === item.id)) return term;
  }
  throw new Error(`No start of “${item.name}” finds it among the first ${SUGGESTIONS} suggestions`);
}

function itemSearch(page: Page, label = 'Price check'): Locator {
  return page.getByRole('combobox', { name: label });
}

test('typing part of a frame name and choosing with the arrow keys picks that frame', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const staff = await apiAs(service.url, 'cashier');
  const frames = await itemsOf(staff, (await itemType(staff, /^frames?$/i)).value);
  // Not simply the catalog's first frame, and one with a name long enough to type only part of.
  const frame = frames.data.slice(3).find((f) => f.name.length > 10) ?? frames.data[0];
  if (!frame) throw new Error('The demo catalog has no frames');
  const term = await nameStartFinding(staff, frame);

  await signIn(page, 'cashier');
  await page.getByRole('link', { name: /Catalog/ }).click();
  const box = itemSearch(page);
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.pressSequentially(term, { delay: 60 });
  const list = page.getByRole('listbox', { name: 'Matching items' });
  // The rows of an earlier keystroke stay up until the last one's answer: wait for that answer.
  await expect(page.getByText('Searching…')).toBeHidden();
  const wanted = list.getByRole('option').filter({ hasText: frame.name });
  await expect(wanted.first()).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(box).not.toHaveAttribute('aria-activedescendant');

  // Down until the frame is the highlighted option; the box keeps the focus all the while.
  const options = await list.getByRole('option').count();
  for (let i = 0; i < options; i += 1) {
    await box.press('ArrowDown');
    if ((await list.getByRole('option', { selected: true }).textContent())?.includes(frame.name)) break;
  }
  const highlighted = list.getByRole('option', { selected: true });
  await expect(highlighted).toContainText(frame.name);
  await expect(highlighted).toContainText(rupees(frame.price));
  await expect(highlighted).toContainText(`MRP ${rupees(frame.mrp)}`);
  await expect(box).toHaveAttribute('aria-activedescendant', (await highlighted.getAttribute('id')) ?? 'missing id');
  await expect(box).toBeFocused();
  await screenshot(page, 'catalog-item-search.png');

  await box.press('Enter');
  const card = page.getByRole('region', { name: 'Picked item' });
  await expect(card.getByRole('heading', { name: frame.name })).toBeVisible();
  await expect(card).toContainText(rupees(frame.price));
  await expect(card).toContainText(frame.stock !== null && frame.stock > 0 ? `${frame.stock} in stock` : /Out of stock|Oversold/);
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  // Escape clears what was typed and closes the list.
  await box.pressSequentially(term, { delay: 30 });
  await expect(list).toBeVisible();
  await box.press('Escape');
  await expect(box).toHaveValue('');
  await expect(list).toBeHidden();
  expect(problems).toEqual([]);
});

test('a scanned barcode picks its item at once; an unknown code says it is not found', async ({ page, service }) => {
  const staff = await apiAs(service.url, 'cashier');
  const all = await itemsOf(staff, null, 200);
  const scanned = all.data.find((i) => i.barcode && i.barcode !== i.code);
  if (!scanned?.barcode) throw new Error('The demo catalog has no item with a barcode');
  const barcode = scanned.barcode;
  const unknown = `99${Date.now()}`.slice(0, 13);
  await expect(staff.call(api.QuickSale.itemDetailFromCode, { query: { code: unknown } })).rejects.toMatchObject({ status: 404 });

  await signIn(page, 'cashier');
  await page.goto('/#/catalog');
  const box = itemSearch(page);
  const card = page.getByRole('region', { name: 'Picked item' });

  // A scanner: the digits a few milliseconds apart, then Enter; the look-up is by exact code.
  const lookup = page.waitForRequest((r) => r.url().includes('/getItemDetailFromCode?') && r.url().includes(barcode));
  await box.pressSequentially(barcode, { delay: 4 });
  await box.press('Enter');
  await lookup;
  await expect(card.getByRole('heading', { name: scanned.name })).toBeVisible();
  await expect(card).toContainText(barcode);
  await expect(card).toContainText(rupees(scanned.price));
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();

  await box.pressSequentially(unknown, { delay: 4 });
  await box.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(`No item with code or barcode “${unknown}”.`);
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveValue(unknown);
  // The last pick stays on show: the unknown code replaced nothing.
  await expect(card.getByRole('heading', { name: scanned.name })).toBeVisible();
  await screenshot(page, 'catalog-not-found.png');

  // The unknown code is selected, so the next scan replaces it rather than adding to it.
  await box.pressSequentially(scanned.code, { delay: 4 });
  await box.press('Enter');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(box).toHaveValue('');
  await expect(card.getByRole('heading', { name: scanned.name })).toBeVisible();
});

test('the catalog lists items by type and category with their stock, and pages', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const staff = await apiAs(service.url, 'admin');
  const frameType = await itemType(staff, /^frames?$/i);
  const frames = await itemsOf(staff, frameType.value, 10);
  const first = frames.data[0];
  if (!first) throw new Error('The demo catalog has no frames');
  const categories = await staff.call(api.Common.categoriesByItemType, { body: { itemTypeID: frameType.value } });

  await signIn(page, 'admin');
  await page.getByRole('link', { name: /Catalog/ }).click();
  await expect(page.getByRole('heading', { name: 'Catalog' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Items' });
  const rows = table.locator('tbody tr');
  const pager = page.getByRole('navigation', { name: 'Item pages' });
  await expect(rows).toHaveCount(10);

  await page.getByLabel('Item type').selectOption({ label: frameType.name });
  await expect(pager).toContainText(`1–10 of ${frames.totalRows}`);
  await expect(rows).toHaveCount(Math.min(10, frames.totalRows));
  for (const [i, frame] of frames.data.entries()) {
    const row = rows.nth(i);
    await expect(row).toContainText(frame.code);
    await expect(row).toContainText(frame.name);
    await expect(row).toContainText(rupees(frame.price));
    const stock = frame.stock === null ? 'Made to order' : frame.stock > 0 ? `${frame.stock} in stock` : /Out of stock|Oversold/;
    await expect(row.locator('td').last()).toHaveText(stock);
  }

  // A category narrows the list to its own rows, which name it.
  const category = categories.find((c) => c.name) ?? null;
  if (category) {
    const inCategory = await staff.call(api.Common.searchItems, {
      body: { itemTypeID: frameType.value, categoryID: category.id, pageNumber: 1, pageSize: 10 },
    });
    await page.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
    await expect(pager).toContainText(inCategory.totalRows === 0 ? 'No rows' : `of ${inCategory.totalRows}`);
    if (inCategory.data[0]) await expect(rows.first()).toContainText(category.name);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'All categories' });
    await expect(pager).toContainText(`1–10 of ${frames.totalRows}`);
  }

  if (frames.totalRows > 10) {
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText(`11–${Math.min(20, frames.totalRows)} of ${frames.totalRows}`);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(rows.first()).toContainText(first.name);
  }
  await screenshot(page, 'catalog-screen.png', { guide: true });

  // Lab-ground spectacle lenses are made to order: no stock count.
  const lensType = await itemType(staff, /spectacle lens/i);
  const lenses = await itemsOf(staff, lensType.value, 10);
  await page.getByLabel('Item type').selectOption({ label: lensType.name });
  await expect(pager).toContainText(`of ${lenses.totalRows}`);
  const madeToOrder = lenses.data.findIndex((l) => l.stock === null);
  if (madeToOrder >= 0) await expect(rows.nth(madeToOrder).locator('td').last()).toHaveText('Made to order');
  expect(problems).toEqual([]);
});
