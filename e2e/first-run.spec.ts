/**
 * The first run on screen against the real service: a fresh data folder shows the first-run
 * screen; "Set up my store" makes a real store that the same address then serves; its
 * administrator signs in, chooses a password, and sells one item at Quick sale. A real new store
 * has no items: they come from a CSV through `npm run import` (the documented way), as a store
 * manager would load the price list, before the sale.
 *
 * And a second PC of a company joins its hub on screen: a real hub over embedded PostgreSQL on
 * mutual TLS, a first PC pushing to it, and an empty PC that is given the hub's address and a join
 * code, pulls the company's data and signs in with a user of the first PC.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import { issueNodeCertificate } from '../hub/sync/certificates.js';
import { makeJoinCode } from '../hub/sync/join.js';
import { loadOrCreateCa, serverCertificate } from '../hub/tls/ca.js';
import { startServer } from '../main/service/server.js';
import { hubTlsDir, saveHubTls } from '../main/service/sync/hub-tls.js';
import { startTestHub } from '../test/hub/hub-helpers.js';
import { expect, migratedDemo, test } from './fixtures.js';
import { screenshot } from './helpers.js';
import { repoRoot } from './paths.js';

test.use({ noStore: 'ask' });

test('a fresh PC: first-run screen, set up my store, sign in as its admin, open the till, sell one item and get a receipt number', async ({ page, service }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Optical POS' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Try the demo store/ })).toBeVisible();
  await screenshot(page, 'first-run.png', { guide: true });

  await page.getByRole('button', { name: /Set up my store/ }).click();
  const form = page.getByRole('form', { name: 'Set up my store' });
  await form.getByLabel('Company name').fill('Sharma Opticals');
  await form.getByLabel('State', { exact: true }).selectOption('Maharashtra');
  // A mistyped GSTIN is named as it is typed, with the field's name.
  await form.getByLabel('Company GSTIN').fill('27AAPFU0939F1ZW');
  await form.getByLabel('Branch code').click();
  await expect(form.getByText('Company GSTIN: GSTIN check character does not match; look for a typo')).toBeVisible();
  await form.getByLabel('Company GSTIN').fill('27AAPFU0939F1ZV');
  await form.getByLabel('Branch code').fill('PUN1');
  await form.getByLabel('Branch name').fill('Camp');
  await form.getByLabel('City').fill('Pune');
  await form.getByLabel('Administrator user name').fill('owner');
  await form.getByLabel('Administrator password', { exact: true }).fill('first pass 2026');
  await form.getByLabel('Administrator password again').fill('first pass 2026');
  await form.getByLabel('Till code').fill('P1');
  await screenshot(page, 'first-run-setup.png', { guide: true });
  await form.getByRole('button', { name: 'Set up the store' }).click();

  // The service opens the new store on the same address; the app waits, then asks to sign in.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/demo1234/)).toHaveCount(0);
  await expect(page.getByRole('note', { name: 'Demo store' })).toHaveCount(0);

  // The price list, through the documented import (the store is open: it is a second connection).
  const csv = path.join(service.dataDir, 'items.csv');
  writeFileSync(csv, 'item_type,code,barcode,name,sale_price,mrp,branch,stock\nFrame,FR-1,8901000000019,Titan Classic Frame,1500,1800,PUN1,3\n');
  const imported = spawnSync(process.execPath, ['--import', 'tsx', 'main/import.ts', csv, '--data-dir', service.dataDir], { cwd: repoRoot, encoding: 'utf8' });
  expect(imported.status, imported.stderr).toBe(0);

  await page.getByLabel('User name').fill('owner');
  await page.getByLabel('Password').fill('first pass 2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password the owner typed at setup is theirs: no second change is asked for.
  await page.getByRole('navigation', { name: 'Main' }).waitFor();

  await page.getByRole('link', { name: /^Till/ }).click();
  await page.getByLabel('Opening float').fill('1000');
  await page.getByRole('button', { name: 'Open the till' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The till is open' })).toBeVisible();

  await page.getByRole('link', { name: /Quick sale/ }).click();
  const box = page.getByRole('combobox', { name: 'Code' });
  await expect(box).toBeFocused();
  await box.fill('8901000000019');
  await box.press('Enter');
  await expect(page.getByRole('table', { name: 'Cart' }).getByRole('row').filter({ hasText: 'Titan Classic Frame' })).toBeVisible();
  await page.keyboard.press('F2');
  await page.getByLabel('Customer mobile').fill('9876501234');
  await page.getByLabel('Customer mobile').press('Enter');
  await page.getByLabel('First name').fill('Meena');
  await page.getByLabel('Last name').fill('Firstsale');
  await page.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByText('Meena Firstsale')).toBeVisible();
  await page.getByLabel('Payment kind').selectOption({ label: 'Cash' });
  await page.getByLabel('Paying now').fill('1500');
  await page.keyboard.press('F9');
  await expect(page.getByRole('heading', { name: 'Sale saved' })).toBeVisible();
  await expect(page.getByTestId('receipt-no')).toHaveText(/\S+/);
});

test('a second PC joins the company’s hub on screen: the wrong hub is refused in words, then it pulls the company’s data and a user of the first PC signs in', async ({ page, emptyPc }) => {
  test.setTimeout(180_000);
  const dirs = [mkdtempSync(path.join(os.tmpdir(), 'optical-pos-e2e-ca-')), migratedDemo(mkdtempSync(path.join(os.tmpdir(), 'optical-pos-e2e-head-')))];
  const [caDir, headDir] = dirs as [string, string];
  const ca = await loadOrCreateCa(caDir);
  const hub = await startTestHub({ tls: { ...(await serverCertificate(ca, caDir, ['localhost', '127.0.0.1'])), clientCa: ca.cert, issuer: ca } });
  // The first PC: node 1 with its certificate, pushing to the hub.
  const node = await hub.enroll('Head office');
  const cert = await issueNodeCertificate(hub.pool, ca, node.id);
  saveHubTls(hubTlsDir(headDir), node.id, { ca: ca.cert, cert: cert.cert, key: cert.key });
  const head = await startServer({ dataDir: headDir, port: 0, hubUrl: hub.url, syncIntervalMs: 60_000, readWorkers: 0 });
  try {
    const anon = createClient({ baseUrl: head.url });
    const { token } = await anon.call(api.Auth.login, { body: { userName: 'admin', password: 'demo1234' } });
    await createClient({ baseUrl: head.url, getToken: () => token }).call(api.Sync.now, { body: {} });

    await page.goto(emptyPc.url);
    await page.getByRole('button', { name: /Join my company’s hub/ }).click();
    const form = page.getByRole('form', { name: 'Join my company’s hub' });
    // A code head office made on another hub: refused before the code is sent, naming the address.
    const other = await loadOrCreateCa(path.join(caDir, 'other'));
    const wrong = await makeJoinCode(hub.pool, 'Wrong hub', undefined, other);
    await form.getByLabel('Hub address').fill(hub.url);
    await form.getByLabel('Join code').fill(wrong.code);
    await form.getByRole('button', { name: 'Join the hub' }).click();
    await expect(form.getByText(/This hub is not the one the join code was made for/)).toBeVisible({ timeout: 15_000 });
    await screenshot(page, 'first-run-join.png', { guide: true });

    const right = await makeJoinCode(hub.pool, 'Second PC', undefined, ca);
    await form.getByLabel('Join code').fill(right.code);
    await form.getByRole('button', { name: 'Join the hub' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/demo1234/)).toHaveCount(0);

    await page.getByLabel('User name').fill('cashier');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await expect(page.getByText('Drishti Opticals (Demo)')).toBeVisible();
  } finally {
    await head.close();
    await hub.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
});
