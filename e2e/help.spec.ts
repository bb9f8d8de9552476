/**
 * Help in the app: the top bar's Help opens the guide for the signed-in role, served by the
 * service from docs/, with its pictures; every guide is one link away.
 */
import { expect, test } from './fixtures.js';
import { signIn } from './helpers.js';

test('Help opens the guide for the role, with its pictures, and links to the other guides', async ({ page, context }) => {
  await signIn(page, 'cashier', { openTill: false });
  const [help] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Help' }).click()]);
  await help.waitForLoadState();
  expect(new URL(help.url()).pathname).toBe('/help/counter');
  await expect(help.getByRole('heading', { name: 'At the counter', level: 1 })).toBeVisible();
  // A picture of the real screen, served beside the guide.
  const picture = help.getByRole('img', { name: 'The sign-in screen' });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  // A link to another guide, to a heading of it.
  await help.getByRole('link', { name: 'Running the store' }).first().click();
  await expect(help.getByRole('heading', { name: 'Running the store', level: 1 })).toBeVisible();
  await help.goto('/help/optometrist');
  await expect(help.getByRole('heading', { name: 'The optometrist', level: 1 })).toBeVisible();
  const missing = await help.request.get('/help/no-such-guide');
  expect(missing.status()).toBe(404);
});
