/** Item catalog over HTTP: item types, categories, item search, autocompletes, barcode look-up, stock. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { localDate } from '../../shared/domain/calendar.js';
import { catalogWriter } from '../../main/service/catalog/item-writer.js';
import { ITEM_TYPE } from '../../main/service/store/item-type.js';
import { items } from '../../main/service/store/item.js';
import { failure, otherCompany } from '../helpers/customers.js';
import { http, type TestService } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let optometrist: SignedIn;
let companyId: number;
before(async () => {
  ({ svc, cashier, optometrist } = await storeWithStaff());
  companyId = (svc.server.deps.db.prepare('SELECT id FROM company ORDER BY id LIMIT 1').get() as { id: number }).id;
});
after(() => svc.close());

const decode = (entity: 'item' | 'itemType' | 'category', id: string) => svc.server.deps.enc.decode(entity, id);
const TODAY = localDate(new Date());
const auth = () => ({ authorization: `Bearer ${cashier.token}` });

test('GetQuickSaleTypes: the sections of the active modules, or of the module asked for; Frame and Lens open by themselves', async () => {
  const all = await cashier.call(api.Common.quickSaleTypes, { body: {} });
  assert.deepEqual(
    all.map((t) => t.code),
    ['Frame', 'SunGlass', 'Lens', 'ContactLens', 'CLCP', 'Accessories', 'LeatherAccessories', 'GiftSets', 'MenAccessories', 'WomenAccessories', 'ImitationJewellery'],
  );
  assert.deepEqual(all.filter((t) => t.isAutoSection).map((t) => t.name), ['Frame', 'Spectacle Lens']);
  const watches = await cashier.call(api.Common.quickSaleTypes, { body: { moduleID: '3' } });
  assert.deepEqual(watches.map((t) => t.code), ['Watches']);
  const optical = await cashier.call(api.Common.quickSaleTypes, { body: { moduleID: all[0]!.moduleID } });
  assert.equal(optical.length, 5, 'an ENC module id from an earlier answer works too');
  const bad = await failure(cashier.call(api.Common.quickSaleTypes, { body: { moduleID: 'ENC_nonsense' } }), 400);
  assert.ok(bad.fieldErrors('moduleID').length > 0);
});

test('GetItemTypes lists every type; get-item-type-id turns the fixed number into its ENC id; unknown number is 404', async () => {
  const types = await optometrist.call(api.Common.itemTypes, {});
  assert.equal(types.length, 27, 'one per showQuickSaleAdd<X>Section flag');
  const lens = await cashier.call(api.QuickSale.itemTypeId, { query: { id: 3 } });
  assert.equal(lens.itemTypeName, 'Spectacle Lens');
  assert.equal(types.find((t) => t.name === 'Spectacle Lens')?.value, lens.itemTypeID);
  await failure(cashier.call(api.QuickSale.itemTypeId, { query: { id: 99 } }), 404);
  assert.equal((await http(`${svc.url}/api-v1/api/quickSale/get-item-type-id?id=abc`, { headers: auth() })).status, 400);
  assert.equal((await http(`${svc.url}/api-v1/api/quickSale/get-item-type-id`, { headers: auth() })).status, 400);
});

test('item types by module, categories by item type, sub-categories by category', async () => {
  const [optical] = await cashier.call(api.Common.quickSaleTypes, { body: {} });
  const types = await cashier.call(api.Common.itemTypesByModule, { body: { moduleID: optical!.moduleID } });
  assert.deepEqual(types.map((t) => t.name), ['Frame', 'SunGlass', 'Spectacle Lens', 'Contact Lens', 'Contact Lens Care']);
  const frames = types[0]!;
  const categories = await cashier.call(api.Common.categoriesByItemType, { body: { itemTypeID: frames.id } });
  assert.deepEqual(categories.map((c) => c.name), ['Full Rim', 'Half Rim', 'Rimless']);
  assert.ok(categories.every((c) => c.itemTypeID === frames.id));
  const subs = await cashier.call(api.Common.subCategoriesByCategory, { body: { categoryID: categories[0]!.id } });
  assert.ok(subs.length > 0 && subs.every((s) => s.categoryID === categories[0]!.id));
  assert.ok(subs.map((s) => s.name).every((n) => ['Kids', 'Men', 'Unisex', 'Women'].includes(n)));

  await failure(cashier.call(api.Common.itemTypesByModule, { body: {} }), 400);
  await failure(cashier.call(api.Common.categoriesByItemType, { body: { itemTypeID: '' } }), 400);
  const wrongKind = await failure(cashier.call(api.Common.categoriesByItemType, { body: { itemTypeID: categories[0]!.id } }), 400);
  assert.match(wrongKind.fieldErrors('itemTypeID').join(), /Not an? \w+ id/i);
  await failure(cashier.call(api.Common.subCategoriesByCategory, { body: { categoryID: frames.id } }), 400);
});

test('SearchItems: paged, filtered by type and category, matched by code, barcode, name or brand prefix', async () => {
  const all = await cashier.call(api.Common.searchItems, { body: {} });
  assert.equal(all.data.length, 20, 'pageSize defaults to 20');
  assert.ok(all.totalRows > 300, `a few hundred demo items, got ${all.totalRows}`);

  const frameType = (await cashier.call(api.QuickSale.itemTypeId, { query: { id: ITEM_TYPE.frame } })).itemTypeID;
  const frames = await cashier.call(api.Common.searchItems, { body: { itemTypeID: frameType, pageSize: 500 } });
  assert.ok(frames.data.every((i) => i.itemTypeID === frameType));
  assert.equal(frames.data.length, frames.totalRows);
  const first = frames.data[0]!;
  assert.equal(first.gstRate, 5, 'frames are 5 % since 22 Sep 2025');
  assert.equal(typeof first.stock, 'number');

  const page2 = await cashier.call(api.Common.searchItems, { body: { itemTypeID: frameType, pageNumber: 2, pageSize: 10 } });
  assert.deepEqual(page2.data.map((i) => i.id), frames.data.slice(10, 20).map((i) => i.id));

  const category = await cashier.call(api.Common.searchItems, { body: { categoryID: first.categoryID, pageSize: 500 } });
  assert.ok(category.data.every((i) => i.categoryID === first.categoryID) && category.totalRows > 0);

  const byBrand = await cashier.call(api.Common.searchItems, { body: { searchTerm: 'ray-b', pageSize: 500 } });
  assert.ok(byBrand.totalRows >= 20 && byBrand.data.every((i) => i.brand === 'Ray-Ban'));
  const byBarcode = await cashier.call(api.Common.searchItems, { body: { searchTerm: first.barcode! } });
  assert.deepEqual(byBarcode.data.map((i) => i.id), [first.id]);
  const byCode = await cashier.call(api.Common.searchItems, { body: { searchTerm: first.code.toLowerCase() } });
  assert.ok(byCode.data.some((i) => i.id === first.id), 'codes match without regard to case');
  const sunglasses = await cashier.call(api.Common.searchItems, { body: { searchTerm: 'ray-ban', itemTypeID: frameType } });
  assert.ok(sunglasses.data.every((i) => i.itemTypeID === frameType));

  const lenses = await cashier.call(api.Common.searchItems, { body: { searchTerm: 'zeiss' } });
  assert.ok(lenses.data.length > 0 && lenses.data.every((i) => i.stock === null), 'made-to-order lenses have no stock');
  assert.equal((await cashier.call(api.Common.searchItems, { body: { searchTerm: 'no such thing' } })).totalRows, 0);

  for (const body of [{ pageSize: 501 }, { pageNumber: 0 }, { pageSize: 0 }]) {
    await failure(cashier.call(api.Common.searchItems, { body }), 400);
  }
  const tampered = `${frameType.slice(0, -2)}${frameType.at(-2) === 'A' ? 'B' : 'A'}${frameType.at(-1)}`;
  const bad = await failure(cashier.call(api.Common.searchItems, { body: { itemTypeID: tampered } }), 400);
  assert.ok(bad.fieldErrors('itemTypeID').length > 0);
});

test('SearchItems: any part of a word of name, code, brand or model, every word, ranked (trigram index)', async () => {
  const aviators = await cashier.call(api.Common.searchItems, { body: { searchTerm: 'aviator', pageSize: 500 } });
  assert.ok(aviators.totalRows > 0 && aviators.data.every((i) => /aviator/i.test(i.name)), 'a word inside the name');
  const rayAviators = await cashier.call(api.Common.searchItems, { body: { searchTerm: 'AVIATOR ray', pageSize: 500 } });
  assert.ok(rayAviators.totalRows > 0 && rayAviators.totalRows < aviators.totalRows, 'every word must match');
  assert.ok(rayAviators.data.every((i) => /aviator/i.test(i.name) && i.brand === 'Ray-Ban'));

  const [sample] = aviators.data;
  const inner = sample!.code.slice(1); // the code without its first letter: "contains", not "starts with"
  const byInner = await cashier.call(api.Common.searchItems, { body: { searchTerm: inner, pageSize: 500 } });
  assert.equal(byInner.data[0]!.id === sample!.id || byInner.data.some((i) => i.id === sample!.id), true, `"${inner}" finds ${sample!.code}`);
  const byCode = await cashier.call(api.Common.searchItems, { body: { searchTerm: sample!.code } });
  assert.equal(byCode.data[0]!.id, sample!.id, 'the item whose code is the term ranks first');

  // Ranked in groups (the exact code, words that start with the term, the rest), each by name,
  // and pages of any size walk the same order across the groups' edges, nothing twice or missed.
  const modelOf = svc.server.deps.db.prepare<[string, number], { model: string | null }>('SELECT model FROM item WHERE code = ? AND company_id = ?');
  const startsWith = (term: string) => (i: (typeof aviators.data)[number]) =>
    [i.name, i.brand ?? ''].some((text) => ` ${text.toLowerCase()}`.includes(` ${term}`)) ||
    [i.code, modelOf.get(i.code, companyId)?.model ?? ''].some((t) => t.toLowerCase().startsWith(term));
  let term = '';
  let whole = aviators;
  for (const candidate of ['ray', 'ban', 'lue', 'ack', 'ver', 'old', 'ght']) {
    whole = await cashier.call(api.Common.searchItems, { body: { searchTerm: candidate, pageSize: 500 } });
    const kinds = new Set(whole.data.map(startsWith(candidate)));
    if (whole.totalRows > 7 && whole.totalRows < 500 && kinds.size === 2) {
      term = candidate;
      break;
    }
  }
  assert.ok(term, 'a word of the sample catalog matches both at a word start and inside words');
  const groups = whole.data.map(startsWith(term));
  assert.equal(groups.indexOf(false) > 0 && groups.lastIndexOf(true) < groups.indexOf(false), true, 'every word start comes before the rest');
  const paged = [];
  for (let pageNumber = 1; paged.length < whole.data.length; pageNumber += 1) {
    const page = await cashier.call(api.Common.searchItems, { body: { searchTerm: term, pageSize: 7, pageNumber } });
    assert.ok(page.data.length > 0, `page ${pageNumber} is not empty`);
    paged.push(...page.data.map((i) => i.id));
  }
  assert.deepEqual(paged, whole.data.map((i) => i.id), 'pages of 7 give the one-page order');

  const brandInside = await cashier.call(api.Common.searchItems, { body: { searchTerm: 'akley', pageSize: 500 } });
  assert.ok(brandInside.totalRows > 0 && brandInside.data.every((i) => i.brand === 'Oakley'), 'part of a brand');
  const shortWord = await cashier.call(api.Common.searchItems, { body: { searchTerm: 'aviator rb', pageSize: 500 } });
  assert.ok(shortWord.totalRows > 0 && shortWord.data.every((i) => /rb/i.test(`${i.code} ${i.name} ${i.brand}`)), 'a two-letter word narrows');

  // The index follows every write: a renamed brand is found by its new name at once.
  const db = svc.server.deps.db;
  const brand = db.prepare("SELECT id, name FROM brand WHERE name = 'Polaroid' AND company_id = ?").get(companyId) as { id: number; name: string };
  db.prepare("UPDATE brand SET name = 'Polaroid Zyxwv' WHERE id = ?").run(brand.id);
  try {
    const renamed = await cashier.call(api.Common.searchItems, { body: { searchTerm: 'zyxwv' } });
    assert.ok(renamed.totalRows > 0 && renamed.data.every((i) => i.brand === 'Polaroid Zyxwv'));
  } finally {
    db.prepare('UPDATE brand SET name = ? WHERE id = ?').run(brand.name, brand.id);
  }
  assert.equal((await cashier.call(api.Common.searchItems, { body: { searchTerm: 'zyxwv' } })).totalRows, 0);
});

test('GetFrameSunGlassForAutoComplete: frames and sunglasses only, at most 20, exact code first', async () => {
  const hits = await cashier.call(api.QuickSale.frameSunGlassAutoComplete, { query: { term: 'ray' } });
  assert.equal(hits.length, 20);
  const types = new Set(hits.map((h) => items(svc.server.deps.db).byId(companyId, decode('item', h.id), TODAY)!.item_type_id));
  assert.ok([...types].every((t) => t === ITEM_TYPE.frame || t === ITEM_TYPE.sunGlass));
  const target = hits[7]!;
  const exact = await cashier.call(api.QuickSale.frameSunGlassAutoComplete, { query: { term: target.code, yearId: 5 } });
  assert.equal(exact[0]!.id, target.id);
  assert.deepEqual(await cashier.call(api.QuickSale.frameSunGlassAutoComplete, { query: { term: 'zeiss' } }), [], 'lenses are not frames');
  assert.equal((await cashier.call(api.QuickSale.frameSunGlassAutoComplete, { query: { term: '' } })).length, 20);
  assert.equal((await http(`${svc.url}/api-v1/api/quickSale/GetFrameSunGlassForAutoComplete`, { headers: auth() })).status, 400, 'term is required');
});

test('GetSpectacleLensForAutoComplete: lenses by code, name or brand, stock null', async () => {
  const hits = await optometrist.call(api.QuickSale.spectacleLensAutoComplete, { query: { term: 'ess' } });
  assert.ok(hits.length > 0 && hits.every((h) => h.name.startsWith('Essilor') && h.stock === null));
  const byCode = await optometrist.call(api.QuickSale.spectacleLensAutoComplete, { query: { term: 'LN-HOY' } });
  assert.ok(byCode.length > 0 && byCode.every((h) => h.code.startsWith('LN-HOY')));
  assert.deepEqual(await optometrist.call(api.QuickSale.spectacleLensAutoComplete, { query: { term: 'Ray-Ban' } }), []);
});

test('getItemDetailFromCode: barcode or item code; an unknown code is a clean 404', async () => {
  const [item] = (await cashier.call(api.Common.searchItems, { body: { searchTerm: 'FR-' } })).data;
  const byBarcode = await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: item!.barcode! } });
  assert.equal(byBarcode.id, item!.id);
  assert.equal(byBarcode.itemTypeID, item!.itemTypeID);
  assert.equal(byBarcode.price, item!.price);
  const byCode = await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: item!.code.toLowerCase() } });
  assert.equal(byCode.id, item!.id);
  const unknown = await failure(cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: '0000000000000' } }), 404);
  assert.match(unknown.message, /No item/);
  assert.equal(unknown.body.errors, undefined);
  const blank = await http(`${svc.url}/api-v1/api/quickSale/getItemDetailFromCode?code=%20`, { headers: auth() });
  assert.equal(blank.status, 400);
});

test('getExactItemStock: the signed-in branch, batches past expiry left out; made-to-order null; other companies 404', async () => {
  const { db, ids } = svc.server.deps;
  const branchId = (db.prepare("SELECT id FROM branch WHERE code = 'AMD1'").get() as { id: number }).id;
  const surat = (db.prepare("SELECT id FROM branch WHERE code = 'SRT1'").get() as { id: number }).id;
  const itemId = db.transaction(() => {
    const writer = catalogWriter(db, ids, companyId, new Date().toISOString());
    const { id } = writer.save({
      itemTypeId: ITEM_TYPE.contactLensCare, category: 'Solutions', subCategory: null, brand: 'Test Brand', code: 'T-SOL-1', barcode: '2000000000015',
      name: 'Test Solution 100 ml', model: null, colour: null, size: '100 ml', material: null, hsnCode: '33079090', salePrice: 25000, mrp: 25000,
      cost: null, priceIncludesTax: true, madeToOrder: false, lensIndex: null, coating: null, powerFrom: null, powerTo: null, cylTo: null,
      power: null, baseCurve: null, diameter: null, isActive: true,
    });
    writer.setStock(id, branchId, 3, { batchNo: 'OLD', expiry: '2020-01-31' });
    writer.setStock(id, branchId, 7, { batchNo: 'NEW', expiry: '2099-01-31' });
    writer.setStock(id, surat, 40, { batchNo: 'NEW', expiry: '2099-01-31' });
    return id;
  })();
  assert.deepEqual(await cashier.call(api.QuickSale.exactItemStock, { query: { itemId } }), { itemID: svc.server.deps.enc.encode('item', itemId), stock: 7 });
  const detail = await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: '2000000000015' } });
  assert.equal(detail.stock, 7);
  assert.equal(detail.price, 250);

  const lens = (await cashier.call(api.QuickSale.spectacleLensAutoComplete, { query: { term: 'LN-' } }))[0]!;
  assert.equal((await cashier.call(api.QuickSale.exactItemStock, { query: { itemId: decode('item', lens.id) } })).stock, null);

  const other = otherCompany(svc);
  const foreign = db.transaction(() =>
    catalogWriter(db, ids, other.companyId, new Date().toISOString()).save({ ...items(db).byId(companyId, itemId, TODAY)!, itemTypeId: 1, category: null, subCategory: null,
      brand: null, code: 'THEIRS', barcode: '2000000000015', hsnCode: null, salePrice: 100, mrp: 100, cost: null, priceIncludesTax: true, madeToOrder: false,
      lensIndex: null, coating: null, powerFrom: null, powerTo: null, cylTo: null, power: null, baseCurve: null, diameter: null, isActive: true }),
  )();
  await failure(cashier.call(api.QuickSale.exactItemStock, { query: { itemId: foreign.id } }), 404);
  assert.equal((await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: '2000000000015' } })).id, detail.id, 'the same barcode in another company stays theirs');
  await failure(cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: 'THEIRS' } }), 404);
  assert.equal((await http(`${svc.url}/api-v1/api/quickSale/getExactItemStock?itemId=ENC_x`, { headers: auth() })).status, 400);
});

test('search-contact-lens: by power, by name or brand; BC and DIA as the Rx grid writes them', async () => {
  const byPower = await cashier.call(api.QuickSale.searchContactLens, { body: { term: '-2.5' } });
  assert.ok(byPower.length >= 5 && byPower.every((l) => l.spherical === '-2.50'));
  const biofinity = byPower.find((l) => l.name.startsWith('Biofinity'))!;
  assert.deepEqual([biofinity.baseCurve, biofinity.diameter], ['8.6', '14.0']);
  const byName = await cashier.call(api.QuickSale.searchContactLens, { body: { term: 'acuvue' } });
  assert.equal(byName.length, 20);
  assert.ok(byName.every((l) => l.name.includes('Acuvue')));
  assert.ok((await cashier.call(api.QuickSale.searchContactLens, { body: {} })).length > 0, 'no term: the first lenses by name');
});

test('look-ups stay index range scans on the item table (EXPLAIN QUERY PLAN)', () => {
  const store = items(svc.server.deps.db);
  // Two letters: the prefix ranges; three or more: the trigram index (below).
  const typed = store.plans({ companyId, itemTypeId: ITEM_TYPE.frame, term: 'ra', offset: 0, limit: 20, day: TODAY }, ITEM_TYPE.frame);
  const untyped = store.plans({ companyId, term: 'ra', offset: 0, limit: 20, day: TODAY }, ITEM_TYPE.frame);
  // Three or more letters: the ranked groups (exact code, word starts, the rest), each from an index.
  const oneWord = store.plans({ companyId, term: 'aviator', offset: 0, limit: 20, day: TODAY }, ITEM_TYPE.frame).search!.join(' | ');
  assert.match(oneWord, /SCAN s VIRTUAL TABLE INDEX \d+:M/, `one word: its word-start group is read from the word-start index: ${oneWord}`);
  const ranked = store.plans({ companyId, term: 'aviator ray', offset: 0, limit: 20, day: TODAY }, ITEM_TYPE.frame);
  const words = ranked.search!.join(' | ');
  assert.match(words, /SCAN f VIRTUAL TABLE INDEX \d+:M.*SCAN item_start VIRTUAL TABLE/, `more words: all of them, then the word start: ${words}`);
  assert.match(words, /SEARCH i USING INTEGER PRIMARY KEY/, words);
  assert.match(ranked.searchRest!.join(' | '), /SCAN f VIRTUAL TABLE INDEX \d+:M/, 'the rest reads the word index');
  assert.match(ranked.searchExact!.join(' | '), /item_company_(code|barcode)/, 'the exact code is an index look-up');
  for (const [name, plan] of Object.entries(ranked)) assert.doesNotMatch(plan.join(' | '), /SCAN (i|item)\b(?! USING)/, `${name}: ${plan.join(' | ')}`);
  for (const [name, plan] of Object.entries({ ...typed, untypedSearch: untyped.search ?? [] })) {
    const text = plan.join(' | ');
    assert.doesNotMatch(text, /SCAN (i|item)\b(?! USING)/, `${name} must not scan the item table: ${text}`);
  }
  assert.match(typed.barcode!.join(), /item_company_barcode \(company_id=\? AND barcode=\?\)/);
  assert.match(typed.code!.join(), /item_company_code \(company_id=\? AND code=\?\)/);
  for (const column of ['code', 'barcode', 'name', 'model']) {
    // Either the (company, type, column) or the (company, column) index: both are ranges on the column.
    assert.match(typed[`${column}Prefix`]!.join(), new RegExp(`item_(type|company)_${column} \\(company_id=\\? (AND item_type_id=\\? )?AND ${column}>\\? AND ${column}<\\?\\)`));
    assert.match(untyped.search!.join(), new RegExp(`item_company_${column} \\(company_id=\\? AND ${column}>\\? AND ${column}<\\?\\)`));
  }
  assert.match(typed.search!.join(), /item_type_name \(company_id=\? AND item_type_id=\? AND name>\? AND name<\?\)/);
});

test('every catalog look-up needs a token', async () => {
  for (const path of ['/api/Common/GetItemTypes', '/api/quickSale/getItemDetailFromCode?code=1', '/api/quickSale/GetFrameSunGlassForAutoComplete?term=a']) {
    assert.equal((await http(`${svc.url}/api-v1${path}`)).status, 401, path);
  }
});
