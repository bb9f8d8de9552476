/**
 * The two declared extensions over real HTTP: the prescription card (A5) carries the stored
 * examination's figures, as prescription-full-detail answers them; the lab job card carries
 * the order, frame, lenses and per-eye Rx as sold. HTML escapes; 400/403/404.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiError } from '../../shared/client.js';
import { lensTypeId } from '../../shared/domain/rx.js';
import { api } from '../../shared/endpoints/index.js';
import { otherCompany } from '../helpers/customers.js';
import { pdfInfo, pdfText, squeeze } from '../helpers/print.js';
import { type TestService, callAs } from '../helpers/service.js';
import { frameInStock, sellFrameAndPair, tamper } from '../helpers/sales.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let optometrist: SignedIn;
before(async () => {
  ({ svc, cashier, optometrist } = await storeWithStaff());
});
after(() => svc.close());

const MM = 72 / 25.4;
const post = (path: string, body: string, token = cashier.token) => callAs(svc, { token }, `Common/${path}`, body);

test('prescription card: patient, date, doctor, distance, near and contact rows per eye, PD, remarks and recall', async () => {
  const doctorID = (await optometrist.call(api.Customer.saveDoctor, { body: { name: 'Dr. Anjali Desai', city: 'Ahmedabad' } })).doctorID;
  const saved = await optometrist.call(api.Customer.savePrescription, {
    body: {
      firstName: 'सुनीता', lastName: 'Joshi', birthDate: '1980-06-15', doctorID, visitingDate: '2026-01-10', presripionTypeID: '1',
      prescriptionRemarks: 'Progressives; anti-glare', eyeCheckupRecallDate: '2027-01-10',
      prescriptionList: [
        { lensTypeID: lensTypeId('distance', 'right'), sph: '-1.5', cyl: '-.75', axis: '090', add: '2', va: '6/9', pd: '32' },
        { lensTypeID: lensTypeId('distance', 'left'), sph: '-1.25', cyl: '-0.50', axis: '85', add: '+2.00', va: '6/6', pd: '31.5' },
        { lensTypeID: lensTypeId('near', 'right'), sph: '+0.50', vn: 'N6' },
        { lensTypeID: lensTypeId('near', 'left'), sph: '+0.75', vn: 'N6' },
        { lensTypeID: lensTypeId('contact', 'right'), sph: '-1.25', bc: '8.6', dia: '14.2', k1: '43.25', k2: '44' },
        { lensTypeID: lensTypeId('contact', 'left'), sph: '-1.00', bc: '8.6', dia: '14.2' },
      ],
    },
  });
  const full = await optometrist.call(api.Customer.prescriptionFullDetail, { body: { customerEyeInfoID: saved.eyeInfoID } });
  const res = await optometrist.raw(api.Common.prescriptionPdf, { body: saved.eyeInfoID });
  assert.equal(res.status, 200);
  assert.equal(res.contentType, 'application/pdf');
  const text = squeeze(pdfText(res.bytes));
  assert.match(text, /PRESCRIPTION/);
  assert.ok(text.includes(`Patient सुनीता Joshi`), text);
  assert.match(text, /Date 10-01-2026/);
  assert.match(text, /Age, gender 45 years/);
  assert.match(text, /Doctor Dr\. Anjali Desai/);
  assert.match(text, /Spectacles: distance/);
  assert.match(text, /Eye SPH CYL AXIS ADD VA PD/);
  assert.ok(text.includes(`Right (OD) ${full.spherical_Right} ${full.cylindrical_Right} ${full.axis_Right} ${full.addition_Right} ${full.vision_Right} ${full.pD_Right}`), text);
  assert.ok(text.includes(`Left (OS) ${full.spherical_Left} ${full.cylindrical_Left} ${full.axis_Left} ${full.addition_Left} ${full.vision_Left} ${full.pD_Left}`));
  assert.match(text, /Spectacles: near/);
  assert.match(text, /Right \(OD\) \+0\.50 N6/);
  assert.match(text, /Contact lenses/);
  assert.match(text, /Eye SPH CYL AXIS BC DIA K1 K2/);
  assert.ok(text.includes(`Right (OD) -1.25 ${full.baseCurve_Right} ${full.diameter_Right} ${full.k1_Right} ${full.k2_Right}`), text);
  assert.match(text, /Progressives; anti-glare/);
  assert.match(text, /Next eye checkup due: 10-01-2027/);
  const info = pdfInfo(res.bytes);
  assert.ok(Math.abs(info.widthPt - 148 * MM) < 0.5 && Math.abs(info.heightPt - 210 * MM) < 0.5, `A5: ${info.widthPt} x ${info.heightPt}`);

  const html = await post('prescription/pdf/html', JSON.stringify(saved.eyeInfoID), optometrist.token);
  assert.equal(html.status, 200);
  assert.match(html.text, /@page\{size:A5;margin:10mm;\}/);
  assert.ok(html.text.includes('सुनीता Joshi'));
  assert.ok(html.text.includes('Progressives; anti-glare'));
});

test('prescription card: remarks escaped in HTML; 400 for a wrong id, 404 for another company’s examination', async () => {
  const saved = await optometrist.call(api.Customer.savePrescription, {
    body: { firstName: 'Esc', lastName: 'Ape', visitingDate: '2026-02-01', prescriptionRemarks: '</style><script>alert(1)</script>', prescriptionList: [{ lensTypeID: lensTypeId('distance', 'right'), sph: '-1' }] },
  });
  const html = await post('prescription/pdf/html', JSON.stringify(saved.eyeInfoID), optometrist.token);
  assert.ok(html.text.includes('&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;'));
  assert.ok(!/<script/i.test(html.text));
  assert.equal((await post('prescription/pdf', '""')).status, 400);
  assert.equal((await post('prescription/pdf', JSON.stringify(tamper(saved.eyeInfoID)))).status, 400);
  assert.equal((await post('prescription/pdf', JSON.stringify(saved.customerID))).status, 400, 'a customer id is not an examination id');
  const foreign = svc.server.deps.enc.encode('prescription', otherCompany(svc).examId);
  assert.equal((await post('prescription/pdf', JSON.stringify(foreign))).status, 404);
  assert.equal((await post('prescription/pdf/html', JSON.stringify(svc.server.deps.enc.encode('prescription', 987654321)))).status, 404);
});

test('job card: order and lab order numbers, dates, frame, lenses per eye, the Rx as sold, QR caption', async () => {
  const { customerID } = await cashier.call(api.Customer.upsert, { body: { firstName: 'Lab', lastName: 'Customer' } });
  const frameId = frameInStock(svc, 'cashier');
  const sale = await sellFrameAndPair(svc, cashier, { customerID, paid: 1000, frameId });
  const { db } = svc.server.deps;
  const frame = db.prepare('SELECT name, code FROM item WHERE id = ?').get(frameId) as { name: string; code: string };
  const lens = db.prepare("SELECT name, code FROM sales_order_line WHERE sales_order_id = ? AND eye = 'R'").get(sale.rowId) as { name: string; code: string };
  const lab = db.prepare('SELECT po_no FROM purchase_order WHERE sales_order_id = ?').get(sale.rowId) as { po_no: string };
  const order = db.prepare('SELECT order_date FROM sales_order WHERE id = ?').get(sale.rowId) as { order_date: string };

  const res = await cashier.raw(api.Common.jobCardPdf, { body: sale.salesOrderID });
  assert.equal(res.status, 200);
  const text = squeeze(pdfText(res.bytes));
  assert.match(text, /LAB JOB CARD/);
  assert.ok(text.includes(`Order no ${sale.salesOrderNo}`), text);
  assert.ok(text.includes(`Lab order ${lab.po_no}`));
  const [y, m, d] = order.order_date.split('-');
  assert.ok(text.includes(`Booked ${d}-${m}-${y}`));
  assert.ok(text.includes(frame.code), 'the frame’s code');
  assert.ok(text.includes(lens.code));
  assert.match(text, /Eye SPH CYL AXIS ADD PD FH/);
  assert.match(text, /Right -1\.50 -0\.50 90/);
  assert.match(text, /Left -1\.75/);
  assert.ok(text.includes(`Order ${sale.salesOrderNo}`), 'QR caption');
  const info = pdfInfo(res.bytes);
  assert.ok(Math.abs(info.widthPt - 148 * MM) < 0.5, `A5 wide: ${info.widthPt}`);

  const html = await post('job-card/pdf/html', JSON.stringify(sale.salesOrderID));
  assert.equal(html.status, 200);
  assert.equal(html.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.ok(html.text.includes(sale.salesOrderNo) && html.text.includes(lab.po_no));
  assert.match(html.text, /<svg /);
});

test('job card: 400 for a bad body, 404 for an unknown order, 403 for an optometrist', async () => {
  const { enc } = svc.server.deps;
  assert.equal((await post('job-card/pdf', '{}')).status, 400);
  assert.equal((await post('job-card/pdf', JSON.stringify(enc.encode('receipt', 1)))).status, 400);
  assert.equal((await post('job-card/pdf', JSON.stringify(enc.encode('salesOrder', 987654321)))).status, 404);
  await assert.rejects(optometrist.raw(api.Common.jobCardPdf, { body: enc.encode('salesOrder', 1) }), (e: unknown) => e instanceof ApiError && e.status === 403);
});
