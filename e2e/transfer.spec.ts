/**
 * A frame sent from Navrangpura (AMD1) to Adajan (SRT1), two PCs that meet only through a real hub
 * (embedded PostgreSQL): Navrangpura's manager dispatches it on screen with a delivery challan
 * while Adajan's PC is offline; the hub carries it; Adajan's manager, on Adajan's own PC, scans it
 * in with one damaged and one missing; the hub carries the receipt back and Navrangpura sees the
 * discrepancy. Then a transfer to a branch in Maharashtra, a tax invoice with IGST and the e-way
 * bill's particulars. The guide's pictures are taken on the way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createClient, type Client } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import { makeJoinCode } from '../hub/sync/join.js';
import { startServer, type RunningServer } from '../main/service/server.js';
import { joinCompany } from '../main/service/sync/join.js';
import { STORE_FILE } from '../main/service/store-file.js';
import { startTestHub, type TestHub } from '../test/hub/hub-helpers.js';
import { branchUser, mumbaiBranch } from '../test/helpers/branches.js';
import { expect, migratedDemo, test } from './fixtures.js';
import { PASSWORD, screenshot } from './helpers.js';
import { rendererDist } from './paths.js';

const pc = (dataDir: string, hubUrl: string) =>
  startServer({ dataDir, port: 0, staticDir: rendererDist, strictResponses: true, hubUrl, syncIntervalMs: 600_000, readWorkers: 0 });

async function adminOf(server: RunningServer): Promise<Client> {
  const { token } = await createClient({ baseUrl: server.url }).call(api.Auth.login, { body: { userName: 'admin', password: PASSWORD } });
  return createClient({ baseUrl: server.url, getToken: () => token });
}
async function sync(server: RunningServer): Promise<void> {
  const answer = await (await adminOf(server)).call(api.Sync.now, { body: {} });
  expect(answer.lastError).toBeNull();
}
async function signInAt(page: Page, server: RunningServer, userName: string): Promise<void> {
  await page.goto(server.url);
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}
/** The printed document as the printer gets it (its HTML), shown in the page for the guide's picture. */
async function showPrinted(page: Page, client: Client, transferId: string): Promise<void> {
  const html = await client.raw(api.Transfers.print, { params: { transferId }, query: { format: 'html' } });
  await page.setContent(Buffer.from(html.bytes).toString('utf8'));
}

test('a frame moves from Navrangpura to Adajan through the hub: dispatched offline, received with a damaged and a short unit, seen at both', async ({ browser }) => {
  test.setTimeout(240_000);
  const dirs = [migratedDemo(mkdtempSync(path.join(os.tmpdir(), 'optical-pos-e2e-amd-'))), mkdtempSync(path.join(os.tmpdir(), 'optical-pos-e2e-srt-'))] as const;
  let hub: TestHub | undefined;
  const servers: RunningServer[] = [];
  try {
    hub = await startTestHub();
    await hub.enroll('Head office');
    // Navrangpura's PC is head office's (node 1): Adajan's manager and a Mumbai branch are made there.
    const navrangpura = await pc(dirs[0], hub.url);
    servers.push(navrangpura);
    branchUser({ server: navrangpura }, 'manager.srt', 'manager', 'SRT1');
    mumbaiBranch({ server: navrangpura });
    await sync(navrangpura);
    const { code } = await makeJoinCode(hub.pool, 'Adajan PC');
    await joinCompany(dirs[1], STORE_FILE, hub.url, code);
    const adajan = await pc(dirs[1], hub.url);
    servers.push(adajan);
    await sync(adajan);

    const frame = navrangpura.deps.db
      .prepare("SELECT i.code, i.name FROM stock s JOIN item i ON i.id = s.item_id JOIN branch b ON b.id = s.branch_id WHERE b.code = 'AMD1' AND i.code LIKE 'FR-%' AND s.on_hand >= 3 ORDER BY i.code LIMIT 1")
      .get() as { code: string; name: string };

    // Navrangpura's manager dispatches three of the frame to Adajan, whose PC is offline.
    const amd = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAt(amd, navrangpura, 'manager');
    await amd.getByRole('link', { name: /^Transfers/ }).click();
    await amd.getByRole('link', { name: 'Dispatch a transfer' }).click();
    await amd.getByLabel('Send to').selectOption({ label: 'Adajan (SRT1, Gujarat)' });
    await expect(amd.getByRole('status').filter({ hasText: 'delivery challan' })).toBeVisible();
    for (let i = 0; i < 3; i++) {
      await amd.getByLabel('Item code or barcode').fill(frame.code);
      await amd.getByLabel('Item code or barcode').press('Enter');
    }
    await expect(amd.getByLabel(`Quantity of ${frame.code}`)).toHaveValue('3');
    await amd.getByLabel('Transport mode').selectOption({ label: 'Carried by hand' });
    await screenshot(amd, 'transfer-dispatch.png', { guide: true });
    await amd.getByRole('button', { name: 'Dispatch', exact: true }).click();
    await expect(amd.getByRole('heading', { name: /^Delivery challan AMD1\/DC\// })).toBeVisible();
    await expect(amd.getByText('In transit', { exact: true })).toBeVisible();
    const transferId = decodeURIComponent(new URL(amd.url()).hash.split('/').pop()!);
    await screenshot(amd, 'transfer-in-transit.png', { guide: true });

    // Only the hub joins them: Navrangpura pushes, Adajan (back online) pulls.
    await sync(navrangpura);
    await sync(adajan);
    const srt = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAt(srt, adajan, 'manager.srt');
    await srt.getByRole('link', { name: /^Transfers/ }).click();
    const row = srt.getByRole('table', { name: 'Transfers in transit' }).getByRole('row').filter({ hasText: 'Navrangpura' });
    await expect(row).toContainText('In transit');
    await screenshot(srt, 'transfer-list.png', { guide: true });
    await row.getByRole('link').click();
    // Two frames scanned in, one of them damaged; the third never arrived.
    for (let i = 0; i < 2; i++) {
      await srt.getByLabel('Scan an item').fill(frame.code);
      await srt.getByLabel('Scan an item').press('Enter');
    }
    await expect(srt.getByLabel(`Received of ${frame.code}`)).toHaveValue('2');
    await srt.getByLabel(`Received of ${frame.code}`).fill('1');
    await srt.getByLabel(`Damaged of ${frame.code}`).fill('1');
    await srt.getByLabel('Note (what was wrong)').fill('One frame cracked, one missing from the box');
    await expect(srt.getByTestId('short')).toHaveText('1');
    await screenshot(srt, 'transfer-receive.png', { guide: true });
    await srt.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(srt.getByText('Received with discrepancy', { exact: true })).toBeVisible();
    await expect(srt.getByRole('note').filter({ hasText: '1 damaged' })).toContainText('1 short');

    // Back through the hub: Navrangpura sees what arrived.
    await sync(adajan);
    await sync(navrangpura);
    await amd.reload();
    await expect(amd.getByText('Received with discrepancy', { exact: true })).toBeVisible();
    await expect(amd.getByRole('note').filter({ hasText: '1 damaged' })).toContainText('1 short');
    await screenshot(amd, 'transfer-received.png', { guide: true });

    // The printed challan: both branches' GSTINs and addresses.
    const admin = await adminOf(navrangpura);
    const doc = await (await browser.newContext({ viewport: { width: 1000, height: 1300 } })).newPage();
    await showPrinted(doc, admin, transferId);
    await expect(doc.getByText('DELIVERY CHALLAN', { exact: true })).toBeVisible();
    await screenshot(doc, 'transfer-challan.png', { guide: true });

    // To Andheri, Mumbai (another state, its own GSTIN): a tax invoice with IGST, over ₹50,000.
    await amd.getByRole('link', { name: /^Transfers/ }).click();
    await amd.getByRole('link', { name: 'Dispatch a transfer' }).click();
    await amd.getByLabel('Send to').selectOption({ label: 'Andheri (MUM1, Maharashtra)' });
    await expect(amd.getByRole('status').filter({ hasText: 'tax invoice' })).toBeVisible();
    const other = navrangpura.deps.db
      .prepare("SELECT i.code FROM stock s JOIN item i ON i.id = s.item_id JOIN branch b ON b.id = s.branch_id WHERE b.code = 'AMD1' AND i.code LIKE 'FR-%' AND i.code <> ? AND s.on_hand >= 2 ORDER BY i.code LIMIT 1")
      .get(frame.code) as { code: string };
    await amd.getByLabel('Item code or barcode').fill(other.code);
    await amd.getByLabel('Value per unit (₹, blank: cost)').fill('30000');
    await amd.getByRole('button', { name: 'Add item' }).click();
    await amd.getByLabel('Item code or barcode').fill(other.code);
    await amd.getByRole('button', { name: 'Add item' }).click();
    await amd.getByRole('button', { name: 'Dispatch', exact: true }).click();
    // Over ₹50,000 the e-way bill's particulars are asked for, in words.
    await expect(amd.getByRole('alert')).toContainText('needs an e-way bill');
    await amd.getByLabel('Transport mode').selectOption({ label: 'Road' });
    await amd.getByLabel('Vehicle no').fill('GJ01AB1234');
    await amd.getByLabel('Distance (km)').fill('530');
    await amd.getByLabel('Transporter').fill('Shree Logistics');
    await screenshot(amd, 'transfer-dispatch-invoice.png', { guide: true });
    await amd.getByRole('button', { name: 'Dispatch', exact: true }).click();
    await expect(amd.getByRole('heading', { name: /^Tax invoice AMD1\/\d\dT\// })).toBeVisible();
    await expect(amd.getByText(/Required: over ₹50,000/)).toBeVisible();
    const invoiceId = decodeURIComponent(new URL(amd.url()).hash.split('/').pop()!);
    await showPrinted(doc, admin, invoiceId);
    await expect(doc.getByText('TAX INVOICE', { exact: true })).toBeVisible();
    await expect(doc.getByRole('heading', { name: /E-way bill particulars/ })).toBeVisible();
    await screenshot(doc, 'transfer-invoice.png', { guide: true });
  } finally {
    for (const server of servers) await server.close();
    await hub?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
});
