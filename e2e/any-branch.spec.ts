/**
 * Any branch serves any customer, on two branch PCs that meet only through a real hub (embedded
 * PostgreSQL): Navrangpura (AMD1, head office's PC) books a lens job on screen for collection at
 * Adajan (SRT1); the hub carries it; Adajan's manager, on Adajan's own PC, marks it ready, takes the
 * balance into Adajan's till and hands it over; the hub carries it back and Navrangpura sees the
 * order delivered at Adajan with nothing owed. Then, on the same two PCs: one person registered at
 * both branches is found on Duplicates at Adajan and merged, and after sync both PCs show one
 * customer with both branches' orders; Sales by branch at head office is each branch manager's own
 * figures and their sum; an order paid at both branches while apart is settled at Navrangpura (the
 * excess out of its till) and leaves To settle at both. The guide's pictures are taken on the way.
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
import { branchUser } from '../test/helpers/branches.js';
import { localDate } from '../shared/domain/calendar.js';
import { expect, migratedDemo, test } from './fixtures.js';
import { openTillOnce, PASSWORD, screenshot, tillOf, uniqueWord } from './helpers.js';
import { rendererDist } from './paths.js';

const pc = (dataDir: string, hubUrl: string) =>
  startServer({ dataDir, port: 0, staticDir: rendererDist, strictResponses: true, hubUrl, syncIntervalMs: 600_000, readWorkers: 0 });

async function clientOf(server: RunningServer, userName: string, headers?: Record<string, string>): Promise<Client> {
  const { token } = await createClient({ baseUrl: server.url }).call(api.Auth.login, { body: { userName, password: PASSWORD } });
  return createClient({ baseUrl: server.url, getToken: () => token, ...(headers ? { headers } : {}) });
}
async function sync(server: RunningServer): Promise<void> {
  const answer = await (await clientOf(server, 'admin')).call(api.Sync.now, { body: {} });
  expect(answer.lastError).toBeNull();
}
/** Signs in on the PC's own page, its till opened for the day first (a payment needs it). */
async function signInAt(page: Page, server: RunningServer, userName: string): Promise<void> {
  await page.goto(server.url);
  await page.getByLabel('User name').fill(userName);
  await openTillOnce(await clientOf(server, userName, await tillOf(page)));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

test('booked at Navrangpura for collection at Adajan: readied, paid and handed over at Adajan, seen delivered at both through the hub', async ({ browser }) => {
  test.setTimeout(240_000);
  const dirs = [migratedDemo(mkdtempSync(path.join(os.tmpdir(), 'optical-pos-e2e-amd-'))), mkdtempSync(path.join(os.tmpdir(), 'optical-pos-e2e-srt-'))] as const;
  let hub: TestHub | undefined;
  const servers: RunningServer[] = [];
  try {
    hub = await startTestHub();
    await hub.enroll('Head office');
    const navrangpura = await pc(dirs[0], hub.url);
    servers.push(navrangpura);
    branchUser({ server: navrangpura }, 'manager.srt', 'manager', 'SRT1');
    await sync(navrangpura);
    const { code } = await makeJoinCode(hub.pool, 'Adajan PC');
    await joinCompany(dirs[1], STORE_FILE, hub.url, code);
    const adajan = await pc(dirs[1], hub.url);
    servers.push(adajan);
    await sync(adajan);

    // Navrangpura's counter: a lens job for a new customer, 100 paid now, to be collected at Adajan.
    const amd = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAt(amd, navrangpura, 'manager');
    const staff = await clientOf(navrangpura, 'manager', await tillOf(amd));
    const lastName = uniqueWord('Anywhere');
    const { customerID } = await staff.call(api.Customer.upsert, { body: { firstName: 'Kavya', lastName, mobile: '98250' + String(Date.now()).slice(-5) } });
    const lens = navrangpura.deps.db.prepare('SELECT id FROM item WHERE item_type_id = 3 AND is_active = 1 AND add_from IS NULL ORDER BY code LIMIT 1').get() as { id: number };
    const { sessionID } = await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: navrangpura.deps.enc.encode('item', lens.id) } });
    const net = (await staff.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).netAmount ?? 0;
    await amd.getByRole('link', { name: /^Quick sale/ }).click();
    await amd.getByLabel('Collect at').selectOption({ label: 'Adajan' });
    await amd.getByLabel('Collect at').scrollIntoViewIfNeeded();
    await screenshot(amd, 'any-branch-collect-at.png', { guide: true });
    const srtId = (await staff.call(api.Orders.collectBranches, {})).rows.find((b) => b.branchName === 'Adajan')!.branchID;
    const [cash] = await staff.call(api.QuickSale.receiptTypes);
    const sale = await staff.call(api.QuickSale.saveSale, {
      body: { sessionID, collectBranchID: srtId, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: { receiptTypeId: cash!.id, amount: 100 } },
    });
    await amd.goto(`${navrangpura.url}/#/orders/${encodeURIComponent(sale.salesOrderNo)}`);
    await expect(amd.getByTestId('collect-at')).toHaveText('Adajan');
    await expect(amd.getByText('Collected at Adajan: it is sent to the lab, marked ready and delivered there.')).toBeVisible();
    await expect(amd.getByRole('button', { name: 'Mark ready for delivery' })).toHaveCount(0);

    // The hub carries the order to Adajan's PC.
    await sync(navrangpura);
    await sync(adajan);
    const srt = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAt(srt, adajan, 'manager.srt');
    await srt.goto(`${adajan.url}/#/orders/${encodeURIComponent(sale.salesOrderNo)}`);
    await expect(srt.getByRole('heading', { name: `Order ${sale.salesOrderNo}` })).toBeVisible();
    await expect(srt.getByTestId('collect-at')).toHaveText('Adajan');
    await srt.getByRole('button', { name: 'Mark ready for delivery' }).click();
    await expect(srt.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
    await srt.getByRole('button', { name: 'Take payment' }).click();
    await expect(srt.getByText('Paid in full.')).toBeVisible();
    // The ready message names where the customer collects it.
    await expect(srt.getByLabel('Message')).toHaveValue(/ready for collection at Adajan/);
    await srt.getByRole('heading', { name: 'Status' }).scrollIntoViewIfNeeded();
    await screenshot(srt, 'any-branch-collected.png', { guide: true });
    await srt.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(srt.getByText('Handed over at', { exact: true })).toBeVisible();
    const receipt = adajan.deps.db.prepare("SELECT b.code FROM receipt r JOIN branch b ON b.id = r.branch_id WHERE r.sales_order_id = ? AND r.amount = ?")
      .get(adajan.deps.enc.decode('salesOrder', sale.salesOrderID), Math.round((net - 100) * 100)) as { code: string } | undefined;
    expect(receipt?.code).toBe('SRT1');

    // Back through the hub: Navrangpura sees it delivered at Adajan, nothing owed.
    await sync(adajan);
    await sync(navrangpura);
    await amd.reload();
    await expect(amd.getByRole('heading', { name: `Order ${sale.salesOrderNo}` })).toBeVisible();
    await expect(amd.getByText('Delivered', { exact: true }).first()).toBeVisible();
    await expect(amd.getByText('Handed over at', { exact: true })).toBeVisible();
    await expect(amd.getByText('Paid in full.')).toBeVisible();
    await expect(amd.getByTestId('to-settle')).toHaveCount(0);
    await amd.evaluate(() => window.scrollTo(0, 0));
    await screenshot(amd, 'any-branch-seen-at-booking.png', { guide: true });

    // The customer's page at Adajan: every branch's records with their branch.
    await srt.goto(`${adajan.url}/#/customers/${encodeURIComponent(customerID)}/history`);
    const history = srt.getByRole('table', { name: 'Customer’s history at every branch' });
    await expect(history.getByRole('row').filter({ hasText: sale.salesOrderNo }).first()).toBeVisible();
    await expect(history.getByRole('row').filter({ hasText: 'Receipt' }).filter({ hasText: 'Adajan' })).toHaveCount(1);
    await expect(history.getByRole('row').filter({ hasText: 'Receipt' }).filter({ hasText: 'Navrangpura' })).toHaveCount(1);
    await srt.evaluate(() => window.scrollTo(0, 0));
    await screenshot(srt, 'any-branch-customer-history.png', { guide: true });

    // One person registered at both branches while they were apart, with an order at each.
    const book = async (server: RunningServer, client: Client, customer: string) => {
      const item = server.deps.db.prepare('SELECT id FROM item WHERE item_type_id = 3 AND is_active = 1 AND add_from IS NULL ORDER BY code LIMIT 1').get() as { id: number };
      const temp = await client.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: server.deps.enc.encode('item', item.id) } });
      const [kind] = await client.call(api.QuickSale.receiptTypes);
      return client.call(api.QuickSale.saveSale, { body: { sessionID: temp.sessionID, salesorderModel: { sessionId: temp.sessionID, customerId: customer }, receiptModel: { receiptTypeId: kind!.id, amount: 50 } } });
    };
    const srtStaff = await clientOf(adajan, 'manager.srt', await tillOf(srt));
    const twiceLast = uniqueWord('Twice');
    const twiceMobile = '98790' + String(Date.now()).slice(-5);
    const atAmd = await staff.call(api.Customer.upsert, { body: { firstName: 'Ritu', lastName: twiceLast, mobile: twiceMobile } });
    const amdOrder = (await book(navrangpura, staff, atAmd.customerID)).salesOrderNo;
    const atSrt = await srtStaff.call(api.Customer.upsert, { body: { firstName: 'Rituu', lastName: twiceLast, mobile: twiceMobile } });
    const srtOrder = (await book(adajan, srtStaff, atSrt.customerID)).salesOrderNo;
    await sync(adajan);
    await sync(navrangpura);
    await sync(adajan);
    // Adajan's own list finds its record of her before the merge.
    const findInList = async (page: Page, server: RunningServer, words: string) => {
      await page.goto(`${server.url}/#/customers`);
      await page.getByLabel('Search by mobile or name').fill(words);
      return page.getByRole('table', { name: 'Customers' }).getByRole('row');
    };
    await expect((await findInList(srt, adajan, `Rituu ${twiceLast}`)).filter({ hasText: `Rituu ${twiceLast}` })).toHaveCount(1);

    // Adajan's manager finds the pair on Duplicates, across the two branches, and merges it.
    await srt.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Duplicates/ }).click();
    const pairs = srt.getByRole('table', { name: 'Likely duplicates' });
    const pairRow = pairs.getByRole('row').filter({ hasText: `Ritu ${twiceLast} · Navrangpura` }).filter({ hasText: `Rituu ${twiceLast} · Adajan` });
    await expect(pairRow).toContainText('Same mobile');
    await pairRow.getByRole('button', { name: /^Compare/ }).click();
    const sideBySide = srt.getByRole('table', { name: 'The two records side by side' });
    await expect(sideBySide.getByRole('row').filter({ hasText: 'History' })).toContainText('1 orders');
    await screenshot(srt, 'any-branch-duplicate.png', { guide: true });
    await srt.getByRole('button', { name: 'Merge into one record' }).click();
    await expect(srt.getByRole('status')).toContainText(`Ritu ${twiceLast} (Navrangpura) is now the one record`);
    await expect(pairs).not.toContainText(`Rituu ${twiceLast}`);

    // Through the hub, both PCs show one customer with both branches' orders; the other record is gone.
    await sync(adajan);
    await sync(navrangpura);
    for (const [page, server] of [[srt, adajan], [amd, navrangpura]] as const) {
      await page.goto(`${server.url}/#/customers/${encodeURIComponent(atAmd.customerID)}/history`);
      const both = page.getByRole('table', { name: 'Customer’s history at every branch' });
      await expect(both.getByRole('row').filter({ hasText: amdOrder }).filter({ hasText: 'Navrangpura' }).first()).toBeVisible();
      await expect(both.getByRole('row').filter({ hasText: srtOrder }).filter({ hasText: 'Adajan' }).first()).toBeVisible();
      const detail = await (await clientOf(server, server === adajan ? 'manager.srt' : 'manager')).call(api.Customer.detail, { body: { customerID: atSrt.customerID } });
      expect(detail.customerID).toBe(atAmd.customerID);
      // Her mobile finds the one record kept, listed at its branch (Navrangpura), and never the other.
      const found = await findInList(page, server, twiceMobile);
      if (server === navrangpura) await expect(found.filter({ hasText: `Ritu ${twiceLast}` })).toHaveCount(1, { timeout: 15_000 });
      else await expect(page.getByText(`No customer matches “${twiceMobile}”.`)).toBeVisible({ timeout: 15_000 });
      await expect(found.filter({ hasText: `Rituu ${twiceLast}` })).toHaveCount(0);
    }

    // Sales by branch for today: head office's admin reads the whole chain, each branch's manager
    // their own branch on their own PC; head office's figures are the two branches' figures added.
    const today = localDate(new Date());
    const figures = async (page: Page, row: 'last' | string) => {
      if (!(await page.getByRole('table', { name: 'Sales by branch' }).isVisible())) {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Reports/ }).click();
        await page.getByLabel('Report', { exact: true }).selectOption({ label: 'Sales by branch' });
        await page.getByLabel('From', { exact: true }).fill(today);
        await page.getByLabel('To', { exact: true }).fill(today);
        await page.getByRole('button', { name: 'Show report' }).click();
      }
      const rows = page.getByRole('table', { name: 'Sales by branch' }).getByRole('row');
      await expect(rows.last()).toContainText('Total');
      const cells = await (row === 'last' ? rows.last() : rows.filter({ hasText: row })).getByRole('cell').allInnerTexts();
      const paise = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
      return { orders: Number(cells[1]), sales: paise(cells[2]!), received: paise(cells[5]!) };
    };
    const amdOwn = await figures(amd, 'last');
    await expect(amd.getByRole('status').filter({ hasText: 'Sales by branch · Navrangpura' })).toBeVisible();
    const srtOwn = await figures(srt, 'last');
    await expect(srt.getByRole('status').filter({ hasText: 'Sales by branch · Adajan' })).toBeVisible();
    expect(amdOwn.orders).toBeGreaterThanOrEqual(2);
    expect(srtOwn.orders).toBeGreaterThanOrEqual(1);
    expect(srtOwn.received).toBeGreaterThan(0);
    const ho = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAt(ho, navrangpura, 'admin');
    const chainTotal = await figures(ho, 'last');
    await expect(ho.getByRole('status').filter({ hasText: 'Sales by branch · All branches' })).toBeVisible();
    expect(await figures(ho, 'Navrangpura')).toEqual(amdOwn);
    expect(await figures(ho, 'Adajan')).toEqual(srtOwn);
    expect(chainTotal).toEqual({ orders: amdOwn.orders + srtOwn.orders, sales: amdOwn.sales + srtOwn.sales, received: amdOwn.received + srtOwn.received });
    await screenshot(ho, 'any-branch-chain-report.png', { guide: true });

    // Both branches take the last payment while apart: the order needs a person; Navrangpura's
    // manager gives the excess back out of Navrangpura's till and marks it settled, and it leaves
    // the To settle list at both PCs.
    const apart = await book(navrangpura, staff, customerID);
    await sync(navrangpura);
    await sync(adajan);
    const balance = net - 50;
    const pay = async (client: Client) => {
      const [kind] = await client.call(api.QuickSale.receiptTypes);
      await client.call(api.QuickSale.saveReceipt, { body: { salesOrderID: apart.salesOrderID, receiptTypeId: kind!.id, amount: balance } });
    };
    await pay(staff);
    await pay(srtStaff);
    await sync(adajan);
    await sync(navrangpura);
    await sync(adajan);
    const chainAtAdajan = await clientOf(adajan, 'admin');
    const onListAtAdajan = async () => (await chainAtAdajan.call(api.Orders.toSettle, {})).rows.some((r) => r.salesOrderNo === apart.salesOrderNo);
    expect(await onListAtAdajan()).toBe(true);
    await amd.goto(`${navrangpura.url}/#/orders`);
    await expect(amd.getByRole('table', { name: 'Orders to settle' }).getByRole('row').filter({ hasText: apart.salesOrderNo })).toHaveCount(1);
    await amd.goto(`${navrangpura.url}/#/orders/${encodeURIComponent(apart.salesOrderNo)}`);
    const notice = amd.getByTestId('to-settle');
    await expect(notice).toContainText(`Paid ₹${balance.toFixed(2)} more than the bill`);
    await notice.getByLabel('How it was settled').fill('Gave back the second payment in cash');
    await notice.getByLabel('Money given back now, from this till').fill(balance.toFixed(2));
    await amd.evaluate(() => window.scrollTo(0, 0));
    await screenshot(amd, 'any-branch-settle.png', { guide: true });
    await notice.getByRole('button', { name: 'Settled' }).click();
    await expect(amd.getByRole('status').filter({ hasText: `Order ${apart.salesOrderNo} is settled; ₹${balance.toFixed(2)} paid out of this till` })).toBeVisible();
    await expect(amd.getByTestId('to-settle')).toHaveCount(0);
    await sync(navrangpura);
    await sync(adajan);
    expect(await onListAtAdajan()).toBe(false);
  } finally {
    for (const server of servers) await server.close();
    await hub?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
});
