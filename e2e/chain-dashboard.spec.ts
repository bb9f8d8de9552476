/**
 * Head office's chain dashboard on screen: Navrangpura (AMD1) and Adajan (SRT1) have sold today,
 * Adajan has closed its till, and the last change this PC received from Adajan's PC was made two
 * hours ago (a pulled page applied as the sync worker applies it), so Adajan is listed as not
 * synced. The admin opens Chain from the menu; the guide's picture is taken here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '../shared/client.js';
import { formatHlc } from '../shared/domain/hlc.js';
import { api } from '../shared/endpoints/index.js';
import type { PulledChange } from '../shared/sync.js';
import { startServer, type RunningServer } from '../main/service/server.js';
import { applyPulledPage } from '../main/service/sync/apply.js';
import { branchUser } from '../test/helpers/branches.js';
import { makeSale } from '../test/helpers/sales.js';
import type { TestService } from '../test/helpers/service.js';
import { expect, migratedDemo, test } from './fixtures.js';
import { openTillOnce, PASSWORD, screenshot } from './helpers.js';
import { rendererDist } from './paths.js';

let server: RunningServer;
let dataDir: string;
test.beforeAll(async () => {
  dataDir = migratedDemo(await mkdtemp(join(tmpdir(), 'optical-pos-e2e-chain-')));
  server = await startServer({ dataDir, port: 0, staticDir: rendererDist, strictResponses: true });
});
test.afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function clientOf(userName: string): Promise<Client> {
  const { token } = await createClient({ baseUrl: server.url }).call(api.Auth.login, { body: { userName, password: PASSWORD } });
  const client = createClient({ baseUrl: server.url, getToken: () => token });
  await openTillOnce(client);
  return client;
}

/** A change pulled from `node`'s PC, made for `branchId` `agoMs` ago. */
function pulled(node: number, branchId: number, agoMs: number, cursor: number): PulledChange {
  const at = new Date(Date.now() - agoMs);
  return {
    cursor, nodeId: node, seq: cursor, hlc: formatHlc({ wallMs: at.getTime(), counter: 0, node }), at: at.toISOString(),
    userId: null, branchId, till: '', source: 'app', tbl: 'journal', rowId: null, rowKey: null, op: 'event', oldValues: null, newValues: { event: 'sign_in' },
  };
}

test('the admin sees every branch’s day, the tills open, and Adajan not synced for two hours', async ({ page }) => {
  const svc = { server } as unknown as TestService;
  branchUser({ server }, 'cashier.srt', 'cashier', 'SRT1');
  const navrangpura = await clientOf('cashier');
  const adajan = await clientOf('cashier.srt');
  const sold = [await makeSale(svc, navrangpura, { paid: 'all' }), await makeSale(svc, navrangpura, { paid: 200 })];
  const adajanSale = await makeSale(svc, adajan, { paid: 'all', qty: 2 });
  await adajan.call(api.Till.close, { body: { counted: { n50: 1 } } });
  const { db } = server.deps;
  const branchId = (code: string) => db.prepare('SELECT id FROM branch WHERE code = ?').pluck().get(code) as number;
  applyPulledPage(db, [pulled(2, branchId('SRT1'), 2 * 3_600_000, 1), pulled(3, branchId('AMD1'), 5 * 60_000, 2)], 2, [1], new Date());

  await page.goto(server.url);
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: /^Chain/ }).click();
  await expect(page.getByRole('heading', { name: 'Chain', level: 1 })).toBeVisible();

  const table = page.getByRole('table', { name: 'Branches today' });
  const amd = table.getByRole('row').filter({ hasText: 'AMD1' });
  const srt = table.getByRole('row').filter({ hasText: 'SRT1' });
  await expect(amd.getByRole('cell').nth(2)).toHaveText('2');
  await expect(srt.getByRole('cell').nth(2)).toHaveText('1');
  await expect(srt.getByRole('cell').nth(1)).toHaveText('Adajan, Surat');
  await expect(amd.getByRole('cell').nth(6)).toHaveText('1');
  await expect(srt.getByRole('cell').nth(6)).toHaveText('0');
  await expect(srt).toContainText('Not synced since');
  await expect(amd).not.toContainText('Not synced');
  await expect(page.getByTestId('chain-tills')).toHaveText('1');
  await expect(page.getByTestId('chain-not-synced')).toHaveText('1');
  await expect(page.getByRole('note', { name: 'Branches not synced' })).toContainText('Adajan (SRT1)');
  const total = sold[0]!.net + sold[1]!.net + adajanSale.net;
  const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(page.getByTestId('chain-sales')).toHaveText(rupees.format(total));
  // The menu's click scrolled the long menu: the picture shows the screen from its heading.
  await page.getByRole('heading', { name: 'Chain', level: 1 }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
  await page.mouse.move(1000, 700);
  await screenshot(page, 'chain-dashboard.png', { guide: true });
});
