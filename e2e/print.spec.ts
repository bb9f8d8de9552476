/**
 * Printing from the screens against the real service, in Chromium as a browser: "Save PDF"
 * downloads the service's PDF and `pdftotext` finds on paper the numbers the screen shows;
 * "Print …" opens that PDF in a new tab for the browser's viewer and print dialog. Then the
 * desktop path without Electron: a fake bridge on window.opticalPos (as the preload exposes it)
 * records what the renderer hands it. Signs in as cashier: login.spec.ts locks `manager` out.
 */
import { execFileSync } from 'node:child_process';
import type { Download, Page } from '@playwright/test';
import type { Client } from '../shared/client.js';
import { lensTypeId } from '../shared/domain/rx.js';
import { api } from '../shared/endpoints/index.js';
import type { SearchItem } from '../shared/models/catalog.js';
import { expect, test } from './fixtures.js';
import { apiAs, screenshot, signIn, uniqueMobile, uniqueWord, watchForCspViolations } from './helpers.js';

function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
}

function pdfBytesText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' });
}

/** `₹1,234.50` on screen → `1,234.50`: the sign may come out of a PDF as another glyph. */
const digits = (shown: string) => shown.replace(/[^\d.,]/g, '');

async function downloadedText(download: Download): Promise<string> {
  const path = await download.path();
  return pdfText(path);
}

async function scannableFrame(staff: Client): Promise<SearchItem & { barcode: string }> {
  const types = await staff.call(api.Common.itemTypes);
  const frame = types.find((t) => /^frames?$/i.test(t.name));
  if (!frame) throw new Error('The demo catalog has no frame type');
  const found = await staff.call(api.Common.searchItems, { body: { itemTypeID: frame.value, pageNumber: 1, pageSize: 50 } });
  const item = found.data.find((i) => i.barcode && (i.stock ?? 0) >= 3);
  if (!item?.barcode) throw new Error('No frame with a barcode and stock');
  return { ...item, barcode: item.barcode };
}

/** A frame sold at the counter through the screen, paid in full; the saved panel is showing. */
async function sellAtCounter(page: Page, staff: Client): Promise<{ receiptNo: string; paid: string; customer: string }> {
  const frame = await scannableFrame(staff);
  const mobile = uniqueMobile();
  const lastName = uniqueWord('Print');
  await staff.call(api.Customer.upsert, { body: { firstName: 'Kavya', lastName, mobile, isActive: true } });

  await page.getByRole('link', { name: /Quick sale/ }).click();
  const code = page.getByRole('combobox', { name: 'Code' });
  await expect(code).toBeFocused();
  await code.pressSequentially(frame.barcode, { delay: 5 });
  await code.press('Enter');
  await expect(page.getByRole('table', { name: 'Cart' }).getByRole('row').filter({ hasText: frame.name })).toBeVisible();
  await page.keyboard.press('F2');
  await page.getByLabel('Customer mobile').fill(mobile);
  await page.getByLabel('Customer mobile').press('Enter');
  await expect(page.getByText(`Kavya ${lastName}`)).toBeVisible();
  await page.keyboard.press('F9');
  await expect(page.getByRole('heading', { name: 'Sale saved' })).toBeVisible();
  const receiptNo = ((await page.getByTestId('receipt-no').textContent()) ?? '').trim();
  const paid = ((await page.getByTestId('amount-paid').textContent()) ?? '').trim();
  expect(receiptNo).toMatch(/\/RC\//);
  return { receiptNo, paid, customer: `Kavya ${lastName}` };
}

/**
 * Keeps every Blob the page turns into a URL, so a test can read what a new tab was given: the
 * tab's own document inherits the app's CSP, which (rightly) forbids fetching it back.
 */
async function recordBlobUrls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const made: { url: string; blob: Blob }[] = [];
    (window as unknown as { __blobUrls: typeof made }).__blobUrls = made;
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      const url = create(blob);
      if (blob instanceof Blob) made.push({ url, blob });
      return url;
    };
  });
}

async function blobBytes(page: Page, url: string): Promise<Buffer> {
  const bytes = await page.evaluate(async (wanted) => {
    const made = (window as unknown as { __blobUrls: { url: string; blob: Blob }[] }).__blobUrls;
    const found = made.find((m) => m.url === wanted);
    if (!found) return null;
    return { type: found.blob.type, data: Array.from(new Uint8Array(await found.blob.arrayBuffer())) };
  }, url);
  if (!bytes) throw new Error(`No blob was made for ${url}`);
  expect(bytes.type).toBe('application/pdf');
  return Buffer.from(bytes.data);
}

/** Clicks (or presses) and answers the tab that opened, once it shows the PDF. */
async function printedTab(page: Page, act: () => Promise<void>): Promise<{ url: string; text: string }> {
  const opened = page.waitForEvent('popup');
  await act();
  const tab = await opened;
  await tab.waitForURL(/^blob:/);
  const url = tab.url();
  const text = pdfBytesText(await blobBytes(page, url));
  await tab.close();
  return { url, text };
}

test('the counter’s receipt: Save PDF downloads it with the receipt number and amount; Print receipt and F8 open it in a new tab', async ({
  page,
  service,
}) => {
  const problems = watchForCspViolations(page);
  await recordBlobUrls(page);
  const admin = await apiAs(service.url, 'admin');
  await signIn(page, 'cashier');
  const sale = await sellAtCounter(page, admin);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`receipt-${sale.receiptNo.replaceAll('/', '-')}.pdf`);
  const text = await downloadedText(download);
  expect(text).toContain(sale.receiptNo);
  expect(text).toContain(digits(sale.paid));
  expect(text).toContain(sale.customer);
  await expect(page.getByText(/^Downloaded receipt-.*\.pdf\.$/)).toBeVisible();

  const printed = await printedTab(page, () => page.getByRole('button', { name: 'Print receipt' }).click());
  expect(printed.text).toContain(sale.receiptNo);
  expect(printed.text).toContain(digits(sale.paid));
  await expect(page.getByText('The receipt opened in a new tab')).toBeVisible();

  // The store's copy says so on paper; F8 is the counter's print key.
  await page.getByLabel('Receipt copy').selectOption({ label: 'Store’s copy' });
  const storeCopy = await printedTab(page, () => page.keyboard.press('F8'));
  expect(storeCopy.text).toContain(sale.receiptNo);
  expect(printed.text).toContain('Customer copy');
  expect(storeCopy.text).toContain('Store copy');
  await screenshot(page, 'print-saved-panel.png', { guide: true });

  // The same receipt from its row in the Receipts list.
  await page.getByRole('link', { name: /Receipts/ }).click();
  await page.getByLabel('Receipt no').fill(sale.receiptNo);
  const row = page.getByRole('table', { name: 'Receipts' }).getByRole('row').filter({ hasText: sale.receiptNo });
  await expect(row).toHaveCount(1);
  const fromList = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Save PDF' }).click();
  const listText = await downloadedText(await fromList);
  expect(listText).toContain(sale.receiptNo);
  expect(listText).toContain('Customer copy');
  const listPrinted = await printedTab(page, () => row.getByRole('button', { name: 'Print receipt' }).click());
  expect(listPrinted.text).toContain(sale.receiptNo);
  await screenshot(page, 'print-receipt-list.png');
  expect(problems).toEqual([]);
});

/** A pair of spectacle lenses (made to order: a lab job) sold and paid in full through the client, then invoiced. */
async function sellLensAndInvoice(staff: Client): Promise<{ salesOrderNo: string; invoiceNo: string; customer: string }> {
  const types = await staff.call(api.Common.itemTypes);
  const lensType = types.find((t) => /spectacle lens/i.test(t.name));
  if (!lensType) throw new Error('The demo catalog has no spectacle lens type');
  const found = await staff.call(api.Common.searchItems, { body: { itemTypeID: lensType.value, pageNumber: 1, pageSize: 50 } });
  // Single vision: a multifocal lens needs ADD with its Rx (issue 11).
  const lens = found.data.find((i) => /single vision/i.test(i.name));
  if (!lens) throw new Error('The demo catalog has no spectacle lens');
  const [kind] = await staff.call(api.QuickSale.receiptTypes);
  if (!kind) throw new Error('No payment kinds');
  const lastName = uniqueWord('Invoice');
  const { customerID } = await staff.call(api.Customer.upsert, { body: { firstName: 'Rohan', lastName, mobile: uniqueMobile(), isActive: true } });
  // A pair: the first line is the right eye, the second the left.
  const { sessionID } = await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens.id, pairNo: 'P1', spherical: '-2.25' } });
  await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { sessionID, itemID: lens.id, pairNo: 'P1', spherical: '-2.00' } });
  const cart = await staff.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  const net = cart.netAmount ?? 0;
  const sale = await staff.call(api.QuickSale.saveSale, {
    body: {
      sessionID,
      salesorderModel: { sessionId: sessionID, customerId: customerID },
      receiptModel: { receiptTypeId: kind.id, amount: net, receiptAmount: net, customerIDStr: customerID },
      allowZeroAmountReceiptInQuickSale: false,
    },
  });
  const invoice = await staff.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID, customerID } });
  return { salesOrderNo: sale.salesOrderNo, invoiceNo: invoice.invoiceNo, customer: `Rohan ${lastName}` };
}

test('an invoice from its row in the invoice list (either copy), and from its order page with the lens order’s job card', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  await recordBlobUrls(page);
  const sale = await sellLensAndInvoice(await apiAs(service.url, 'admin'));
  await signIn(page, 'cashier');

  await page.getByRole('link', { name: /Invoices/ }).click();
  await page.getByLabel('Invoice no').fill(sale.invoiceNo);
  const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: sale.invoiceNo });
  await expect(row).toHaveCount(1);
  const net = ((await row.getByRole('cell').nth(5).textContent()) ?? '').trim();
  expect(net).toMatch(/^₹/);

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Save PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${sale.invoiceNo.replaceAll('/', '-')}.pdf`);
  const text = await downloadedText(download);
  expect(text).toContain(sale.invoiceNo);
  expect(text).toContain(digits(net));
  expect(text).toContain(sale.customer);
  expect(text).toContain('ORIGINAL FOR RECIPIENT');

  await page.getByLabel('Invoice copy').selectOption({ label: 'Triplicate for supplier' });
  const printed = await printedTab(page, () => row.getByRole('button', { name: 'Print invoice' }).click());
  expect(printed.text).toContain(sale.invoiceNo);
  expect(printed.text).toContain('TRIPLICATE FOR SUPPLIER');
  await screenshot(page, 'print-invoice-list.png');

  await row.getByRole('link', { name: sale.salesOrderNo }).click();
  await expect(page.getByRole('heading', { name: `Order ${sale.salesOrderNo}` })).toBeVisible();
  const invoiceBox = page.getByRole('region', { name: 'Invoice' });
  const fromOrder = await printedTab(page, () => invoiceBox.getByRole('button', { name: 'Print invoice' }).click());
  expect(fromOrder.text).toContain(sale.invoiceNo);
  expect(fromOrder.text).toContain('ORIGINAL FOR RECIPIENT');

  const jobCardBox = page.getByRole('region', { name: 'Lab job card' });
  const jobDownload = page.waitForEvent('download');
  await jobCardBox.getByRole('button', { name: 'Save PDF' }).click();
  const job = await jobDownload;
  expect(job.suggestedFilename()).toBe(`job-card-${sale.salesOrderNo.replaceAll('/', '-')}.pdf`);
  const jobText = await downloadedText(job);
  expect(jobText).toContain('LAB JOB CARD');
  expect(jobText).toContain(sale.salesOrderNo);
  expect(jobText).toContain('-2.25');
  expect(jobText).toContain('-2.00');
  const jobPrinted = await printedTab(page, () => jobCardBox.getByRole('button', { name: 'Print job card' }).click());
  expect(jobPrinted.text).toContain(sale.salesOrderNo);
  await screenshot(page, 'print-order-page.png');
  expect(problems).toEqual([]);
});

test('a prescription card from the customer’s prescription history, signed in as the optometrist', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  await recordBlobUrls(page);
  const optometrist = await apiAs(service.url, 'optometrist');
  const lastName = uniqueWord('Card');
  const { customerID } = await optometrist.call(api.Customer.upsert, { body: { firstName: 'Leela', lastName, mobile: uniqueMobile() } });
  await optometrist.call(api.Customer.savePrescription, {
    body: {
      customerID,
      visitingDate: '2026-01-10',
      presripionTypeID: '1',
      prescriptionList: [
        { lensTypeID: lensTypeId('distance', 'right'), sph: '-1.75', cyl: '-0.50', axis: '90' },
        { lensTypeID: lensTypeId('distance', 'left'), sph: '-1.25' },
      ],
    },
  });

  await signIn(page, 'optometrist');
  await page.goto(`/#/customers/${encodeURIComponent(customerID)}/prescriptions`);
  const card = page.getByRole('list', { name: 'Prescription history' }).getByRole('article').first();
  await expect(card).toContainText('-1.75');

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Save PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('prescription-2026-01-10.pdf');
  const text = await downloadedText(download);
  expect(text).toContain(`Leela ${lastName}`);
  expect(text).toContain('-1.75');
  expect(text).toContain('-0.50');

  const printed = await printedTab(page, () => card.getByRole('button', { name: 'Print prescription card' }).click());
  expect(printed.text).toContain(`Leela ${lastName}`);
  expect(printed.text).toContain('-1.25');
  await screenshot(page, 'print-prescription.png');
  expect(problems).toEqual([]);
});

test('the Printers screen in a browser says the browser’s dialog does the printing', async ({ page }) => {
  await signIn(page, 'cashier');
  await page.getByRole('link', { name: /Printers/ }).click();
  await expect(page.getByRole('heading', { name: 'Printers' })).toBeVisible();
  const note = page.getByRole('note').filter({ hasText: 'Printing goes through your browser’s print dialog' });
  await expect(note).toContainText('Nothing needs setting up');
  await expect(page.getByRole('table', { name: 'Printer per document' })).toHaveCount(0);
});

interface FakeBridgeLog {
  printed: { kind: string; html: string }[];
  saved: { name: string; head: string; size: number }[];
  settings: { kind: string; setting: { printer: string | null; paper: string; copies: number } }[];
}

/** What the Electron preload exposes, recording instead of printing. */
async function installFakeBridge(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: FakeBridgeLog = { printed: [], saved: [], settings: [] };
    const settings: Record<string, { printer: string | null; paper: string; copies: number }> = {
      receipt: { printer: null, paper: '80mm', copies: 1 },
      invoice: { printer: null, paper: 'A4', copies: 1 },
      prescription: { printer: null, paper: 'A5', copies: 1 },
      jobCard: { printer: null, paper: 'A5', copies: 1 },
      returnReceipt: { printer: null, paper: '80mm', copies: 1 },
      gstCreditNote: { printer: null, paper: 'A4', copies: 1 },
      purchaseOrder: { printer: null, paper: 'A4', copies: 1 },
      goodsReceipt: { printer: null, paper: 'A4', copies: 1 },
      debitNote: { printer: null, paper: 'A4', copies: 1 },
    };
    (window as unknown as { __bridgeLog: FakeBridgeLog }).__bridgeLog = log;
    Object.defineProperty(window, 'opticalPos', {
      value: Object.freeze({
        shell: 'electron',
        serviceUrl: window.location.origin,
        serviceKey: '',
        printers: async () => [
          { name: 'TM-T82', displayName: 'Epson TM-T82 (counter)', isDefault: true },
          { name: 'HP-A4', displayName: 'HP LaserJet office', isDefault: false },
        ],
        printSettings: async () => structuredClone(settings),
        savePrintSetting: async (kind: string, setting: { printer: string | null; paper: string; copies: number }) => {
          log.settings.push({ kind, setting });
          settings[kind] = setting;
          return structuredClone(settings);
        },
        print: async (kind: string, html: string) => {
          log.printed.push({ kind, html });
          return { ok: true };
        },
        savePdf: async (name: string, pdf: Uint8Array) => {
          log.saved.push({ name, head: String.fromCharCode(...pdf.slice(0, 5)), size: pdf.length });
          return { saved: true, path: `/home/store/${name}` };
        },
      }),
    });
  });
}

const bridgeLog = (page: Page) => page.evaluate(() => (window as unknown as { __bridgeLog: FakeBridgeLog }).__bridgeLog);

test('in the desktop app the receipt goes to the bridge: its HTML to print, its PDF to save; no tab opens', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  await installFakeBridge(page);
  const admin = await apiAs(service.url, 'admin');
  await signIn(page, 'cashier');
  const sale = await sellAtCounter(page, admin);

  let tabs = 0;
  page.on('popup', () => tabs++);
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect(page.getByText('The receipt went to the printer.')).toBeVisible();
  const afterPrint = await bridgeLog(page);
  expect(afterPrint.printed).toHaveLength(1);
  expect(afterPrint.printed[0]!.kind).toBe('receipt');
  expect(afterPrint.printed[0]!.html).toContain(sale.receiptNo);
  expect(afterPrint.printed[0]!.html).toContain(digits(sale.paid));

  await page.getByRole('button', { name: 'Save PDF' }).click();
  const fileName = `receipt-${sale.receiptNo.replaceAll('/', '-')}.pdf`;
  await expect(page.getByText(`Saved /home/store/${fileName}.`)).toBeVisible();
  const afterSave = await bridgeLog(page);
  expect(afterSave.saved).toEqual([{ name: fileName, head: '%PDF-', size: expect.any(Number) }]);
  expect(tabs).toBe(0);
  expect(problems).toEqual([]);
});

test('the Printers screen in the desktop app: a printer and paper per document, kept by the bridge; a test print', async ({ page }) => {
  await installFakeBridge(page);
  await signIn(page, 'cashier');
  await page.getByRole('link', { name: /Printers/ }).click();
  const table = page.getByRole('table', { name: 'Printer per document' });
  await expect(table).toBeVisible();
  await expect(page.getByText('2 printers found')).toBeVisible();

  await page.getByLabel('Printer for Receipt').selectOption({ label: 'Epson TM-T82 (counter) (system default)' });
  await page.getByLabel('Paper for Tax invoice').selectOption({ label: 'A5 sheet' });
  const copies = page.getByLabel('Copies of Receipt');
  await copies.fill('2');
  await copies.press('Enter');
  await expect(page.getByLabel('Printer for Receipt')).toHaveValue('TM-T82');
  await expect(page.getByLabel('Paper for Tax invoice')).toHaveValue('A5');
  await expect(copies).toHaveValue('2');

  const receiptRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Receipt', exact: true }) });
  await receiptRow.getByRole('button', { name: 'Test print' }).click();
  await expect(receiptRow.getByText('Test page sent.')).toBeVisible();
  await screenshot(page, 'printers.png', { guide: true });

  const log = await bridgeLog(page);
  expect(log.settings).toEqual([
    { kind: 'receipt', setting: { printer: 'TM-T82', paper: '80mm', copies: 1 } },
    { kind: 'invoice', setting: { printer: null, paper: 'A5', copies: 1 } },
    { kind: 'receipt', setting: { printer: 'TM-T82', paper: '80mm', copies: 2 } },
  ]);
  expect(log.printed).toHaveLength(1);
  expect(log.printed[0]!.kind).toBe('receipt');
  expect(log.printed[0]!.html).toContain('Test print: Receipt');
  expect(log.printed[0]!.html).toContain('Epson TM-T82 (counter)');
  expect(log.printed[0]!.html).toContain('2 copies');
});
