/**
 * SaveSale's eyeInfoModel.doctorName over HTTP: linked to the company's doctor when the name
 * matches one (case, spaces, dots and the "Dr" title aside), else kept as typed on the exam and
 * the order; prescription outputs show either.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { doctorNameKey } from '../../main/service/customer/doctor-name.js';
import { otherCompany } from '../helpers/customers.js';
import { http, type TestService } from '../helpers/service.js';
import { singleVisionLens } from '../helpers/items.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let optometrist: SignedIn;
let customerID: string;
let lens: string;
let cash: string;
let parikh: number;
before(async () => {
  ({ svc, cashier, optometrist } = await storeWithStaff());
  const { db, enc } = svc.server.deps;
  lens = enc.encode('item', singleVisionLens(svc).id);
  cash = enc.encode('paymentKind', 1);
  parikh = (db.prepare("SELECT id FROM doctor WHERE name = 'Dr. Anjali Parikh'").get() as { id: number }).id;
  customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Nisha', lastName: 'Doctored', mobile: '9876534567' } })).customerID;
});
after(() => svc.close());

/** A lens pair with its Rx (so the sale records an examination) unless `withRx` is false; the sale's order row. */
async function sell(doctorName: string | null, withRx = true) {
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, {
    body: withRx ? { itemID: lens, pairNo: 'P1', spherical: '-1.25' } : { itemID: lens },
  });
  if (withRx) await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { sessionID, itemID: lens, pairNo: 'P1', spherical: '-1.50' } });
  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: {
      sessionID,
      salesorderModel: { sessionId: sessionID, customerId: customerID },
      receiptModel: { receiptTypeId: cash, amount: 100 },
      eyeInfoModel: doctorName === null ? null : { doctorName },
    },
  });
  return svc.server.deps.db
    .prepare('SELECT id, eye_info_id, doctor_id, typed_doctor_name FROM sales_order WHERE order_no = ?')
    .get(sale.salesOrderNo) as { id: number; eye_info_id: number | null; doctor_id: number | null; typed_doctor_name: string | null };
}

const exam = (id: number) =>
  svc.server.deps.db.prepare('SELECT doctor_id, typed_doctor_name FROM customer_eye_info WHERE id = ?').get(id) as {
    doctor_id: number | null;
    typed_doctor_name: string | null;
  };

test('a name that matches a doctor of the company links the exam and the order to that doctor', async () => {
  const order = await sell('  dr ANJALI   parikh ');
  assert.deepEqual(exam(order.eye_info_id!), { doctor_id: parikh, typed_doctor_name: null });
  assert.deepEqual([order.doctor_id, order.typed_doctor_name], [parikh, null]);
  const { enc } = svc.server.deps;
  const eyeInfoID = enc.encode('prescription', order.eye_info_id!);
  const short = await optometrist.call(api.Customer.getPrescription, { body: { customerEyeInfoID: eyeInfoID } });
  assert.equal(short.doctorName, 'Dr. Anjali Parikh');
  const history = await optometrist.call(api.Customer.prescriptionList, { body: { customerID } });
  const item = history.find((h) => h.id === eyeInfoID)!;
  assert.deepEqual([item.doctorName, item.eyeInfo_DoctorID], ['Dr. Anjali Parikh', enc.encode('doctor', parikh)]);
  const full = await optometrist.call(api.Customer.prescriptionFullDetail, { body: { customerEyeInfoID: eyeInfoID } });
  assert.equal(full.doctorID, enc.encode('doctor', parikh));
});

test('a name that matches none is kept as typed; the outputs show it without a doctor id', async () => {
  const order = await sell(' Dr.  Sunil   Rao ');
  assert.deepEqual(exam(order.eye_info_id!), { doctor_id: null, typed_doctor_name: 'Dr. Sunil Rao' });
  const eyeInfoID = svc.server.deps.enc.encode('prescription', order.eye_info_id!);
  assert.equal((await optometrist.call(api.Customer.getPrescription, { body: { customerEyeInfoID: eyeInfoID } })).doctorName, 'Dr. Sunil Rao');
  const item = (await optometrist.call(api.Customer.prescriptionList, { body: { customerID } })).find((h) => h.id === eyeInfoID)!;
  assert.deepEqual([item.doctorName, item.eyeInfo_DoctorID], ['Dr. Sunil Rao', null]);
  assert.equal((await optometrist.call(api.Customer.prescriptionFullDetail, { body: { customerEyeInfoID: eyeInfoID } })).doctorID, null);
});

test('not linked: another company’s doctor, an inactive doctor, two doctors of one name', async () => {
  otherCompany(svc); // has a 'Dr. Elsewhere'
  assert.equal(exam((await sell('Dr. Elsewhere')).eye_info_id!).doctor_id, null);
  assert.equal(exam((await sell('Dr. Farhan Kapadia')).eye_info_id!).doctor_id, null, 'the demo’s inactive doctor');
  await optometrist.call(api.Customer.saveDoctor, { body: { name: 'Dr. Twin Shah', city: 'Surat' } });
  await optometrist.call(api.Customer.saveDoctor, { body: { name: 'Twin  Shah', city: 'Ahmedabad' } });
  assert.deepEqual(exam((await sell('twin shah')).eye_info_id!), { doctor_id: null, typed_doctor_name: 'twin shah' });
});

test('without an Rx there is no exam: the order keeps the doctor; no name, no doctor', async () => {
  const linked = await sell('Dr. Meera Joshi', false);
  assert.equal(linked.eye_info_id, null);
  assert.equal(linked.typed_doctor_name, null);
  assert.ok(linked.doctor_id);
  const typed = await sell('Dr. Unknown Person', false);
  assert.deepEqual([typed.doctor_id, typed.typed_doctor_name], [null, 'Dr. Unknown Person']);
  const none = await sell(null);
  assert.deepEqual([none.doctor_id, none.typed_doctor_name, exam(none.eye_info_id!).typed_doctor_name], [null, null, null]);
  const blank = await sell('   ');
  assert.deepEqual([blank.doctor_id, blank.typed_doctor_name], [null, null]);
});

test('a name over 200 characters is a 400 naming eyeInfoModel.doctorName, and nothing is saved', async () => {
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens } });
  const orders = (svc.server.deps.db.prepare('SELECT count(*) AS n FROM sales_order').get() as { n: number }).n;
  const res = await http(`${svc.url}/api-v1/api/quickSale/SaveSale`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cashier.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: { receiptTypeId: cash, amount: 100 },
      eyeInfoModel: { doctorName: 'D'.repeat(201) },
    }),
  });
  assert.equal(res.status, 400);
  assert.ok((res.json.errors as Record<string, unknown>)['eyeInfoModel.doctorName']);
  assert.equal((svc.server.deps.db.prepare('SELECT count(*) AS n FROM sales_order').get() as { n: number }).n, orders);
});

test('editing the prescription keeps the typed name unless a doctor is chosen', async () => {
  const order = await sell('Dr. Walk In');
  const eyeInfoID = svc.server.deps.enc.encode('prescription', order.eye_info_id!);
  const rx = [{ lensTypeID: '1', sph: '-1.25' }];
  await optometrist.call(api.Customer.savePrescription, { body: { customerID, id: eyeInfoID, prescriptionList: rx } });
  assert.deepEqual(exam(order.eye_info_id!), { doctor_id: null, typed_doctor_name: 'Dr. Walk In' });
  const doctorID = svc.server.deps.enc.encode('doctor', parikh);
  await optometrist.call(api.Customer.savePrescription, { body: { customerID, id: eyeInfoID, doctorID, prescriptionList: rx } });
  assert.deepEqual(exam(order.eye_info_id!), { doctor_id: parikh, typed_doctor_name: null });
});

test('the name key: case, spaces, dots and the title aside', () => {
  assert.equal(doctorNameKey(' Dr.  A.K.  Shah '), 'a k shah');
  assert.equal(doctorNameKey('dr a k shah'), 'a k shah');
  assert.equal(doctorNameKey('Drishti Rao'), 'drishti rao', 'a name starting with "Dr" is not a title');
  assert.equal(doctorNameKey('Dr'), 'dr');
});
