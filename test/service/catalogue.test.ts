/** Head office's catalogue over HTTP: models with variants, barcodes, dated price changes, history, branch PCs read-only, the import's same words. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { localDate } from '../../shared/domain/calendar.js';
import { ean13CheckDigit } from '../../main/service/catalog/barcode.js';
import { importItems } from '../../main/service/catalog/import.js';
import { failure } from '../helpers/customers.js';
import { openTillOnce, type TestService } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let manager: SignedIn;
let cashier: SignedIn;
let frameType: string;
let lensType: string;
before(async () => {
  ({ svc, manager, cashier } = await storeWithStaff());
  frameType = (await cashier.call(api.QuickSale.itemTypeId, { query: { id: 1 } })).itemTypeID;
  lensType = (await cashier.call(api.QuickSale.itemTypeId, { query: { id: 3 } })).itemTypeID;
});
after(() => svc.close());

const DAY = 86_400_000;
const today = () => localDate(svc.clock.now);
const dayAfter = (n: number) => localDate(new Date(svc.clock.now.getTime() + n * DAY));

const frameModel = (model: string, variants: Array<{ code: string; colour: string; size: string; barcode?: string }>) => ({
  itemTypeID: frameType, brand: 'Vogue Test', model, category: 'Full Rim', hsnCode: '90031900', mrp: 2500, salePrice: 1999, cost: 900, reorderLevel: 2, variants,
});

test('a frame model with colours × sizes: one item each, grouped under the model, each with a store barcode of the right check digit', async () => {
  const made = await manager.call(api.Catalogue.createModel, {
    body: frameModel('VT-100', [
      { code: 'VT100-BLK-52', colour: 'Black', size: '52' },
      { code: 'VT100-BLK-54', colour: 'Black', size: '54' },
      { code: 'VT100-TOR-52', colour: 'Tortoise', size: '52' },
    ]),
  });
  assert.equal(made.items.length, 3);
  assert.deepEqual(made.items.map((i) => i.name), ['Vogue Test VT-100 Black 52', 'Vogue Test VT-100 Black 54', 'Vogue Test VT-100 Tortoise 52']);
  for (const item of made.items) {
    assert.match(item.barcode!, /^2\d{12}$/, 'in-store range');
    assert.equal(item.barcode!.at(-1), ean13CheckDigit(item.barcode!.slice(0, 12)));
    assert.equal(item.storeBarcode, true);
    assert.deepEqual([item.salePrice, item.mrp, item.reorderLevel, item.gstRate], [1999, 2500, 2, 5]);
  }
  assert.equal(new Set(made.items.map((i) => i.barcode)).size, 3);
  // The counter finds a variant by its barcode, at its price.
  const scanned = await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: made.items[2]!.barcode! } });
  assert.equal(scanned.code, 'VT100-TOR-52');

  const found = await cashier.call(api.Catalogue.find, { body: { searchTerm: 'tortoise' } });
  const group = found.data.find((g) => g.model === 'VT-100');
  assert.ok(group, 'a word of one variant finds its model');
  assert.deepEqual(group.variants.map((v) => v.code), ['VT100-BLK-52', 'VT100-BLK-54', 'VT100-TOR-52'], 'with all its variants, by colour then size');
  assert.equal(group.brand, 'Vogue Test');
});

test('edit, take off sale and put back; an inactive item is not sold nor found unless asked', async () => {
  const [item] = (await manager.call(api.Catalogue.createModel, { body: frameModel('VT-200', [{ code: 'VT200-BLU-50', colour: 'Blue', size: '50' }]) })).items;
  const { itemID, itemType: _t, storeBarcode: _s, gstRate: _g, nextPrice: _n, isActive: _a, ...fields } = item!;
  const edited = await manager.call(api.Catalogue.update, { body: { ...fields, itemID, name: 'Vogue Test VT-200 Navy 50', colour: 'Navy', reorderLevel: 4 } });
  assert.deepEqual([edited.name, edited.colour, edited.reorderLevel, edited.barcode], ['Vogue Test VT-200 Navy 50', 'Navy', 4, item!.barcode]);

  const off = await manager.call(api.Catalogue.setActive, { body: { itemID, isActive: false } });
  assert.equal(off.isActive, false);
  await failure(cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: 'VT200-BLU-50' } }), 404);
  assert.equal((await cashier.call(api.Catalogue.find, { body: { searchTerm: 'VT-200' } })).data.length, 0);
  assert.equal((await cashier.call(api.Catalogue.find, { body: { searchTerm: 'VT-200', includeInactive: true } })).data.length, 1);
  await manager.call(api.Catalogue.setActive, { body: { itemID, isActive: true } });
  assert.equal((await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: 'VT200-BLU-50' } })).name, 'Vogue Test VT-200 Navy 50');
  // Cashiers read, never write.
  await failure(cashier.call(api.Catalogue.setActive, { body: { itemID, isActive: false } }), 403);
});

test('a supplier EAN-13 is kept when right, refused naming the field when wrong; one barcode is never two items (409 naming the other)', async () => {
  const good = '8901234567890';
  assert.equal(good.at(-1), ean13CheckDigit(good.slice(0, 12)));
  const made = await manager.call(api.Catalogue.createModel, { body: frameModel('VT-300', [{ code: 'VT300-RED-51', colour: 'Red', size: '51', barcode: good }]) });
  assert.deepEqual([made.items[0]!.barcode, made.items[0]!.storeBarcode], [good, false]);

  const wrong = await failure(manager.call(api.Catalogue.createModel, { body: frameModel('VT-301', [{ code: 'VT301-A', colour: 'A', size: '1', barcode: '8901234567893' }]) }), 400);
  assert.match(wrong.fieldErrors('variants.0.barcode').join(), /wrong check digit \(the last digit should be 0\)/);
  const notEan = await failure(manager.call(api.Catalogue.createModel, { body: frameModel('VT-301', [{ code: 'VT301-A', colour: 'A', size: '1', barcode: 'ABC-1' }]) }), 400);
  assert.match(notEan.fieldErrors('variants.0.barcode').join(), /not an EAN-13/);

  const twice = await failure(manager.call(api.Catalogue.createModel, { body: frameModel('VT-302', [{ code: 'VT302-A', colour: 'A', size: '1', barcode: good }]) }), 409);
  assert.equal(twice.body.code, 'BARCODE_TAKEN');
  assert.match(twice.body.message, /Barcode 8901234567890 is already on item VT300-RED-51/);
  const sameCode = await failure(manager.call(api.Catalogue.createModel, { body: frameModel('VT-303', [{ code: 'vt300-red-51', colour: 'A', size: '1' }]) }), 409);
  assert.equal(sameCode.body.code, 'CODE_TAKEN');
  assert.equal((await cashier.call(api.Catalogue.find, { body: { searchTerm: 'VT-302' } })).data.length, 0, 'nothing was written');
  // The unique index stands behind the check.
  assert.throws(() => svc.server.deps.db.prepare("UPDATE item SET barcode = ? WHERE code = 'VT100-BLK-52'").run(good), /UNIQUE/);
});

test('a price rule over a brand from a later day: today’s price until then, the new one from that day; history says who, when, old, new', async () => {
  await manager.call(api.Catalogue.createModel, { body: frameModel('VT-400', [{ code: 'VT400-GRN-49', colour: 'Green', size: '49' }]) });
  const from = dayAfter(3);
  const rule = await manager.call(api.Catalogue.changePrices, { body: { brand: 'Vogue Test', mode: 'percent', value: 10, effectiveFrom: from } });
  assert.ok(rule.items.length >= 5);
  const line = rule.items.find((i) => i.code === 'VT400-GRN-49')!;
  assert.deepEqual([line.oldPrice, line.newPrice], [1999, 2199], '+10 % rounded to the rupee');
  assert.equal((await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: 'VT400-GRN-49' } })).price, 1999, 'not yet');

  svc.clock.advance(3 * DAY);
  try {
    const cashier = await svc.as('cashier');
    assert.equal((await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: 'VT400-GRN-49' } })).price, 2199, 'on its day');
    const history = await cashier.call(api.Catalogue.priceHistory, { params: { itemID: line.itemID } });
    assert.equal(history.rows.length, 1);
    assert.deepEqual([history.rows[0]!.oldPrice, history.rows[0]!.newPrice, history.rows[0]!.effectiveFrom, history.rows[0]!.pending], [1999, 2199, from, false]);
    assert.match(history.rows[0]!.reason, /Vogue Test \+10 %/);
    assert.ok(history.rows[0]!.changedBy);
  } finally {
    svc.clock.advance(-3 * DAY);
  }
});

test('a price above the MRP is refused naming the item, and nothing changes; the past is refused too', async () => {
  const above = await failure(manager.call(api.Catalogue.changePrices, { body: { brand: 'Vogue Test', mode: 'fixed', value: 2600, effectiveFrom: today() } }), 400);
  assert.equal(above.body.code, 'PRICE_ABOVE_MRP');
  assert.match(above.body.message, /above its MRP ₹2,500/);
  assert.match(above.body.message, /item VT\d+-/);
  assert.equal((await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: 'VT100-BLK-52' } })).price, 1999);
  const past = await failure(manager.call(api.Catalogue.changePrices, { body: { brand: 'Vogue Test', mode: 'percent', value: -5, effectiveFrom: dayAfter(-1) } }), 400);
  assert.ok(past.fieldErrors('effectiveFrom').length > 0);
});

test('a cart already open keeps the price its line was added at; a new cart gets the new price', async () => {
  const [lens] = (await manager.call(api.Catalogue.createModel, {
    body: { itemTypeID: lensType, brand: 'Test Optics', model: 'TO SV 1.56', hsnCode: '9001', mrp: 3000, salePrice: 2000, lensIndex: '1.56', coating: 'Blue Cut', powerFrom: '-8.00', powerTo: '+6.00', cylTo: '-2.00', variants: [{ code: 'TO-SV156' }] },
  })).items;
  assert.equal(lens!.madeToOrder, true, 'a spectacle lens is made to order unless said');
  await openTillOnce(cashier);
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens!.itemID, qty: 1 } });
  await manager.call(api.Catalogue.changePrices, { body: { itemIDs: [lens!.itemID], mode: 'fixed', value: 2400, effectiveFrom: today() } });
  // The cashier may still change the line's quantity: its price is the one it was added at, no manager needed.
  const view = await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  await cashier.call(api.QuickSale.updateSalesOrderTempValues, { body: { id: view.items[0]!.id, qty: 2 } });
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Cart', lastName: 'Keeper' } })).customerID;
  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: null, allowZeroAmountReceiptInQuickSale: true },
  });
  const [orderLine] = await cashier.call(api.Orders.items, { params: { salesOrderId: sale.salesOrderID } });
  assert.deepEqual([orderLine!.price, orderLine!.qty], [2000, 2], 'the open cart’s price');
  assert.equal((await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: 'TO-SV156' } })).price, 2400, 'the new price for the next sale');
});

test('on a branch’s PC the catalogue is read-only: every change is a 403 HEAD_OFFICE_ONLY saying why; reads still work', async () => {
  const { db } = svc.server.deps;
  const before = db.prepare('SELECT head_office FROM sync_state WHERE id = 1').get() as { head_office: string };
  db.prepare("UPDATE sync_state SET head_office = '[9]' WHERE id = 1").run();
  try {
    const access = await manager.call(api.Catalogue.access, {});
    assert.deepEqual([access.canEdit, access.headOffice], [false, false]);
    assert.match(access.message!, /Items are changed at head office/);
    const refused = await failure(manager.call(api.Catalogue.createModel, { body: frameModel('VT-900', [{ code: 'VT900-A', colour: 'A', size: '1' }]) }), 403);
    assert.equal(refused.body.code, 'HEAD_OFFICE_ONLY');
    assert.match(refused.body.message, /^Items are changed at head office/);
    await failure(manager.call(api.Catalogue.changePrices, { body: { brand: 'Vogue Test', mode: 'percent', value: 1, effectiveFrom: today() } }), 403);
    const found = await manager.call(api.Catalogue.find, { body: { searchTerm: 'VT-100' } });
    await failure(manager.call(api.Catalogue.setActive, { body: { itemID: found.data[0]!.variants[0]!.itemID, isActive: false } }), 403);
  } finally {
    db.prepare('UPDATE sync_state SET head_office = ? WHERE id = 1').run(before.head_office);
  }
  assert.equal((await manager.call(api.Catalogue.access, {})).canEdit, true, 'a store on its own is its own head office');
});

test('the import refuses a row with the same words as the screen refuses the field', async () => {
  const screen = await failure(manager.call(api.Catalogue.createModel, { body: { ...frameModel('VT-500', [{ code: 'VT500-A', colour: 'A', size: '1' }]), salePrice: 3000 } }), 400);
  const words = screen.fieldErrors('salePrice')[0]!;
  assert.equal(words, 'Selling price ₹3,000 is above the MRP ₹2,500');
  const companyId = (svc.server.deps.db.prepare('SELECT id FROM company ORDER BY id LIMIT 1').get() as { id: number }).id;
  const report = importItems(svc.server.deps.db, svc.server.deps.ids, companyId, 'item_type,code,name,sale_price,mrp,barcode\nFrame,VT500-A,X,3000,2500,8901234567893\n', svc.clock.now);
  assert.equal(report.created, 0);
  assert.match(report.problems[0]!.reason, new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.match(report.problems[0]!.reason, /Barcode 8901234567893 has a wrong check digit/);
});
