/**
 * Issue 11: every role's menu is what the service lets that role use, and every entry opens. The
 * screens decide by role key, never by the role's label ("Store Manager" is the manager: the
 * dashboard was hidden from managers because the label was compared with the key).
 *
 * Its own service, because login.spec.ts locks "manager" out of the shared one on purpose.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../main/service/server.js';
import { expect, test } from './fixtures.js';
import { PASSWORD } from './helpers.js';
import { rendererDist } from './paths.js';

let server: RunningServer;
let dataDir: string;
test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'optical-pos-e2e-menus-'));
  server = await startServer({ dataDir, port: 0, staticDir: rendererDist, strictResponses: true });
});
test.afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const EVERYTHING = ['Quick sale', 'Till', 'Orders', 'Returns', 'Home', 'Customers', 'Duplicates', 'Recalls', 'Doctors', 'Catalog', 'Stock', 'Stock-take', 'Transfers', 'Labels', 'Invoices', 'Receipts', 'Purchasing', 'GST returns', 'Dashboard', 'Chain', 'Reports', 'Audit', 'Printers', 'Messages', 'Backups', 'Users', 'My password'];
const MENUS: Record<string, string[]> = {
  admin: EVERYTHING,
  manager: EVERYTHING.filter((e) => e !== 'Users' && e !== 'Chain'),
  cashier: EVERYTHING.filter((e) => e !== 'Duplicates' && e !== 'Purchasing' && e !== 'GST returns' && e !== 'Recalls' && e !== 'Dashboard' && e !== 'Chain' && e !== 'Reports' && e !== 'Audit' && e !== 'Messages' && e !== 'Backups' && e !== 'Users'),
  optometrist: ['Home', 'Customers', 'Recalls', 'Doctors', 'Catalog', 'Stock', 'Printers', 'My password'],
};

for (const [user, entries] of Object.entries(MENUS)) {
  test(`${user}: the menu offers exactly what the role may use, and each entry opens without an error`, async ({ page }) => {
    await page.goto(server.url);
    await page.getByLabel('User name').fill(user);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    const labels = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.querySelector('.sidenav-label')?.textContent ?? ''));
    expect(labels).toEqual(entries);
    for (const entry of entries) {
      await nav.getByRole('link', { name: new RegExp(`^${entry}(?![\\w-])`) }).click();
      await expect(nav.getByRole('link', { name: new RegExp(`^${entry}(?![\\w-])`) })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      if (entry === 'Dashboard') await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      // No screen the menu offers may answer "not allowed".
      await expect(page.getByText(/not allowed|forbidden|403/i)).toHaveCount(0);
    }
  });
}
