/**
 * Network ESC/POS receipt printers from the screens, in Chromium with a fake desktop bridge on
 * window.opticalPos (as the preload exposes it) that records instead of sending: the Printers
 * screen sets one up for receipts (address checked, drawer, line width) and sends an ESC/POS
 * test slip; "Print receipt" then fetches the receipt's ESC/POS from the service and hands the
 * bytes to bridge.printRaw, read back here as a printer would (test/helpers/escpos.ts).
 */
import type { Page } from '@playwright/test';
import type { Client } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import { readEscPos } from '../test/helpers/escpos.js';
import { expect, test } from './fixtures.js';
import { apiAs, screenshot, signIn, uniqueMobile, uniqueWord, watchForCspViolations } from './helpers.js';

interface RawLog {
  raw: { kind: string; bytes: number[] }[];
  printed: string[];
  settings: { kind: string; setting: Record<string, unknown> }[];
}

/** The bridge of a desktop build with printRaw; `receipt` is the receipt's setting to start from. */
async function installBridge(page: Page, receipt: Record<string, unknown>): Promise<void> {
  await page.addInitScript((start) => {
    const log: RawLog = { raw: [], printed: [], settings: [] };
    const settings: Record<string, Record<string, unknown>> = {
      receipt: start,
      invoice: { printer: null, paper: 'A4', copies: 1 },
      prescription: { printer: null, paper: 'A5', copies: 1 },
      jobCard: { printer: null, paper: 'A5', copies: 1 },
      returnReceipt: { printer: null, paper: '80mm', copies: 1 },
      gstCreditNote: { printer: null, paper: 'A4', copies: 1 },
      purchaseOrder: { printer: null, paper: 'A4', copies: 1 },
      goodsReceipt: { printer: null, paper: 'A4', copies: 1 },
      debitNote: { printer: null, paper: 'A4', copies: 1 },
    };
    (window as unknown as { __rawLog: RawLog }).__rawLog = log;
    Object.defineProperty(window, 'opticalPos', {
      value: Object.freeze({
        shell: 'electron',
        serviceUrl: window.location.origin,
        serviceKey: '',
        printers: async () => [{ name: 'HP-A4', displayName: 'HP LaserJet office', isDefault: true }],
        printSettings: async () => structuredClone(settings),
        savePrintSetting: async (kind: string, setting: Record<string, unknown>) => {
          log.settings.push({ kind, setting });
          settings[kind] = setting;
          return structuredClone(settings);
        },
        print: async (_kind: string, html: string) => {
          log.printed.push(html);
          return { ok: true };
        },
        savePdf: async () => ({ saved: false }),
        printRaw: async (kind: string, bytes: Uint8Array) => {
          // What crosses the IPC boundary in the real app: a Uint8Array, nothing else.
          if (!(bytes instanceof Uint8Array)) return { ok: false, message: 'not bytes' };
          log.raw.push({ kind, bytes: Array.from(bytes) });
          return { ok: true };
        },
      }),
    });
  }, receipt);
}

const rawLog = (page: Page) => page.evaluate(() => (window as unknown as { __rawLog: RawLog }).__rawLog);

/** A spectacle lens sold through the client and paid in part in cash: its receipt number and amount. */
async function sellLens(staff: Client): Promise<{ receiptNo: string; salesOrderNo: string; customer: string }> {
  const types = await staff.call(api.Common.itemTypes);
  const lensType = types.find((t) => /spectacle lens/i.test(t.name));
  if (!lensType) throw new Error('The demo catalog has no spectacle lens type');
  const [lens] = (await staff.call(api.Common.searchItems, { body: { itemTypeID: lensType.value, pageNumber: 1, pageSize: 5 } })).data;
  if (!lens) throw new Error('The demo catalog has no spectacle lens');
  const [kind] = await staff.call(api.QuickSale.receiptTypes);
  if (!kind) throw new Error('No payment kinds');
  const lastName = uniqueWord('Escpos');
  const { customerID } = await staff.call(api.Customer.upsert, { body: { firstName: 'गीता', lastName, mobile: uniqueMobile(), isActive: true } });
  const { sessionID } = await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens.id, qty: 1 } });
  const sale = await staff.call(api.QuickSale.saveSale, {
    body: {
      sessionID,
      salesorderModel: { sessionId: sessionID, customerId: customerID },
      receiptModel: { receiptTypeId: kind.id, amount: 250 },
      allowZeroAmountReceiptInQuickSale: false,
    },
  });
  if (!sale.receiptNo) throw new Error('The sale made no receipt');
  return { receiptNo: sale.receiptNo, salesOrderNo: sale.salesOrderNo, customer: `Gita ${lastName}` };
}

test('Printers: a network ESC/POS printer for receipts — address checked, saved through the bridge, an ESC/POS test slip', async ({ page }) => {
  const problems = watchForCspViolations(page);
  await installBridge(page, { printer: null, paper: '80mm', copies: 1 });
  await signIn(page, 'cashier');
  await page.getByRole('link', { name: /Printers/ }).click();
  const table = page.getByRole('table', { name: 'Printer per document' });
  await expect(table).toBeVisible();
  // Only the receipt can go to a network printer: the service writes ESC/POS for receipts alone.
  await expect(page.getByLabel('Printer for Tax invoice').locator('option', { hasText: 'Network ESC/POS printer' })).toHaveCount(0);

  await page.getByLabel('Printer for Receipt').selectOption({ label: 'Network ESC/POS printer' });
  const form = page.getByRole('group', { name: 'Receipt: network printer' });
  await expect(form.getByLabel('Port')).toHaveValue('9100');
  await form.getByLabel('IP address').fill('8.8.8.8');
  await form.getByRole('button', { name: 'Save network printer' }).click();
  await expect(form.getByText(/Give the printer’s IPv4 address on this network/)).toBeVisible();
  expect((await rawLog(page)).settings).toEqual([]);

  await form.getByLabel('IP address').fill('192.168.1.50');
  await form.getByLabel('Line width').selectOption({ label: '32 characters (58 mm)' });
  await form.getByLabel('Open the cash drawer with each receipt').check();
  await form.getByRole('button', { name: 'Save network printer' }).click();
  await expect(form.getByRole('button', { name: 'Save network printer' })).toBeDisabled();
  expect((await rawLog(page)).settings).toEqual([
    { kind: 'receipt', setting: { printer: null, paper: '80mm', copies: 1, network: { host: '192.168.1.50', port: 9100, columns: 32, drawer: true } } },
  ]);
  await expect(page.getByLabel('Paper for Receipt')).toBeDisabled();

  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Receipt', exact: true }) });
  await row.getByRole('button', { name: 'Test print' }).click();
  await expect(row.getByText('Test page sent.')).toBeVisible();
  const log = await rawLog(page);
  expect(log.printed).toEqual([]);
  expect(log.raw).toHaveLength(1);
  const slip = readEscPos(Uint8Array.from(log.raw[0]!.bytes));
  expect(slip.commands.slice(0, 2)).toEqual(['init', 'drawer 0 25 250']);
  expect(slip.text).toContain('TEST PRINT');
  expect(slip.text).toContain('Printer: 192.168.1.50:9100');
  expect(slip.lines.map((l) => l.text)).toContain('12345678901234567890123456789012');
  expect(slip.commands.at(-1)).toBe('cut partial');
  await screenshot(page, 'printers-network.png');

  // Back to a system printer: the network printer is forgotten.
  await page.getByLabel('Printer for Receipt').selectOption({ label: 'HP LaserJet office (system default)' });
  await expect(form).toHaveCount(0);
  expect((await rawLog(page)).settings.at(-1)).toEqual({ kind: 'receipt', setting: { printer: 'HP-A4', paper: '80mm', copies: 1, network: null } });
  expect(problems).toEqual([]);
});

test('Print receipt with a network printer set: the service’s ESC/POS goes to bridge.printRaw, two copies, one drawer kick', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const network = { host: '192.168.1.50', port: 9100, columns: 48, drawer: true };
  await installBridge(page, { printer: null, paper: '80mm', copies: 2, network });
  const sale = await sellLens(await apiAs(service.url, 'admin'));
  await signIn(page, 'cashier');

  let tabs = 0;
  page.on('popup', () => tabs++);
  await page.getByRole('link', { name: /Receipts/ }).click();
  await page.getByLabel('Receipt no').fill(sale.receiptNo);
  const row = page.getByRole('table', { name: 'Receipts' }).getByRole('row').filter({ hasText: sale.receiptNo });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Print receipt' }).click();
  await expect(row.getByText('The receipt went to the network printer 192.168.1.50.')).toBeAttached();

  const log = await rawLog(page);
  expect(log.printed).toEqual([]);
  expect(log.raw).toHaveLength(1);
  expect(log.raw[0]!.kind).toBe('receipt');
  const job = readEscPos(Uint8Array.from(log.raw[0]!.bytes));
  expect(job.commands.filter((c) => c === 'init')).toHaveLength(2);
  expect(job.commands.filter((c) => c.startsWith('drawer'))).toEqual(['drawer 0 25 250']);
  expect(job.commands.slice(0, 2)).toEqual(['init', 'drawer 0 25 250']);
  expect(job.commands.filter((c) => c === 'cut partial')).toHaveLength(2);
  expect(job.commands).toContain(`qr store ${sale.salesOrderNo}`);
  const text = job.text.replace(/ +/g, ' ');
  expect(text.split(sale.receiptNo)).toHaveLength(3);
  expect(text).toContain('Paid now Rs.250.00');
  expect(text).toContain(`Customer ${sale.customer}`);
  expect(text).toContain('Customer copy');
  for (const line of job.lines) expect(line.text.length * (line.doubleWidth ? 2 : 1)).toBeLessThanOrEqual(48);
  expect(tabs).toBe(0);
  expect(problems).toEqual([]);
});
