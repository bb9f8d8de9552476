/**
 * Head office's catalogue on screen: a manager adds a frame model in two colours, finds its
 * variants grouped under the model, each with a barcode, and changes the brand's prices. On a PC
 * of its own (demoPc): the items it adds must not change the worker's store.
 */
import { expect, test } from './fixtures.js';
import { PASSWORD, screenshot } from './helpers.js';

test.setTimeout(90_000);

test('a manager adds a frame model with two colours, sees them grouped, and changes the brand’s price', async ({ page, demoPc }) => {
  await page.goto(demoPc.url);
  await page.getByLabel('User name').fill('manager');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Catalog/ }).click();

  await page.getByRole('button', { name: 'Add a model' }).click();
  const form = page.getByRole('form', { name: 'Add a model' });
  await form.getByLabel('Item type').selectOption({ label: 'Frame' });
  await form.getByLabel('Brand').fill('Guide Eyewear');
  await form.getByLabel('Model').fill('GE-77');
  await form.getByLabel('Category').fill('Full Rim');
  await form.getByLabel('HSN code').fill('9003');
  await form.getByLabel('MRP (₹)').fill('2500');
  await form.getByLabel('Selling price (₹)').fill('1999');
  await form.getByLabel('Colours').fill('Black, Tortoise');
  await form.getByLabel('Sizes').fill('52');
  await form.getByRole('button', { name: 'Make variants' }).click();
  await expect(form.getByLabel('Item code of variant 1')).toHaveValue('GE77-BLA-52');
  await expect(form.getByLabel('Item code of variant 2')).toHaveValue('GE77-TOR-52');
  await screenshot(page, 'catalogue-add-model.png', { guide: true });
  await form.getByRole('button', { name: 'Save model' }).click();
  await expect(form.getByRole('status')).toHaveText('2 variants added');
  await form.getByRole('button', { name: 'Close' }).click();

  await page.getByLabel('Find a model').fill('GE-77');
  const card = page.getByRole('region', { name: 'Model Guide Eyewear GE-77' });
  await expect(card.getByRole('row')).toHaveCount(3);
  await expect(card).toContainText('GE77-BLA-52');
  await expect(card).toContainText('GE77-TOR-52');
  await expect(card.getByText('(store’s)')).toHaveCount(2);
  await screenshot(page, 'catalogue-models.png', { guide: true });

  await card.getByRole('button', { name: 'Edit GE77-TOR-52' }).click();
  const edit = page.getByRole('form', { name: 'Edit GE77-TOR-52' });
  await edit.getByLabel('Colour').fill('Havana');
  await edit.getByLabel('Name').fill('Guide Eyewear GE-77 Havana 52');
  await edit.getByRole('button', { name: 'Save item' }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText('Havana');

  await page.getByRole('button', { name: 'Change prices' }).click();
  const prices = page.getByRole('form', { name: 'Change prices' });
  await prices.getByLabel('Brand').selectOption('Guide Eyewear');
  await prices.getByLabel('Percent').fill('10');
  await prices.getByRole('button', { name: 'Change prices' }).click();
  await expect(prices.getByRole('status')).toHaveText('2 prices changed from today');
  await expect(card.getByRole('row').nth(1)).toContainText('₹2,199');
  await card.getByRole('button', { name: 'Price history of GE77-BLA-52' }).click();
  const history = page.getByRole('table', { name: 'Price history of GE77-BLA-52' });
  await expect(history).toContainText('Guide Eyewear +10 %');
  await screenshot(page, 'catalogue-prices.png', { guide: true });

  // One item, from a later day: today's price stays, the one to come shows beside it.
  const later = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-CA');
  await prices.getByLabel('For').selectOption('item');
  await prices.getByLabel('Item code or barcode').fill('GE77-BLA-52');
  await prices.getByLabel('Change', { exact: true }).selectOption('fixed');
  await prices.getByLabel('New price (₹)').fill('2300');
  await prices.getByLabel('From (today or later)').fill(later);
  await prices.getByRole('button', { name: 'Change prices' }).click();
  await expect(prices.getByRole('status')).toContainText('The price will change on');
  await expect(card.getByRole('row').nth(1)).toContainText('→ ₹2,300.00 from');
});
