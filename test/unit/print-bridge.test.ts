/**
 * The print bridge's checks and settings file (main/electron/bridge-requests.ts,
 * print-settings.ts): what the main process accepts from the renderer, and what it remembers.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { DEFAULT_PRINT_SETTINGS, MAX_COPIES } from '../../shared/desktop.js';
import {
  allowedInPrint,
  freeFileName,
  parseRequest,
  printFailureMessage,
  sameOrigin,
  printRequest,
  safePdfName,
  savePdfRequest,
  savePrintSettingRequest,
  sortedPrinters,
  toPrinterInfo,
} from '../../main/electron/bridge-requests.js';
import { savePdfInFolder } from '../../main/electron/pdf-folder.js';
import { PRINT_SETTINGS_FILE, printSettingsStore } from '../../main/electron/print-settings.js';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-print-settings-'));
  folders.push(dir);
  return dir;
};
after(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const pdf = new TextEncoder().encode('%PDF-1.7\n%…\n');

test('print requests: a known document kind and some HTML, nothing else', () => {
  assert.deepEqual(parseRequest(printRequest, ['receipt', '<p>x</p>']), ['receipt', '<p>x</p>']);
  assert.throws(() => parseRequest(printRequest, ['cheque', '<p>x</p>']), /Refused by the desktop app: 0:/);
  assert.throws(() => parseRequest(printRequest, ['receipt', '']), /Refused/);
  assert.throws(() => parseRequest(printRequest, ['receipt', 42]), /Refused/);
  assert.throws(() => parseRequest(printRequest, ['receipt']), /Refused/);
  assert.throws(() => parseRequest(printRequest, ['receipt', 'x'.repeat(8 * 1024 * 1024 + 1)]), /Refused/);
});

test('print settings: printer name or null, a paper the bridge knows, 1 to MAX_COPIES copies', () => {
  const ok = { printer: 'TVS RP3160', paper: '80mm', copies: 2 };
  assert.deepEqual(parseRequest(savePrintSettingRequest, ['receipt', ok]), ['receipt', ok]);
  assert.deepEqual(parseRequest(savePrintSettingRequest, ['invoice', { printer: null, paper: 'A4', copies: 1 }])[1].printer, null);
  for (const bad of [
    { ...ok, paper: 'Letter' },
    { ...ok, copies: 0 },
    { ...ok, copies: MAX_COPIES + 1 },
    { ...ok, copies: 1.5 },
    { ...ok, printer: '' },
    { ...ok, printer: '   ' },
    { ...ok, extra: true },
    { paper: '80mm', copies: 1 },
  ]) {
    assert.throws(() => parseRequest(savePrintSettingRequest, ['receipt', bad]), /Refused/, JSON.stringify(bad));
  }
});

test('save-PDF requests carry PDF bytes, not anything else', () => {
  const [name, bytes] = parseRequest(savePdfRequest, ['receipt-1.pdf', pdf]);
  assert.equal(name, 'receipt-1.pdf');
  assert.equal(bytes.length, pdf.length);
  assert.throws(() => parseRequest(savePdfRequest, ['x.pdf', new TextEncoder().encode('<html>')]), /Not a PDF/);
  assert.throws(() => parseRequest(savePdfRequest, ['x.pdf', Array.from(pdf)]), /Refused/);
  assert.throws(() => parseRequest(savePdfRequest, ['', pdf]), /Refused/);
});

test('a suggested file name cannot steer the file elsewhere', () => {
  assert.equal(safePdfName('receipt-AMD1-RC-2026-27-000045.pdf'), 'receipt-AMD1-RC-2026-27-000045.pdf');
  assert.equal(safePdfName('../../.bashrc'), 'bashrc.pdf');
  assert.equal(safePdfName('C:\\Windows\\system32\\evil.pdf'), 'evil.pdf');
  assert.equal(safePdfName('/etc/passwd'), 'passwd.pdf');
  assert.equal(safePdfName('invoice AMD1/IN/7'), '7.pdf');
  assert.equal(safePdfName('नमस्ते.PDF'), 'document.pdf');
  assert.equal(safePdfName('...'), 'document.pdf');
  assert.ok(safePdfName('x'.repeat(500)).length <= 124);
});

test('printers: the display name falls back to the system name; the default (when told) comes first', () => {
  const list = sortedPrinters([
    toPrinterInfo({ name: 'zebra', displayName: 'Zebra ZD220' }),
    toPrinterInfo({ name: 'EPSON_TM_T82', displayName: '' }),
    toPrinterInfo({ name: 'hp', displayName: 'HP LaserJet', isDefault: true }),
  ]);
  assert.deepEqual(
    list.map((p) => [p.name, p.displayName, p.isDefault]),
    [
      ['hp', 'HP LaserJet', true],
      ['EPSON_TM_T82', 'EPSON_TM_T82', false],
      ['zebra', 'Zebra ZD220', false],
    ],
  );
});

test('settings start at the defaults and survive a restart of the store', () => {
  const dir = folder();
  assert.deepEqual(printSettingsStore(dir).read(), DEFAULT_PRINT_SETTINGS);
  const saved = printSettingsStore(dir).save('receipt', { printer: 'TVS RP3160', paper: '58mm', copies: 2 });
  assert.deepEqual(saved.receipt, { printer: 'TVS RP3160', paper: '58mm', copies: 2 });
  assert.deepEqual(saved.invoice, DEFAULT_PRINT_SETTINGS.invoice);
  const again = printSettingsStore(dir).read();
  assert.deepEqual(again, saved);
  const onDisk = JSON.parse(readFileSync(path.join(dir, PRINT_SETTINGS_FILE), 'utf8')) as Record<string, unknown>;
  assert.deepEqual(onDisk.receipt, { printer: 'TVS RP3160', paper: '58mm', copies: 2 });
});

test('a broken or hand-edited settings file falls back to defaults, kind by kind', () => {
  const dir = folder();
  writeFileSync(path.join(dir, PRINT_SETTINGS_FILE), '{"receipt": {"printer": "T', 'utf8');
  assert.deepEqual(printSettingsStore(dir).read(), DEFAULT_PRINT_SETTINGS);
  writeFileSync(
    path.join(dir, PRINT_SETTINGS_FILE),
    JSON.stringify({ receipt: { printer: 'TVS', paper: 'Letter', copies: 1 }, invoice: { printer: 'HP', paper: 'A4', copies: 3 } }),
  );
  const settings = printSettingsStore(dir).read();
  assert.deepEqual(settings.receipt, DEFAULT_PRINT_SETTINGS.receipt);
  assert.deepEqual(settings.invoice, { printer: 'HP', paper: 'A4', copies: 3 });
});

test('saving a bad setting throws and leaves the file as it was', () => {
  const dir = folder();
  const store = printSettingsStore(dir);
  store.save('invoice', { printer: 'HP', paper: 'A4', copies: 1 });
  assert.throws(() => store.save('invoice', { printer: 'HP', paper: 'A4', copies: 99 }));
  assert.deepEqual(store.read().invoice, { printer: 'HP', paper: 'A4', copies: 1 });
});

test('only the service’s own pages get the key, by origin', () => {
  const service = 'http://127.0.0.1:51234';
  assert.equal(sameOrigin('http://127.0.0.1:51234/#/quick-sale', service), true);
  assert.equal(sameOrigin('http://127.0.0.1:51234/', service), true);
  for (const url of ['http://127.0.0.1:51235/', 'http://localhost:51234/', 'https://127.0.0.1:51234/', 'file:///tmp/index.html', 'about:blank', 'not a url', undefined]) {
    assert.equal(sameOrigin(url, service), false, String(url));
  }
});

test('a print window loads its document and the service’s fonts, and nothing else', () => {
  const service = 'http://127.0.0.1:51234';
  const doc = 'file:///tmp/optical-pos-print-x/receipt.html';
  const documents = new Set([doc]);
  assert.equal(allowedInPrint(doc, service, documents), true);
  assert.equal(allowedInPrint('data:image/png;base64,iVBOR', service, documents), true);
  assert.equal(allowedInPrint(`${service}/api-v1/fonts/NotoSans-Regular.ttf`, service, documents), true);
  for (const url of [
    'file:///etc/passwd',
    'file:///tmp/optical-pos-print-y/other.html',
    `${service}/api-v1/api/Auth/login`,
    `${service}/`,
    'http://127.0.0.1:9/api-v1/fonts/x.ttf',
    'https://tracker.example/pixel.gif',
  ]) {
    assert.equal(allowedInPrint(url, service, documents), false, url);
  }
});

test('print failures are told in the cashier’s words', () => {
  assert.equal(printFailureMessage('Print job canceled'), 'Printing was cancelled.');
  assert.match(printFailureMessage('Invalid printer settings'), /refused these settings/);
  assert.match(printFailureMessage('Print job failed'), /did not print \(Print job failed\)/);
  assert.match(printFailureMessage(''), /did not print\. Check/);
});

test('a saved PDF never overwrites one saved before', () => {
  const taken = new Set(['receipt-1.pdf', 'receipt-1 (2).pdf']);
  assert.equal(freeFileName('receipt-2.pdf', (n) => taken.has(n)), 'receipt-2.pdf');
  assert.equal(freeFileName('receipt-1.pdf', (n) => taken.has(n)), 'receipt-1 (3).pdf');
});

test('PDFs saved into POS_PDF_DIR: safe names, made folder, never an overwrite', async () => {
  const dir = path.join(folder(), 'pdfs');
  const first = await savePdfInFolder(dir, '../receipt-1.pdf', pdf);
  assert.equal(first, path.join(dir, 'receipt-1.pdf'));
  assert.deepEqual(new Uint8Array(readFileSync(first)), pdf);
  const second = await savePdfInFolder(dir, 'receipt-1.pdf', pdf);
  assert.equal(second, path.join(dir, 'receipt-1 (2).pdf'));
});

test('saves of one name in the same moment each get their own file (issue 16)', async () => {
  const dir = path.join(folder(), 'same-second');
  const saved = await Promise.all(Array.from({ length: 6 }, () => savePdfInFolder(dir, 'prescription-Shah-2026-11-25.pdf', pdf)));
  assert.equal(new Set(saved).size, 6, saved.join(', '));
  assert.deepEqual(readdirSync(dir).sort(), [
    'prescription-Shah-2026-11-25 (2).pdf', 'prescription-Shah-2026-11-25 (3).pdf', 'prescription-Shah-2026-11-25 (4).pdf',
    'prescription-Shah-2026-11-25 (5).pdf', 'prescription-Shah-2026-11-25 (6).pdf', 'prescription-Shah-2026-11-25.pdf',
  ]);
});
