/** CSV import: good rows in one transaction, bad rows by line and reason, stock visible over HTTP after. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { api } from '../../shared/endpoints/index.js';
import { importItems } from '../../main/service/catalog/import.js';
import { items } from '../../main/service/store/item.js';
import { failure } from '../helpers/customers.js';
import { type TestService } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let companyId: number;
before(async () => {
  ({ svc, cashier } = await storeWithStaff());
  companyId = (svc.server.deps.db.prepare('SELECT id FROM company ORDER BY id LIMIT 1').get() as { id: number }).id;
});
after(() => svc.close());

const run = (csv: string) => importItems(svc.server.deps.db, svc.server.deps.ids, companyId, csv, new Date());
const HEADER = 'item_type,code,barcode,name,brand,category,sub_category,sale_price,mrp,hsn_code,branch,stock,batch_no,expiry_date,power,base_curve,diameter,made_to_order';

test('good rows are imported, bad ones reported by line and reason', async () => {
  const csv = [
    `\uFEFF${HEADER}`,
    'Frame,IMP-F1,8909999000010,"Titan Octa, Matte Black",Titan,Full Rim,Men,"1,499.50",1999,90031900,AMD1,5,,,,,,',
    'Contact Lens,IMP-CL1,8909999000027,Biofinity -2.00 (6 lenses),CooperVision,Monthly,Spherical,2400,2400,90013000,SRT1,9,B77,2027-06-30,-2.00,8.6,14.0,',
    'Spectacle Lens,IMP-L1,,Kodak Single Vision 1.60 Blue Cut,Kodak,Single Vision,,3500,3500,90015000,,,,,,,,',
    'Frame,,8909999000034,No code,,,,100,100,,,,,,,,,',
    'Watch,IMP-W1,,Not a type,,,,100,100,,,,,,,,,',
    'Frame,IMP-F2,8909999000010,Same barcode,,,,100,90,,,,,,,,,',
    'Frame,IMP-F3,,Bad price,,,,12.345,20,9003,,,,,,,,',
    'Spectacle Lens,IMP-L2,,Lens with stock,,,,900,900,,AMD1,4,,,,,,',
    'Contact Lens,IMP-CL2,,Bad power,,,,900,900,,AMD1,1,,,-2.10,,,',
    'Frame,IMP-F4,,Unknown branch,,,,900,900,,XXX9,1,,,,,,',
    'Frame,imp-f1,,Twice,,,,900,900,,,,,,,,,',
    'Frame,IMP-F5,,Short row',
    'Frame,IMP-F6,,Bad expiry,,,,900,900,,AMD1,1,,31/12/2026,,,,',
  ].join('\r\n');
  const report = run(csv);
  assert.deepEqual([report.created, report.updated, report.stockRows], [3, 0, 2]);
  const byLine = Object.fromEntries(report.problems.map((p) => [p.line, p.reason]));
  assert.deepEqual(Object.keys(byLine).map(Number), [5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  assert.match(byLine[5]!, /Item code is needed/);
  assert.match(byLine[6]!, /Item type "Watch" is not an item type/);
  assert.match(byLine[7]!, /Barcode 8909999000010 is already on line 2/);
  assert.match(byLine[7]!, /Selling price ₹100 is above the MRP ₹90/, 'every reason of a row, not just the first');
  assert.match(byLine[8]!, /Selling price "12.345" is not an amount/);
  assert.match(byLine[9]!, /made-to-order item has no stock/);
  assert.match(byLine[10]!, /Power "-2.10" is not a power in 0.25 steps/);
  assert.match(byLine[11]!, /branch "XXX9" is not a branch/);
  assert.match(byLine[12]!, /Item code imp-f1 is already on line 2/);
  assert.match(byLine[13]!, /4 fields where the header has 18/);
  assert.match(byLine[14]!, /expiry_date "31\/12\/2026"/);

  const frame = await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: '8909999000010' } });
  assert.deepEqual([frame.name, frame.price, frame.mrp, frame.stock], ['Titan Octa, Matte Black', 1499.5, 1999, 5]);
  const lens = await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: 'IMP-CL1' } });
  assert.equal(lens.stock, 0, 'the stock went to Surat; the cashier signs in at Navrangpura');
  const [cl] = await cashier.call(api.QuickSale.searchContactLens, { body: { term: 'IMP-CL1' } });
  assert.deepEqual([cl!.spherical, cl!.baseCurve, cl!.diameter], ['-2.00', '8.6', '14.0']);
  const spectacle = await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: 'imp-l1' } });
  assert.equal(spectacle.stock, null, 'spectacle lenses are made to order unless the file says otherwise');
  const [found] = (await cashier.call(api.Common.searchItems, { body: { searchTerm: 'IMP-F1' } })).data;
  assert.deepEqual([found!.brand, found!.gstRate, found!.hsnCode], ['Titan', 5, '90031900']);
  await failure(cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: 'IMP-F5' } }), 404);
});

test('a known code is updated, its stock count replaced', async () => {
  run(`${HEADER}\nFrame,IMP-U1,,Before,,,,1000,1000,,AMD1,2,,,,,,`);
  const report = run(`${HEADER}\nFrame,imp-u1,8909999000041,After,Fastrack,Half Rim,,800,1000,,AMD1,6,,,,,,`);
  assert.deepEqual([report.created, report.updated, report.problems], [0, 1, []]);
  const item = await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: '8909999000041' } });
  assert.deepEqual([item.name, item.price, item.stock], ['After', 800, 6]);
  const stocked = await cashier.call(api.QuickSale.exactItemStock, { query: { itemId: svc.server.deps.enc.decode('item', item.id) } });
  assert.equal(stocked.stock, 6);
});

test('a bad header refuses the whole file before any row', () => {
  const report = run('item_type,code,name,price\nFrame,H1,x,100\n');
  assert.equal(report.created, 0);
  assert.deepEqual(report.problems.map((p) => p.reason), ['unknown column "price"', 'missing column "sale_price"', 'missing column "mrp"']);
  assert.deepEqual(run('').problems, [{ line: 1, reason: 'the file is empty' }]);
  assert.match(run(`${HEADER}\nFrame,"Q1,x\n`).problems[0]!.reason, /never closed/);
});

test('an error while writing rolls back every row: nothing is half-imported', () => {
  const { db } = svc.server.deps;
  const before = items(db).count(companyId);
  db.exec(`CREATE TEMP TRIGGER refuse_boom BEFORE INSERT ON item WHEN NEW.code = 'BOOM' BEGIN SELECT RAISE(ABORT, 'disk trouble'); END`);
  try {
    assert.throws(() => run(`${HEADER}\nFrame,OK-1,,Fine,,,,100,100,,AMD1,1,,,,,,\nFrame,BOOM,,Breaks,,,,100,100,,,,,,,,,\n`), /disk trouble/);
  } finally {
    db.exec('DROP TRIGGER refuse_boom');
  }
  assert.equal(items(db).count(companyId), before);
  assert.equal(items(db).byCodeOnly(companyId, 'OK-1', '2026-01-01'), undefined);
});

test('npm run import: the CLI reports rows by line and exits 2 when some were refused', async () => {
  const file = path.join(svc.dataDir, 'cli.csv');
  writeFileSync(file, `${HEADER}\nAccessories,CLI-1,,Cleaning Cloth,,Cleaning,,90,90,6307,AMD1,12,,,,,,\nAccessories,CLI-2,,,,,,90,90,,,,,,,,,\n`);
  const cli = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'main/import.ts', file, '--data-dir', svc.dataDir]).then(
    (r) => ({ code: 0, stdout: r.stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
  );
  assert.equal(cli.code, 2, cli.stdout);
  assert.match(cli.stdout, /1 items added, 0 updated, 1 stock counts set/);
  assert.match(cli.stdout, /line 3: Name is needed/);
  const item = await cashier.call(api.QuickSale.itemDetailFromCode, { query: { code: 'CLI-1' } });
  assert.equal(item.stock, 12);
});
