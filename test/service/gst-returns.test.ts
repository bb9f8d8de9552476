/**
 * GST returns over HTTP on a real store file: a month of sales at both Gujarat branches (one
 * GSTIN) — to a registered buyer, at the counter, shipped inter-state small and large — returns
 * against three of them and a transfer invoice to the Mumbai branch (another GSTIN). GSTR-1's
 * sections reconcile to the paisa with every invoice, transfer invoice and GST credit note the
 * service's own lists show for the month; the XLSX has the template's sheets; every Tally voucher
 * balances; a wrong GSTIN or month is refused naming the field, with nothing written.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import { ApiError } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import { gstinCheckChar } from '../../shared/domain/gstin.js';
import { localDate } from '../../shared/domain/calendar.js';
import { states } from '../../main/service/store/state.js';
import { branchUser, mumbaiBranch } from '../helpers/branches.js';
import { storeWithStaff, type SignedIn, type Store } from '../helpers/fixtures.js';
import { makeSale } from '../helpers/sales.js';

let store: Store;
let srtCashier: SignedIn;
let mumManager: SignedIn;
const GSTIN = '24AAHCD4821K1ZO';
const BUYER = '24AABCB1234C1Z' + gstinCheckChar('24AABCB1234C1Z');
const MUMBAI = '27AAHCD4821K1Z' + gstinCheckChar('27AAHCD4821K1Z');

const db = () => store.svc.server.deps.db;
const enc = () => store.svc.server.deps.enc;
const month = () => localDate(store.svc.clock.now).slice(0, 7);
const paise = (r: number) => Math.round(r * 100);
const branchId = (code: string) => (db().prepare('SELECT id FROM branch WHERE code = ?').get(code) as { id: number }).id;

async function refused(promise: Promise<unknown>, status: number): Promise<ApiError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  assert.ok(err instanceof ApiError, `expected a refusal, got ${JSON.stringify(err)}`);
  assert.equal(err.status, status, err.message);
  return err;
}

async function customer(client: SignedIn, last: string, extra: Record<string, unknown> = {}) {
  return (await client.call(api.Customer.upsert, { body: { firstName: 'Gst', lastName: last, houseNumber: '7', street: 'MG Road', city: 'Pune', ...extra } })).customerID;
}

/** A sale of `qty` lenses paid in full, invoiced, walked to Delivered; its first line. */
async function invoicedSale(client: SignedIn, qty: number, customerID: string, shipped = false) {
  const sale = await makeSale(store.svc, client, { paid: 'all', qty, customerID, ...(shipped ? { salesorderModel: { deliveryModeID: 2 } } : {}) });
  await client.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID } });
  for (const statusId of [2, 3, 4] as const) await client.call(api.Orders.status, { params: { salesOrderId: sale.salesOrderID }, body: { statusId } });
  const line = db().prepare('SELECT id FROM sales_order_line WHERE sales_order_id = ? ORDER BY line_no LIMIT 1').get(sale.rowId) as { id: number };
  return { ...sale, lineID: enc().encode('salesOrderLine', line.id) };
}

async function giveBack(client: SignedIn, sale: { salesOrderID: string; lineID: string }) {
  return client.call(api.Returns.save, {
    body: { salesOrderID: sale.salesOrderID, lines: [{ salesOrderLineID: sale.lineID, qty: 1, destination: 'damaged' }], reason: 'Wrong power', settlement: 'refund' },
  });
}

before(async () => {
  store = await storeWithStaff();
  branchUser(store.svc, 'cashier.srt', 'cashier', 'SRT1');
  mumbaiBranch(store.svc);
  branchUser(store.svc, 'manager.mum', 'manager', 'MUM1');
  [srtCashier, mumManager] = await Promise.all([store.svc.as('cashier.srt'), store.svc.as('manager.mum')]);
  const maharashtra = enc().encode('state', states(db()).find('27')!.id);
  const c = store.cashier;
  // B2B: a registered buyer in Gujarat.
  const b2b = await invoicedSale(c, 2, await customer(c, 'Registered', { taxNO: BUYER }));
  // B2C at the counter, at both branches of the GSTIN.
  const counter = await invoicedSale(c, 1, await customer(c, 'Walkin'));
  await invoicedSale(srtCashier, 3, await customer(srtCashier, 'Surat'));
  // Shipped to Maharashtra: a small one (B2CS inter-state) and one above ₹1,00,000 (B2CL).
  await invoicedSale(c, 1, await customer(c, 'Shipped', { stateID: maharashtra }), true);
  const lens = (db().prepare('SELECT sale_price FROM item WHERE id = (SELECT item_id FROM sales_order_line ORDER BY id DESC LIMIT 1)').get() as { sale_price: number }).sale_price;
  const large = await invoicedSale(c, Math.ceil(110_000_00 / lens), await customer(c, 'Large', { stateID: maharashtra }), true);
  // GST credit notes: against the B2B (cdnr), the counter sale (b2cs) and the large one (cdnur).
  for (const sale of [b2b, counter, large]) await giveBack(store.manager, sale);
  // A transfer invoice to Mumbai: a supply to another GSTIN, so B2B.
  const frame = db().prepare(
    "SELECT i.code FROM stock s JOIN item i ON i.id = s.item_id WHERE s.branch_id = ? AND i.code LIKE 'FR-%' AND s.on_hand >= 2 AND s.expiry_date IS NULL ORDER BY i.code LIMIT 1",
  ).get(branchId('AMD1')) as { code: string };
  await store.manager.call(api.Transfers.dispatch, {
    body: { toBranchId: enc().encode('branch', branchId('MUM1')), lines: [{ code: frame.code, qty: 1, unitValue: 5000 }] },
  });
});
after(() => store.svc.close());

interface Itm { num: number; itm_det: { txval: number; rt: number; iamt?: number; camt?: number; samt?: number; csamt: number } }
interface Gstr1Json {
  gstin: string;
  fp: string;
  b2b: Array<{ ctin: string; inv: Array<{ inum: string; idt: string; val: number; pos: string; rchrg: string; inv_typ: string; itms: Itm[] }> }>;
  b2cl: Array<{ pos: string; inv: Array<{ inum: string; val: number; itms: Itm[] }> }>;
  b2cs: Array<{ sply_ty: string; pos: string; typ: string; rt: number; txval: number; iamt?: number; camt?: number; samt?: number }>;
  cdnr: Array<{ ctin: string; nt: Array<{ nt_num: string; val: number; itms: Itm[] }> }>;
  cdnur: Array<{ typ: string; nt_num: string; val: number; itms: Itm[] }>;
  hsn: { hsn_b2b: Array<{ txval: number; qty: number; uqc: string }>; hsn_b2c: Array<{ txval: number }> };
  doc_issue: { doc_det: Array<{ doc_num: number; docs: Array<{ from: string; to: string; totnum: number; cancel: number }> }> };
}

async function downloadJson(client: SignedIn, gstin = GSTIN) {
  const raw = await client.raw(api.GSTReturns.gstr1Json, { query: { gstin, month: month() } });
  return { raw, json: JSON.parse(new TextDecoder().decode(raw.bytes)) as Gstr1Json };
}

/** Tax figures of one document in paise: taxable, IGST, CGST, SGST. */
type Four = [number, number, number, number];
const plus = (a: Four, b: Four, sign = 1): Four => [a[0] + sign * b[0], a[1] + sign * b[1], a[2] + sign * b[2], a[3] + sign * b[3]];
const ofItems = (itms: Itm[]): Four =>
  itms.reduce<Four>((s, i) => plus(s, [paise(i.itm_det.txval), paise(i.itm_det.iamt ?? 0), paise(i.itm_det.camt ?? 0), paise(i.itm_det.samt ?? 0)]), [0, 0, 0, 0]);

test('GSTR-1 reconciles to the paisa with every invoice, transfer invoice and GST credit note of the month', async () => {
  const { raw, json } = await downloadJson(store.admin);
  assert.match(raw.contentType, /application\/json/);
  assert.equal(json.gstin, GSTIN);
  assert.equal(json.fp, `${month().slice(5, 7)}${month().slice(0, 4)}`);

  // The month's documents as the service lists them, at both branches of the GSTIN.
  const from = `${month()}-01`;
  const [y, m] = month().split('-').map(Number) as [number, number];
  const to = `${month()}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
  const invoices = [];
  for (const client of [store.cashier, srtCashier]) {
    const page = await client.call(api.Invoice.list, { body: { fromDate: from, toDate: to, fromPage: 1, toPage: 500 } });
    invoices.push(...page.data);
  }
  assert.equal(invoices.length, 5);
  const notes = (await store.manager.call(api.Returns.list, { query: { fromDate: from, toDate: to, pageSize: 200 } })).items.filter((r) => r.gstCreditNoteNo);
  assert.equal(notes.length, 3);
  const transfers = (await store.manager.call(api.Transfers.list, { query: { view: 'outgoing' } })).filter((t) => t.documentKind === 'transfer_invoice');
  assert.equal(transfers.length, 1);

  // Each document's stored figures, by its number.
  const stored = (sql: string, no: string): Four => {
    const r = db().prepare(sql).get(no) as { taxable: number; igst: number; cgst: number; sgst: number };
    return [r.taxable, r.igst, r.cgst, r.sgst];
  };
  const invoiceFigures = (no: string) => stored('SELECT taxable, igst, cgst, sgst FROM invoice WHERE invoice_no = ?', no);
  const noteFigures = (no: string) => stored('SELECT taxable, igst, cgst, sgst FROM sales_return WHERE gst_credit_note_no = ?', no);
  const transferFigures = (no: string) => stored('SELECT taxable, igst, cgst, sgst FROM transfer WHERE document_no = ?', no);

  let expected: Four = [0, 0, 0, 0];
  for (const i of invoices) expected = plus(expected, invoiceFigures(i.invoiceNo));
  for (const t of transfers) expected = plus(expected, transferFigures(t.documentNo));
  for (const n of notes) expected = plus(expected, noteFigures(n.gstCreditNoteNo!), -1);

  // Invoice-wise sections: each document's items are its stored figures, its value what the list says.
  const listed = new Map([...invoices.map((i) => [i.invoiceNo, i.netAmount] as const), ...transfers.map((t) => [t.documentNo, t.total] as const)]);
  let reported: Four = [0, 0, 0, 0];
  const b2bNos: string[] = [];
  for (const party of json.b2b) {
    for (const inv of party.inv) {
      b2bNos.push(inv.inum);
      const figures: Four = listed.has(inv.inum) && invoices.some((i) => i.invoiceNo === inv.inum) ? invoiceFigures(inv.inum) : transferFigures(inv.inum);
      assert.deepEqual(ofItems(inv.itms), figures, inv.inum);
      assert.equal(paise(inv.val), paise(listed.get(inv.inum)!), inv.inum);
      assert.equal(inv.rchrg, 'N');
      assert.match(inv.idt, /^\d\d-\d\d-\d{4}$/);
      reported = plus(reported, ofItems(inv.itms));
    }
  }
  assert.deepEqual(json.b2b.map((p) => p.ctin).sort(), [BUYER, MUMBAI].sort());
  assert.equal(b2bNos.length, 2);
  assert.equal(json.b2cl.length, 1);
  assert.equal(json.b2cl[0]!.pos, '27');
  for (const inv of json.b2cl[0]!.inv) {
    assert.deepEqual(ofItems(inv.itms), invoiceFigures(inv.inum));
    assert.ok(inv.val > 100000, 'above the B2C-large limit');
    reported = plus(reported, ofItems(inv.itms));
  }
  for (const row of json.b2cs) {
    assert.equal(row.typ, 'OE');
    reported = plus(reported, [paise(row.txval), paise(row.iamt ?? 0), paise(row.camt ?? 0), paise(row.samt ?? 0)]);
  }
  assert.deepEqual(json.b2cs.map((r) => [r.sply_ty, r.pos]).sort(), [['INTER', '27'], ['INTRA', '24']]);
  assert.equal(json.cdnr.length, 1);
  assert.equal(json.cdnr[0]!.ctin, BUYER);
  assert.equal(json.cdnur.length, 1);
  assert.equal(json.cdnur[0]!.typ, 'B2CL');
  for (const nt of [...json.cdnr.flatMap((p) => p.nt), ...json.cdnur]) {
    assert.deepEqual(ofItems(nt.itms), noteFigures(nt.nt_num));
    reported = plus(reported, ofItems(nt.itms), -1);
  }
  assert.deepEqual(reported, expected, 'b2b + b2cl + b2cs − cdnr − cdnur = invoices + transfer invoices − credit notes');

  // The HSN summary adds up to the same taxable value; documents issued count every number.
  const hsnTaxable = [...json.hsn.hsn_b2b, ...json.hsn.hsn_b2c].reduce((s, h) => s + paise(h.txval), 0);
  assert.equal(hsnTaxable, expected[0]);
  const issued = json.doc_issue.doc_det.flatMap((d) => d.docs.map((x) => [d.doc_num, x.totnum, x.cancel]));
  assert.equal(issued.filter(([n]) => n === 1).reduce((s, [, t]) => s + t!, 0), invoices.length + transfers.length);
  assert.equal(issued.filter(([n]) => n === 5).reduce((s, [, t]) => s + t!, 0), notes.length);

  // The screen's totals say the same.
  const summary = await store.admin.call(api.GSTReturns.gstr1, { query: { gstin: GSTIN, month: month() } });
  const section = (s: string) => summary.sections.find((x) => x.section === s)!;
  assert.equal(section('b2b').count, 2);
  assert.equal(section('b2cl').count, 1);
  assert.equal(paise(section('b2b').taxableValue) + paise(section('b2cl').taxableValue) + paise(section('b2cs').taxableValue) - paise(section('cdnr').taxableValue) - paise(section('cdnur').taxableValue), expected[0]);
  assert.equal(summary.b2clLimit, 100000);
  assert.equal(summary.jsonFileName, `GSTR1_${GSTIN}_${json.fp}.json`);
  const file = await fetch(`${store.svc.url}/api-v1/api/gst-returns/gstr1/json?gstin=${GSTIN}&month=${month()}`, { headers: { authorization: `Bearer ${store.admin.token}` } });
  assert.match(file.headers.get('content-disposition') ?? '', new RegExp(`filename="GSTR1_${GSTIN}_${json.fp}\\.json"`));
});

test('the Excel workbook has the offline tool’s sheets with the same documents', async () => {
  const raw = await store.manager.raw(api.GSTReturns.gstr1Xlsx, { query: { gstin: GSTIN, month: month() } });
  assert.match(raw.contentType, /spreadsheetml/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(raw.bytes) as unknown as ArrayBuffer);
  assert.deepEqual(book.worksheets.map((w) => w.name), ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn(b2b)', 'hsn(b2c)', 'docs']);
  const { json } = await downloadJson(store.manager);
  const b2b = book.getWorksheet('b2b')!;
  assert.equal(b2b.getRow(1).getCell(1).value, 'GSTIN/UIN of Recipient');
  const taxable = (ws: ExcelJS.Worksheet, col: number) => {
    let s = 0;
    ws.eachRow((row, n) => { if (n > 1) s += paise(Number(row.getCell(col).value)); });
    return s;
  };
  assert.equal(taxable(b2b, 12), json.b2b.flatMap((p) => p.inv).reduce((s, i) => s + ofItems(i.itms)[0], 0));
  assert.equal(taxable(book.getWorksheet('b2cs')!, 5), json.b2cs.reduce((s, r) => s + paise(r.txval), 0));
});

test('every Tally voucher balances; the ledgers are the defaults or the ones asked for', async () => {
  const today = localDate(store.svc.clock.now);
  const raw = await store.manager.raw(api.GSTReturns.tally, { query: { from: `${month()}-01`, to: today, salesLedger: 'Sales @ GST' } });
  assert.match(raw.contentType, /application\/xml/);
  const xml = new TextDecoder().decode(raw.bytes);
  assert.match(xml, /<TALLYREQUEST>Import Data<\/TALLYREQUEST>/);
  assert.match(xml, /<REPORTNAME>Vouchers<\/REPORTNAME>/);
  const vouchers = [...xml.matchAll(/<VOUCHER [^>]*>([\s\S]*?)<\/VOUCHER>/g)].map((m) => m[1]!);
  // AMD1's four invoices, the transfer invoice and three credit notes; Surat's sale is Surat's.
  assert.equal(vouchers.filter((v) => v.includes('<VOUCHERTYPENAME>Sales</VOUCHERTYPENAME>')).length, 5);
  assert.equal(vouchers.filter((v) => v.includes('<VOUCHERTYPENAME>Credit Note</VOUCHERTYPENAME>')).length, 3);
  for (const v of vouchers) {
    const amounts = [...v.matchAll(/<AMOUNT>(-?\d+\.\d\d)<\/AMOUNT>/g)].map((m) => paise(Number(m[1])));
    assert.ok(amounts.length >= 3, v);
    assert.equal(amounts.reduce((s, a) => s + a, 0), 0, `voucher balances:\n${v}`);
    assert.match(v, /<DATE>\d{8}<\/DATE>/);
    assert.match(v, /<LEDGERNAME>Sales @ GST<\/LEDGERNAME>/);
  }
  assert.match(xml, /<PARTYLEDGERNAME>Cash Sales<\/PARTYLEDGERNAME>/);
  assert.match(xml, new RegExp(`<PARTYGSTIN>${BUYER}</PARTYGSTIN>`));
  assert.match(xml, /<LEDGERNAME>Output IGST<\/LEDGERNAME>/);
  assert.match(xml, /<LEDGERNAME>Output CGST<\/LEDGERNAME>/);
});

test('a GSTIN not of the company, another branch’s for a manager, or a wrong month is refused naming the field; nothing is written', async () => {
  const changes = () => (db().prepare('SELECT count(*) AS n FROM journal').get() as { n: number }).n;
  const was = changes();
  const other = '29AABCB1234C1Z' + gstinCheckChar('29AABCB1234C1Z');
  const notOurs = await refused(store.admin.call(api.GSTReturns.gstr1, { query: { gstin: other, month: month() } }), 400);
  assert.ok(notOurs.fieldErrors('gstin').length);
  const typo = await refused(store.admin.call(api.GSTReturns.gstr1, { query: { gstin: '24AAHCD4821K1ZX', month: month() } }), 400);
  assert.ok(typo.fieldErrors('gstin').length);
  const theirs = await refused(mumManager.call(api.GSTReturns.gstr1, { query: { gstin: GSTIN, month: month() } }), 403);
  assert.ok(theirs.fieldErrors('gstin').length);
  await refused(mumManager.raw(api.GSTReturns.gstr1Json, { query: { gstin: GSTIN, month: month() } }), 403);
  const next = new Date(store.svc.clock.now.getFullYear(), store.svc.clock.now.getMonth() + 1, 1);
  const future = await refused(store.admin.call(api.GSTReturns.gstr1, { query: { gstin: GSTIN, month: localDate(next).slice(0, 7) } }), 400);
  assert.ok(future.fieldErrors('month').length);
  for (const bad of ['2026-13', 'November', '112026', '']) {
    const e = await refused(store.admin.call(api.GSTReturns.gstr1, { query: { gstin: GSTIN, month: bad } }), 400);
    assert.ok(e.fieldErrors('month').length, bad);
  }
  await refused(store.cashier.call(api.GSTReturns.gstr1, { query: { gstin: GSTIN, month: month() } }), 403);
  const tallyOther = await refused(mumManager.raw(api.GSTReturns.tally, { query: { branchId: enc().encode('branch', branchId('AMD1')), from: `${month()}-01`, to: `${month()}-02` } }), 403);
  assert.match(tallyOther.message, /Andheri|Ahmedabad|work/i);
  const backwards = await refused(store.manager.raw(api.GSTReturns.tally, { query: { from: `${month()}-10`, to: `${month()}-01` } }), 400);
  assert.ok(backwards.fieldErrors('to').length);
  assert.equal(changes(), was, 'nothing written');

  // The Mumbai manager files Mumbai's own GSTIN; the choices list only it.
  const mine = await mumManager.call(api.GSTReturns.gstins);
  assert.deepEqual(mine.gstins.map((g) => g.gstin), [MUMBAI]);
  const all = await store.admin.call(api.GSTReturns.gstins);
  assert.deepEqual(all.gstins.map((g) => g.gstin).sort(), [GSTIN, MUMBAI].sort());
  const mum = await mumManager.call(api.GSTReturns.gstr1, { query: { gstin: MUMBAI, month: month() } });
  assert.equal(mum.sections.find((s) => s.section === 'b2b')!.count, 0, 'receiving a transfer is not an outward supply');
});
