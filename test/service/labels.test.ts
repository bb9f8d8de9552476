/**
 * Barcode labels over real HTTP: the A4 sheet as a person reads it (pdfinfo, pdftotext, the pixels
 * of each label position) and as a scanner does (the page rasterised by pdftoppm and decoded by
 * ZXing: the EAN-13 read back is the item's barcode; an item without one reads back as Code 128 of
 * its barcode); the TSPL and ZPL jobs byte for byte, sent through the desktop bridge's own network
 * path to a fake label printer on loopback; who may print them, and refusals naming the field.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { parseRequest, printRawRequest, savePrintSettingRequest } from '../../main/electron/bridge-requests.js';
import { printOnNetworkPrinter } from '../../main/electron/network-printer.js';
import { printSettingsStore } from '../../main/electron/print-settings.js';
import { api } from '../../shared/endpoints/index.js';
import { DEFAULT_PRINT_SETTINGS } from '../../shared/desktop.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { cell65, crop, pageGrey, scan } from '../helpers/label-scan.js';
import { pdfInfo, pdfText } from '../helpers/print.js';
import { callAs, type TestService } from '../helpers/service.js';

let svc: TestService;
let manager: SignedIn;
let cashier: SignedIn;
let optometrist: SignedIn;
const cleanups: (() => unknown)[] = [];
before(async () => {
  ({ svc, manager, cashier, optometrist } = await storeWithStaff());
});
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await svc.close();
});

interface ItemFacts {
  id: number;
  code: string;
  barcode: string | null;
  name: string;
  size: string | null;
  colour: string | null;
  mrp: number;
}
/** Frames of the demo catalogue, in code order: each has a GS1 India EAN-13 (890…). */
const frames = (n: number): ItemFacts[] =>
  svc.server.deps.db
    .prepare("SELECT id, code, barcode, name, size, colour, mrp FROM item WHERE item_type_id = 1 AND barcode LIKE '890%' ORDER BY code LIMIT ?")
    .all(n) as ItemFacts[];
const encItem = (id: number) => svc.server.deps.enc.encode('item', id);
const storeName = () => (svc.server.deps.db.prepare('SELECT name FROM company ORDER BY id LIMIT 1').get() as { name: string }).name;
/** The rupees as the printed sheet writes them, by Intl rather than by the code under test. */
const rupees = (paise: number) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100)}`;

test('130 labels on the 65-per-sheet layout from label 10: 3 pages, 56 + 65 + 9 labels, the first nine positions left blank, MRP incl. of all taxes on each', async () => {
  const [a, b] = frames(2);
  const lines = [
    { itemID: encItem(a!.id), quantity: 100 },
    { itemID: encItem(b!.id), quantity: 30 },
  ];
  const res = await manager.raw(api.Labels.sheet, { body: { lines, sheet: '65', start: 10 } });
  assert.equal(res.status, 200);
  assert.equal(res.contentType, 'application/pdf');

  const info = pdfInfo(res.bytes);
  assert.equal(info.pages, 3, '9 skipped + 130 labels = 139 positions, 65 a sheet');
  assert.equal(Math.round(info.widthPt), 595, 'A4');
  assert.equal(Math.round(info.heightPt), 842, 'A4');

  const pages = pdfText(res.bytes).split('\f');
  const count = (text: string, word: string) => text.split(word).length - 1;
  assert.deepEqual(
    pages.slice(0, 3).map((p) => count(p, 'incl. of all taxes')),
    [56, 65, 9],
  );
  assert.deepEqual(
    pages.slice(0, 3).map((p) => count(p, 'MRP ₹')),
    [56, 65, 9],
  );
  const all = pages.join('');
  assert.equal(count(all, `MRP ${rupees(a!.mrp)} incl. of all taxes`), 100, all.slice(0, 2000));
  assert.equal(count(all, `MRP ${rupees(b!.mrp)} incl. of all taxes`), 30);
  assert.equal(count(all, storeName()), 130);
  assert.equal(count(all, a!.barcode!), 100, 'the digits under each EAN-13');
  assert.ok(all.includes(a!.code) && all.includes(a!.size!) && all.includes(a!.colour!), 'code, size and colour');

  // Positions 1–9 of the first sheet are left as they are; 10 onwards carry ink.
  const page1 = pageGrey(res.bytes, 1, 50);
  for (let p = 1; p <= 9; p++) assert.equal(crop(page1, 50, cell65(p)).dark, 0, `position ${p} is left blank`);
  for (const p of [10, 11, 65]) assert.ok(crop(page1, 50, cell65(p)).dark > 0.05, `position ${p} is printed`);
  const page3 = pageGrey(res.bytes, 3, 50);
  assert.ok(crop(page3, 50, cell65(9)).dark > 0.05);
  assert.equal(crop(page3, 50, cell65(10)).dark, 0, 'the last sheet ends after its ninth label');
});

test('a scanner reads the printed EAN-13 back as the item’s barcode, and an item with no valid EAN-13 as Code 128 of its barcode', async () => {
  const [a, b] = frames(2);
  // Not an EAN-13 (wrong check digit): printed as Code 128 of the barcode as it is.
  const notEan = `${b!.barcode!.slice(0, 12)}${(Number(b!.barcode![12]) + 1) % 10}`;
  svc.server.deps.db.prepare('UPDATE item SET barcode = ? WHERE id = ?').run(notEan, b!.id);
  try {
    const lines = [
      { itemID: encItem(a!.id), quantity: 1 },
      { itemID: encItem(b!.id), quantity: 1 },
    ];
    for (const sheet of ['65', '40'] as const) {
      const res = await cashier.raw(api.Labels.sheet, { body: { lines, sheet, start: 1 } });
      const dpi = 300;
      const page = pageGrey(res.bytes, 1, dpi);
      const cell = (p: number) => (sheet === '65' ? cell65(p) : { x: (p - 1) * 52.5, y: 0, w: 52.5, h: 29.7 });
      assert.deepEqual(scan(page, dpi, cell(1)), { text: a!.barcode, format: 'EAN_13' }, `${sheet} per sheet`);
      assert.deepEqual(scan(page, dpi, cell(2)), { text: notEan, format: 'CODE_128' }, `${sheet} per sheet`);
    }
  } finally {
    svc.server.deps.db.prepare('UPDATE item SET barcode = ? WHERE id = ?').run(b!.barcode, b!.id);
  }
});

/** A label printer on loopback that keeps every byte of each job. */
async function fakeLabelPrinter(): Promise<{ port: number; jobs: Promise<Buffer>[] }> {
  const jobs: Promise<Buffer>[] = [];
  const server = net.createServer((socket) => {
    jobs.push(
      new Promise((resolve) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => {
          resolve(Buffer.concat(chunks));
          socket.end();
        });
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as net.AddressInfo).port, jobs };
}

test('TSPL and ZPL byte for byte, sent through the bridge to the network label printer set for labels', async () => {
  const [a] = frames(1);
  const item = a!;
  const body = { lines: [{ itemID: encItem(item.id), quantity: 3 }], widthMm: 50, heightMm: 25, gapMm: 2, dpi: 203 as const };
  const tspl = await manager.raw(api.Labels.printer, { body: { ...body, language: 'TSPL' } });
  const zpl = await manager.raw(api.Labels.printer, { body: { ...body, language: 'ZPL' } });
  assert.equal(tspl.contentType, 'application/octet-stream');
  const mrp = `MRP Rs.${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(item.mrp / 100)}`;
  const detail = `${item.code}  ${item.size} - ${item.colour}`;
  // Font 2 is 12 dots wide: 31 characters in 376 dots, the name cut after its last whole word.
  const name = item.name.length <= 31 ? item.name : item.name.slice(0, 32).replace(/\s+\S*$/, '');
  // 203 dpi = 8 dots a mm: 1.5 mm padding is 12 dots; 50 × 25 mm is 400 × 200 dots.
  assert.equal(
    Buffer.from(tspl.bytes).toString('latin1'),
    [
      'SIZE 50 mm,25 mm',
      'GAP 2 mm,0 mm',
      'DIRECTION 1,0',
      'REFERENCE 0,0',
      'CLS',
      `TEXT 12,12,"1",0,1,1,"${storeName()}"`,
      `TEXT 12,28,"2",0,1,1,"${name}"`,
      `TEXT 12,52,"1",0,1,1,"${detail}"`,
      // EAN-13: the 12 digits, the printer adds the check digit; bwip-js's 96-module box (95 and
      // its edge) of 3 dots a module, centred in the 376 dots between the paddings.
      `BARCODE 56,68,"EAN13",80,1,0,3,3,"${item.barcode!.slice(0, 12)}"`,
      `TEXT 12,168,"2",0,1,1,"${mrp}"`,
      `TEXT ${12 + (mrp.length + 1) * 12},176,"1",0,1,1,"incl. of all taxes"`,
      'PRINT 3',
      '',
    ].join('\r\n'),
  );
  assert.equal(
    Buffer.from(zpl.bytes).toString('latin1'),
    [
      '^XA',
      '^MNY',
      '^PW400',
      '^LL200',
      '^LH0,0',
      `^FO12,12^A0N,12,8^FH^FD${storeName()}^FS`,
      `^FO12,28^A0N,20,12^FH^FD${name}^FS`,
      `^FO12,52^A0N,12,8^FH^FD${detail}^FS`,
      `^FO56,68^BY3^BEN,80,Y,N^FD${item.barcode!.slice(0, 12)}^FS`,
      `^FO12,168^A0N,20,12^FH^FD${mrp}^FS`,
      `^FO${12 + (mrp.length + 1) * 12},176^A0N,12,8^FH^FDincl. of all taxes^FS`,
      '^PQ3',
      '^XZ',
      '',
    ].join('\n'),
  );

  // On a 38 × 25 mm label the words do not fit beside the MRP: they go on the line under it.
  const narrow = Buffer.from((await manager.raw(api.Labels.printer, { body: { ...body, widthMm: 38, language: 'TSPL' } })).bytes).toString('latin1');
  assert.match(narrow, /TEXT 12,152,"2",0,1,1,"MRP Rs\.[\d,.]+"\r\nTEXT 12,176,"1",0,1,1,"incl\. of all taxes"\r\nPRINT 3/);

  // The desktop side: a 'label' setting with a network printer and its roll, kept as the
  // Printers screen keeps it, and each job sent where that setting says.
  const printer = await fakeLabelPrinter();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'pos-label-settings-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const setting = {
    ...DEFAULT_PRINT_SETTINGS.label,
    network: { host: '127.0.0.1', port: printer.port, columns: 48 as const, drawer: false },
    labelStock: { language: 'TSPL' as const, widthMm: 50, heightMm: 25, gapMm: 2, dpi: 203 as const },
  };
  printSettingsStore(folder).save(...parseRequest(savePrintSettingRequest, ['label', setting]));
  for (const job of [tspl.bytes, zpl.bytes]) {
    const [kind, bytes] = parseRequest(printRawRequest, ['label', job]);
    assert.deepEqual(await printOnNetworkPrinter(folder, kind, bytes), { ok: true });
  }
  assert.equal(printer.jobs.length, 2);
  assert.deepEqual(await printer.jobs[0], Buffer.from(tspl.bytes));
  assert.deepEqual(await printer.jobs[1], Buffer.from(zpl.bytes));

  // A label job is not a receipt's, nor the other way round; a label printer needs its roll.
  assert.throws(() => parseRequest(printRawRequest, ['receipt', tspl.bytes]), /ESC @/);
  assert.throws(() => parseRequest(printRawRequest, ['label', new Uint8Array([0x1b, 0x40, 0x41])]), /SIZE or \^XA/);
  assert.throws(() => parseRequest(savePrintSettingRequest, ['label', { ...setting, labelStock: null }]), /labels/);
});

test('text the printer languages would read as commands is escaped: a quote in TSPL, ^ ~ _ and > in ZPL', async () => {
  const [a] = frames(1);
  const db = svc.server.deps.db;
  const before = db.prepare('SELECT name, barcode FROM item WHERE id = ?').get(a!.id) as { name: string; barcode: string };
  db.prepare('UPDATE item SET name = ?, barcode = ? WHERE id = ?').run('Round "Retro" ^XZ ~JA_1', 'A>B^1', a!.id);
  try {
    const body = { lines: [{ itemID: encItem(a!.id), quantity: 1 }], widthMm: 50, heightMm: 25 };
    const tspl = Buffer.from((await cashier.raw(api.Labels.printer, { body: { ...body, language: 'TSPL' } })).bytes).toString('latin1');
    const zpl = Buffer.from((await cashier.raw(api.Labels.printer, { body: { ...body, language: 'ZPL' } })).bytes).toString('latin1');
    assert.ok(tspl.includes('"Round \\["]Retro\\["] ^XZ ~JA_1"'), tspl);
    assert.ok(tspl.includes('"128",') && tspl.includes(',"A>B^1"'), 'Code 128 of the barcode');
    assert.ok(zpl.includes('^FDRound "Retro" _5EXZ _7EJA_5F1^FS'), zpl);
    assert.ok(zpl.includes('^BCN,') && zpl.includes('^FH^FDA><B_5E1^FS'), zpl);
    assert.equal(zpl.match(/\^XZ/g)?.length, 1, 'one format, ended once');
  } finally {
    db.prepare('UPDATE item SET name = ?, barcode = ? WHERE id = ?').run(before.name, before.barcode, a!.id);
  }
});

test('managers and cashiers print labels, an optometrist is refused; bad requests are 4xx naming the field', async () => {
  const [a] = frames(1);
  const line = { itemID: encItem(a!.id), quantity: 1 };
  assert.equal((await callAs(svc, optometrist, 'labels/sheet', { lines: [line] })).status, 403);
  assert.equal((await callAs(svc, optometrist, 'labels/printer', { lines: [line], language: 'TSPL', widthMm: 50, heightMm: 25 })).status, 403);

  const refused = async (body: unknown, path = 'labels/sheet') => {
    const res = await callAs(svc, manager, path, body);
    assert.equal(res.status >= 400 && res.status < 500, true, res.text);
    // The contract's refusals name the field in `errors`, the service's in the message too.
    return { status: res.status, message: `${String(res.json.message)} ${JSON.stringify(res.json.errors ?? {})}` };
  };
  assert.match((await refused({ lines: [line], sheet: '65', start: 66 })).message, /1 to 65/);
  assert.match((await refused({ lines: [line], sheet: '24', start: 25 })).message, /1 to 24/);
  assert.match((await refused({ lines: [] })).message, /at least one item/i);
  assert.match((await refused({ lines: [{ ...line, quantity: 0 }] })).message, /at least one label/i);
  assert.match((await refused({ lines: [{ ...line, quantity: 5001 }] })).message, /at most 5000/i);
  assert.match((await refused({ lines: [line], sheet: '12' })).message, /65, 40 or 24/);
  const missing = await refused({ lines: [line, { itemID: svc.server.deps.enc.encode('item', 999_999_999), quantity: 1 }] });
  assert.equal(missing.status, 404);
  assert.match(missing.message, /Line 2/);
  assert.match((await refused({ lines: [line], language: 'EPL', widthMm: 50, heightMm: 25 }, 'labels/printer')).message, /TSPL or ZPL/);
  assert.match((await refused({ lines: [line], language: 'TSPL', widthMm: 20, heightMm: 10 }, 'labels/printer')).message, /does not fit/);

  svc.server.deps.db.prepare('UPDATE item SET mrp = 0 WHERE id = ?').run(a!.id);
  try {
    assert.match((await refused({ lines: [line] })).message, /no MRP/);
  } finally {
    svc.server.deps.db.prepare('UPDATE item SET mrp = ? WHERE id = ?').run(a!.mrp, a!.id);
  }
});
