/**
 * Stock transfers between branches over HTTP: a dispatch takes the goods out of the sender's stock
 * and they are in transit, in neither branch's; the receiver takes in what arrived in good order,
 * writes off the damaged and records the short; refusals (more than sent, more than on hand, no
 * e-way particulars over ₹50,000, the wrong branch) write nothing; between GSTINs the document is an
 * IGST tax invoice and the receiver records the input tax; every shelf stays the sum of its movements.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiError } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import { transfers } from '../../main/service/store/transfer.js';
import { branchUser, mumbaiBranch } from '../helpers/branches.js';
import { stockClean, stockDrift } from '../helpers/daily-totals.js';
import { storeWithStaff, type SignedIn, type Store } from '../helpers/fixtures.js';

let store: Store;
let srtManager: SignedIn;
let srtCashier: SignedIn;
let mumManager: SignedIn;

before(async () => {
  store = await storeWithStaff({ readWorkers: 0 });
  branchUser(store.svc, 'manager.srt', 'manager', 'SRT1');
  branchUser(store.svc, 'cashier.srt', 'cashier', 'SRT1');
  mumbaiBranch(store.svc);
  branchUser(store.svc, 'manager.mum', 'manager', 'MUM1');
  [srtManager, srtCashier, mumManager] = await Promise.all([store.svc.as('manager.srt'), store.svc.as('cashier.srt'), store.svc.as('manager.mum')]);
});
after(() => store.svc.close());

const db = () => store.svc.server.deps.db;
const branchId = (code: string) => (db().prepare('SELECT id FROM branch WHERE code = ?').get(code) as { id: number }).id;
const encBranch = (code: string) => store.svc.server.deps.enc.encode('branch', branchId(code));
const onHand = (code: string, itemCode: string, batch?: string) =>
  (db().prepare(`SELECT coalesce(sum(s.on_hand), 0) AS n FROM stock s JOIN item i ON i.id = s.item_id WHERE s.branch_id = ? AND i.code = ? ${batch === undefined ? '' : 'AND s.batch_no = ?'}`)
    .get(...[branchId(code), itemCode, ...(batch === undefined ? [] : [batch])]) as { n: number }).n;
/** An item with at least `n` units at AMD1, of frames (no batch) or contact lenses (a batch). */
const stocked = (prefix: string, n: number, skip = 0) =>
  db().prepare(`SELECT i.id, i.code, s.batch_no, s.on_hand FROM stock s JOIN item i ON i.id = s.item_id WHERE s.branch_id = ? AND i.code LIKE ? AND s.on_hand >= ? AND (s.expiry_date IS NULL OR s.expiry_date > '2099') IS NOT NULL ORDER BY i.code LIMIT 1 OFFSET ?`)
    .get(branchId('AMD1'), `${prefix}%`, n, skip) as { id: number; code: string; batch_no: string; on_hand: number };
/** Rows of every table a transfer writes, and the number series: what a refusal must leave as it was. */
const written = () =>
  JSON.stringify(['transfer', 'transfer_line', 'transfer_receipt', 'transfer_receipt_line', 'stock_movement', 'number_series', 'stock'].map((t) => db().prepare(`SELECT count(*) AS n FROM ${t}`).get()))
  + JSON.stringify(db().prepare('SELECT * FROM number_series ORDER BY 1, 2, 3, 4').all())
  + JSON.stringify(db().prepare('SELECT sum(on_hand) AS n FROM stock').get());
async function refused(promise: Promise<unknown>, status: number): Promise<ApiError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  assert.ok(err instanceof ApiError, `expected a refusal, got ${JSON.stringify(err)}`);
  assert.equal(err.status, status, err.message);
  return err;
}
const stockIsSumOfMovements = () => {
  const off = db().prepare(
    `SELECT s.item_id, s.branch_id, s.batch_no, s.on_hand, (SELECT coalesce(sum(delta), 0) FROM stock_movement m WHERE m.item_id = s.item_id AND m.branch_id = s.branch_id AND m.batch_no = s.batch_no) AS moved
     FROM stock s WHERE s.on_hand <> (SELECT coalesce(sum(delta), 0) FROM stock_movement m WHERE m.item_id = s.item_id AND m.branch_id = s.branch_id AND m.batch_no = s.batch_no)`,
  ).all();
  assert.deepEqual(off, []);
  assert.deepEqual(stockDrift(db()), stockClean, 'the stock totals (migration 040) equal a recount');
};

test('a dispatch puts the goods in transit; the receipt takes in the good, writes off the damaged and records the short', async () => {
  const frame = stocked('FR-', 3);
  const lens = db().prepare(
    `SELECT i.id, i.code, s.batch_no, s.on_hand FROM stock s JOIN item i ON i.id = s.item_id WHERE s.branch_id = ? AND i.code LIKE 'CL-%' AND s.batch_no <> '' AND s.on_hand >= 2 AND s.expiry_date > '2027' ORDER BY i.code LIMIT 1`,
  ).get(branchId('AMD1')) as { id: number; code: string; batch_no: string; on_hand: number };
  const before = { frameA: onHand('AMD1', frame.code), frameB: onHand('SRT1', frame.code), lensA: onHand('AMD1', lens.code, lens.batch_no), lensB: onHand('SRT1', lens.code, lens.batch_no) };

  const destinations = await store.manager.call(api.Transfers.destinations, {});
  assert.deepEqual(destinations.map((d) => [d.code, d.documentKind]).sort(), [['MUM1', 'transfer_invoice'], ['SRT1', 'delivery_challan']]);

  const sent = await store.manager.call(api.Transfers.dispatch, {
    body: { toBranchId: encBranch('SRT1'), lines: [{ code: frame.code, qty: 3 }, { code: lens.code, batchNo: lens.batch_no, qty: 2 }], transportMode: 'hand', note: 'For the weekend sale' },
  });
  assert.equal(sent.documentKind, 'delivery_challan');
  assert.match(sent.documentNo, /^AMD1\/DC\/\d{4}-\d{2}\/.+-000001$/);
  assert.equal(sent.status, 'in_transit');
  assert.equal(sent.igst + sent.cgst + sent.sgst, 0);
  assert.deepEqual(sent.lines.map((l) => [l.code, l.batchNo, l.qty]), [[frame.code, frame.batch_no, 3], [lens.code, lens.batch_no, 2]]);
  // In transit: out of Navrangpura's stock, not yet in Adajan's.
  assert.equal(onHand('AMD1', frame.code), before.frameA - 3);
  assert.equal(onHand('SRT1', frame.code), before.frameB);
  assert.equal(onHand('AMD1', lens.code, lens.batch_no), before.lensA - 2);
  const companyId = (db().prepare('SELECT company_id FROM branch WHERE code = ?').get('AMD1') as { company_id: number }).company_id;
  assert.deepEqual(transfers(db()).inTransit(frame.id, companyId), [{ branch_id: branchId('SRT1'), branch_name: 'Adajan', qty: 3 }]);
  // The Stock screen shows it coming to Adajan; the sender's ledger names the challan.
  const atBranches = await store.manager.call(api.Stock.itemAtBranches, { query: { itemId: store.svc.server.deps.enc.encode('item', frame.id) } });
  assert.deepEqual(atBranches.branches.map((b) => [b.branchCode, b.inTransit]).sort(), [['AMD1', 0], ['MUM1', 0], ['SRT1', 3]]);
  const ledger = await store.manager.call(api.Stock.ledger, { query: { itemId: store.svc.server.deps.enc.encode('item', frame.id) } });
  assert.deepEqual([ledger.rows[0]!.document, ledger.rows[0]!.documentNo, ledger.rows[0]!.delta], ['transfer', sent.documentNo, -3]);
  const incoming = await srtCashier.call(api.Transfers.list, { query: { view: 'in-transit' } });
  assert.deepEqual(incoming.map((t) => t.documentNo), [sent.documentNo]);
  assert.equal((await store.manager.call(api.Transfers.list, { query: { view: 'outgoing' } }))[0]!.documentNo, sent.documentNo);
  const movements = db().prepare("SELECT branch_id, delta, reason, document FROM stock_movement WHERE document_id = ? ORDER BY id").all(store.svc.server.deps.enc.decode('transfer', sent.transferId));
  assert.deepEqual(movements, [
    { branch_id: branchId('AMD1'), delta: -3, reason: 'transfer', document: 'transfer' },
    { branch_id: branchId('AMD1'), delta: -2, reason: 'transfer', document: 'transfer' },
  ]);

  // The sender cannot receive its own dispatch.
  const frameLine = sent.lines[0]!.lineId;
  const lensLine = sent.lines[1]!.lineId;
  const notHere = await refused(store.manager.call(api.Transfers.receive, { params: { transferId: sent.transferId }, body: { lines: [{ lineId: frameLine, received: 3 }, { lineId: lensLine, received: 2 }] } }), 403);
  assert.equal(notHere.body.code, 'OTHER_BRANCH');
  assert.match(notHere.message, /goes to Adajan: it is received only there/);

  // At Adajan the cashier scans it in: of the three frames one is good, one damaged, one missing.
  const got = await srtCashier.call(api.Transfers.receive, {
    params: { transferId: sent.transferId },
    body: { lines: [{ lineId: frameLine, received: 1, damaged: 1 }, { lineId: lensLine, received: 2, damaged: 0 }], note: 'One box crushed' },
  });
  assert.equal(got.status, 'received_with_discrepancy');
  assert.deepEqual(got.lines.map((l) => [l.received, l.damaged, l.short]), [[1, 1, 1], [2, 0, 0]]);
  assert.deepEqual([got.received, got.damaged, got.short], [3, 1, 1]);
  assert.equal(onHand('SRT1', frame.code), before.frameB + 1);
  assert.equal(onHand('SRT1', lens.code, lens.batch_no), before.lensB + 2);
  assert.equal(onHand('AMD1', frame.code), before.frameA - 3);
  const atAdajan = db().prepare("SELECT delta, reason FROM stock_movement WHERE document_id = ? AND branch_id = ? ORDER BY id").all(store.svc.server.deps.enc.decode('transfer', sent.transferId), branchId('SRT1'));
  assert.deepEqual(atAdajan, [{ delta: 2, reason: 'transfer' }, { delta: -1, reason: 'write_off' }, { delta: 2, reason: 'transfer' }]);
  // Both branches see the discrepancy; nothing is in transit any more.
  const seenBySender = await store.manager.call(api.Transfers.detail, { params: { transferId: sent.transferId } });
  assert.equal(seenBySender.status, 'received_with_discrepancy');
  assert.equal(seenBySender.short, 1);
  assert.equal(seenBySender.canReceive, false);
  assert.deepEqual(transfers(db()).inTransit(frame.id, companyId), []);
  assert.deepEqual(await store.manager.call(api.Transfers.list, { query: { view: 'in-transit' } }), []);

  // Received once only.
  const again = await refused(srtCashier.call(api.Transfers.receive, { params: { transferId: sent.transferId }, body: { lines: [{ lineId: frameLine, received: 1 }, { lineId: lensLine, received: 0 }] } }), 409);
  assert.equal(again.body.code, 'TRANSFER_RECEIVED');

  // The printed challan: both branches' GSTINs and addresses, Rule 55, no tax.
  const html = Buffer.from((await store.manager.raw(api.Transfers.print, { params: { transferId: sent.transferId }, query: { format: 'html' } })).bytes).toString('utf8');
  assert.match(html, /DELIVERY CHALLAN/);
  assert.match(html, /RULE 55/);
  assert.match(html, /Navrangpura[\s\S]*Adajan/);
  assert.match(html, /Honey Park Road/);
  assert.equal((html.match(/GSTIN: 24AAHCD4821K1Z/g) ?? []).length, 2);
  assert.doesNotMatch(html, /IGST/);
  const pdf = await store.manager.raw(api.Transfers.print, { params: { transferId: sent.transferId }, query: { format: 'pdf' } });
  assert.equal(pdf.contentType, 'application/pdf');
  assert.equal(Buffer.from(pdf.bytes).subarray(0, 5).toString(), '%PDF-');
  stockIsSumOfMovements();
});

test('receiving more than was sent is refused naming the line; so is a line left unanswered; nothing is written', async () => {
  const frame = stocked('FR-', 2, 1);
  const sent = await store.manager.call(api.Transfers.dispatch, { body: { toBranchId: encBranch('SRT1'), lines: [{ code: frame.code, qty: 2 }] } });
  const was = written();
  const over = await refused(srtManager.call(api.Transfers.receive, { params: { transferId: sent.transferId }, body: { lines: [{ lineId: sent.lines[0]!.lineId, received: 2, damaged: 1 }] } }), 400);
  assert.match(over.message, new RegExp(`^Line 1 \\(.+\\): 2 sent, but 3 received with the damaged: more than was sent`));
  assert.deepEqual(over.fieldErrors('lines.0.received'), ['At most 2']);
  const none = await refused(srtManager.call(api.Transfers.receive, { params: { transferId: sent.transferId }, body: { lines: [] } }), 400);
  assert.match(none.message, /Say what arrived of line 1/);
  const bad = await refused(srtManager.call(api.Transfers.receive, { params: { transferId: sent.transferId }, body: { lines: [{ lineId: sent.lines[0]!.lineId, received: 1.5 }] } }), 400);
  assert.ok(bad.fieldErrors('lines.0.received').length);
  assert.equal(written(), was);
  assert.equal((await srtManager.call(api.Transfers.detail, { params: { transferId: sent.transferId } })).status, 'in_transit');
  // A branch that neither sent nor receives it does not see it.
  await refused(mumManager.call(api.Transfers.detail, { params: { transferId: sent.transferId } }), 404);
  stockIsSumOfMovements();
});

test('sending more than is on hand is refused naming the line; a cashier may not dispatch; nothing is written', async () => {
  const frame = stocked('FR-', 1, 2);
  const have = onHand('AMD1', frame.code);
  const was = written();
  const short = await refused(
    store.manager.call(api.Transfers.dispatch, { body: { toBranchId: encBranch('SRT1'), lines: [{ code: frame.code, qty: 1 }, { code: frame.code, qty: have }] } }),
    409,
  );
  assert.equal(short.body.code, 'STOCK_SHORT');
  assert.match(short.message, new RegExp(`^Line 2: only ${have - 1} of .+ can be sent from here, not ${have}\\. Nothing was sent\\.$`));
  const unknown = await refused(store.manager.call(api.Transfers.dispatch, { body: { toBranchId: encBranch('SRT1'), lines: [{ code: 'NO-SUCH-CODE', qty: 1 }] } }), 400);
  assert.deepEqual(unknown.fieldErrors('lines.0.code'), ['Not an item of this store']);
  const self = await refused(store.manager.call(api.Transfers.dispatch, { body: { toBranchId: encBranch('AMD1'), lines: [{ code: frame.code, qty: 1 }] } }), 400);
  assert.match(self.message, /cannot be sent to the branch they are at/);
  await refused(store.cashier.call(api.Transfers.dispatch, { body: { toBranchId: encBranch('SRT1'), lines: [{ code: frame.code, qty: 1 }] } }), 403);
  assert.equal(written(), was);
  assert.equal(onHand('AMD1', frame.code), have);
});

test('between branches in different states the transfer is an IGST tax invoice; over ₹50,000 it carries the e-way bill particulars', async () => {
  const frame = stocked('FR-', 2, 3);
  const lines = [{ code: frame.code, qty: 2, unitValue: 30000 }];
  const was = written();
  const noTransport = await refused(store.manager.call(api.Transfers.dispatch, { body: { toBranchId: encBranch('MUM1'), lines } }), 400);
  assert.match(noTransport.message, /e-way bill/);
  assert.ok(noTransport.fieldErrors('transportMode').length);
  const noVehicle = await refused(store.manager.call(api.Transfers.dispatch, { body: { toBranchId: encBranch('MUM1'), lines, transportMode: 'road', distanceKm: 530 } }), 400);
  assert.ok(noVehicle.fieldErrors('vehicleNo').length);
  assert.equal(written(), was);

  const sent = await store.manager.call(api.Transfers.dispatch, {
    body: { toBranchId: encBranch('MUM1'), lines, transportMode: 'road', vehicleNo: 'gj 01 ab 1234', distanceKm: 530, transporter: 'Shree Logistics' },
  });
  assert.equal(sent.documentKind, 'transfer_invoice');
  assert.match(sent.documentNo, /^AMD1\/\d\dT\/.+-\d+$/);
  assert.ok(sent.documentNo.length <= 16, sent.documentNo);
  assert.equal(sent.intraState, false);
  assert.equal(sent.taxable, 60000);
  const rate = sent.lines[0]!.gstRate;
  assert.ok(rate > 0);
  assert.equal(sent.igst, (60000 * rate) / 100);
  assert.deepEqual([sent.cgst, sent.sgst], [0, 0]);
  assert.equal(sent.total, 60000 + sent.igst);
  assert.equal(sent.ewayBillRequired, true);
  assert.equal(sent.vehicleNo, 'GJ01AB1234');

  const html = Buffer.from((await store.manager.raw(api.Transfers.print, { params: { transferId: sent.transferId }, query: { format: 'html' } })).bytes).toString('utf8');
  assert.match(html, /TAX INVOICE/);
  assert.match(html, /IGST/);
  assert.match(html, /E-way bill particulars/);
  assert.match(html, /GJ01AB1234/);
  assert.match(html, /530 km/);
  assert.match(html, /GSTIN: 24AAHCD4821K1Z[\s\S]*GSTIN: 27AAHCD4821K1Z/);
  assert.match(html, /Maharashtra \(27\)/);

  const got = await mumManager.call(api.Transfers.receive, { params: { transferId: sent.transferId }, body: { lines: [{ lineId: sent.lines[0]!.lineId, received: 2 }] } });
  assert.equal(got.status, 'received');
  assert.deepEqual(got.inputTax, { cgst: 0, sgst: 0, igst: sent.igst });
  assert.equal(onHand('MUM1', frame.code), 2);
  stockIsSumOfMovements();
});
