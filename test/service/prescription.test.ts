import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { z } from 'zod';
import type { Client } from '../../shared/client.js';
import type { OMAppCustomerData } from '../../shared/models/prescription.js';
import { api } from '../../shared/endpoints/index.js';
import { localDate } from '../../shared/domain/calendar.js';
import { lensTypeId } from '../../shared/domain/rx.js';
import { failure, freshMobile, freshName, otherCompany } from '../helpers/customers.js';
import { type TestService } from '../helpers/service.js';
import { frameInStock, sellFrameAndPair } from '../helpers/sales.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let optometrist: SignedIn;
let cashier: SignedIn;
let doctorID: string;
before(async () => {
  ({ svc, optometrist, cashier } = await storeWithStaff());
  doctorID = (await optometrist.call(api.Customer.saveDoctor, { body: { name: 'Dr. Rx Tester', city: 'Ahmedabad' } })).doctorID;
});
after(() => svc.close());

const DR = lensTypeId('distance', 'right');
const DL = lensTypeId('distance', 'left');
const NR = lensTypeId('near', 'right');
const NL = lensTypeId('near', 'left');
const CR = lensTypeId('contact', 'right');
const CL = lensTypeId('contact', 'left');

type SaveBody = z.input<typeof OMAppCustomerData>;
const save = (body: SaveBody, as: Client = optometrist) => as.call(api.Customer.savePrescription, { body });

test('save-prescription creates the customer, stores every entry normalised, and reads back three ways', async () => {
  const mobile = freshMobile();
  const last = freshName('Rathod');
  const saved = await save({
    firstName: 'Nirav', lastName: last, mobile, city: 'Ahmedabad', birthDate: '1970-02-02', doctorID,
    visitingDate: '2025-03-05', presripionTypeID: '1', prescriptionRemarks: 'Progressives',
    prescriptionList: [
      { lensTypeID: DR, sph: '-1.5', cyl: '-.75', axis: '090', add: '2', va: '6/9p', pd: '32' },
      { lensTypeID: DL, sph: '\u22121.25', cyl: '-0.50', axis: '85', add: '+2.00', va: '6/6', pd: '31.50' },
      { lensTypeID: NR, sph: '+0.50', vn: 'n6' },
      { lensTypeID: NL, sph: '+0.75', vn: 'N6' },
      { lensTypeID: CR, sph: '-1.25', bc: '8.60', dia: '14.2' },
      { lensTypeID: CL, sph: '-1.00', bc: '8.6', dia: '14.2' },
      { lensTypeID: DR, sph: '', cyl: null },
    ],
  });
  assert.match(saved.customerID, /^ENC_/);
  assert.match(saved.eyeInfoID, /^ENC_/);
  const customer = await optometrist.call(api.Customer.detail, { body: { customerID: saved.customerID } });
  assert.equal(customer.lastName, last);
  assert.equal(customer.righT_SphericalWithSign, '-1.50');
  assert.equal(customer.righT_AxisWithSign, '90');
  assert.equal(customer.lefT_AdditionWithSign, '+2.00');
  assert.equal(customer.rightvn, 'N6');
  assert.equal(customer.leftbc, '8.6');
  assert.equal(customer.prescriptionRemarks, 'Progressives');

  const short = await optometrist.call(api.Customer.getPrescription, { body: { customerEyeInfoID: saved.eyeInfoID } });
  assert.deepEqual(
    [short.spherical_Right, short.cylindrical_Right, short.axis_Right, short.spherical_Left, short.cylindrical_Left, short.axis_Left],
    ['-1.50', '-0.75', '90', '-1.25', '-0.50', '85'],
  );
  assert.equal(short.doctorName, 'Dr. Rx Tester');
  assert.equal(short.typeID, 1);
  assert.equal(short.isActive, true);

  const full = await optometrist.call(api.Customer.prescriptionFullDetail, { body: { customerEyeInfoID: saved.eyeInfoID } });
  assert.equal(full.companyName, 'Drishti Opticals (Demo)');
  assert.equal(full.branchName, 'Navrangpura');
  assert.ok(full.companyAddress && full.branchAddress && full.branchMoile);
  assert.equal(full.vision_Right, '6/9P');
  assert.equal(full.pD_Left, '31.5');
  assert.equal(full.addition_Right, '+2.00');
  assert.equal(full.vN_Left, 'N6');
  assert.equal(full.baseCurve_Right, '8.6');
  assert.equal(full.diameter_Left, '14.2');
  assert.equal(full.doctorID, doctorID);
  assert.equal(full.mobile, `${mobile.slice(0, 2)}XXXXXX${mobile.slice(-2)}`, 'an optometrist sees masked mobiles');

  const history = await optometrist.call(api.Customer.prescriptionList, { body: { customerID: saved.customerID } });
  assert.deepEqual(history.map((h) => h.spectacleType), [1, 2, 3], 'one item per lens use');
  const [distance, near, contact] = history;
  assert.equal(distance!.spherical_Left, '-1.25');
  assert.equal(distance!.pD_Right, '32.0');
  assert.equal(near!.spherical_Right, '+0.50');
  assert.equal(near!.vN_Right, 'N6');
  assert.equal(contact!.baseCurve_Left, '8.6');
  assert.equal(distance!.eyeInfo_DoctorID, doctorID);
  assert.equal(distance!.visitingDateString, '05/03/2025');
  assert.equal(distance!.eyeCheckupRecallDate, '2026-03-05', 'an adult is recalled after a year');
  assert.equal(distance!.createdBy, 'optometrist');
  assert.equal(distance!.isPrevious, false);
});

test('history is newest first; updating keeps one examination; deleting is soft', async () => {
  const first = await save({ firstName: 'Lata', lastName: freshName('Pillai'), mobile: freshMobile(), visitingDate: '2024-06-01',
    prescriptionList: [{ lensTypeID: DR, sph: '-2.00' }, { lensTypeID: DL, sph: '-2.25' }] });
  const customerID = first.customerID;
  const second = await save({ customerID, visitingDate: '2025-06-01', doctorID, prescriptionList: [{ lensTypeID: DR, sph: '-2.50' }] });
  assert.equal(second.customerID, customerID);
  let history = await optometrist.call(api.Customer.prescriptionList, { body: { customerID } });
  assert.deepEqual(history.map((h) => h.visitingDate), ['2025-06-01', '2024-06-01']);
  assert.deepEqual(history.map((h) => h.isPrevious), [false, true]);

  const updated = await save({ customerID, id: second.eyeInfoID, visitingDate: '2025-06-01', prescriptionList: [{ lensTypeID: DR, sph: '-2.75' }] });
  assert.equal(updated.eyeInfoID, second.eyeInfoID);
  history = await optometrist.call(api.Customer.prescriptionList, { body: { customerID } });
  assert.equal(history.length, 2);
  assert.equal(history[0]!.spherical_Right, '-2.75');
  assert.equal(history[0]!.modifiedBy, 'optometrist');
  assert.equal(history[0]!.doctorName, null, 'the update dropped the doctor');

  const del = await cashier.call(api.Customer.deletePrescription, { body: { customerEyeInfoID: second.eyeInfoID } });
  assert.match(del.message, /deleted/);
  history = await optometrist.call(api.Customer.prescriptionList, { body: { customerID } });
  assert.deepEqual(history.map((h) => [h.visitingDate, h.isActive, h.isPrevious]), [['2025-06-01', false, true], ['2024-06-01', true, false]]);
  const active = await optometrist.call(api.Customer.prescriptionList, { body: { customerID, isActive: 'true' } });
  assert.deepEqual(active.map((h) => h.visitingDate), ['2024-06-01']);
  assert.equal((await optometrist.call(api.Customer.getPrescription, { body: { customerEyeInfoID: second.eyeInfoID } })).isActive, false, 'still readable');
  const item = await optometrist.call(api.Customer.existingForQuickSale, { params: { customerId: customerID } });
  assert.equal(item.prescriptionID, first.eyeInfoID, 'the latest active examination');
  assert.match((await cashier.call(api.Customer.deletePrescription, { body: { customerEyeInfoID: second.eyeInfoID } })).message, /already/);
  await failure(save({ customerID, id: second.eyeInfoID, prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }), 409);
});

test('the optical rules answer 400 with prescriptionList.<i>.<field> paths, and nothing is written', async () => {
  const last = freshName('Reject');
  const count = () => (svc.server.deps.db.prepare('SELECT count(*) AS n FROM customer_eye_info').get() as { n: number }).n;
  const before = count();
  const cases: Array<[SaveBody['prescriptionList'], string, RegExp]> = [
    [[{ lensTypeID: DR, sph: '-1.00', cyl: '-0.50', axis: '0' }], 'prescriptionList.0.axis', /1 and 180/],
    [[{ lensTypeID: DR, sph: '-1.00' }, { lensTypeID: DL, sph: '-1.00', cyl: '-0.75' }], 'prescriptionList.1.axis', /required/],
    [[{ lensTypeID: DR, sph: '1.13' }], 'prescriptionList.0.sph', /^Right SPH must be a multiple of 0\.25 /],
    [[{ lensTypeID: DR, sph: '-31' }], 'prescriptionList.0.sph', /between/],
    [[{ lensTypeID: DR, cyl: '-1', axis: '181' }], 'prescriptionList.0.axis', /1 and 180/],
    [[{ lensTypeID: DR, add: '+4.50' }], 'prescriptionList.0.add', /between/],
    [[{ lensTypeID: DR, va: '6/7' }], 'prescriptionList.0.va', /Snellen/],
    [[{ lensTypeID: NR, vn: 'N3' }], 'prescriptionList.0.vn', /N-chart/],
    [[{ lensTypeID: DR, pd: '45' }], 'prescriptionList.0.pd', /one eye or/],
    [[{ lensTypeID: CR, sph: '-1', bc: '11' }], 'prescriptionList.0.bc', /7\.0/],
    [[{ lensTypeID: DR, sph: '-1', dia: '14' }], 'prescriptionList.0.dia', /contact lenses only/],
    [[{ lensTypeID: '7', sph: '-1' }], 'prescriptionList.0.lensTypeID', /Lens type/],
    [[{ lensTypeID: DR, sph: '-1' }, { lensTypeID: DR, sph: '-1' }], 'prescriptionList.1.lensTypeID', /already/],
    [[], 'prescriptionList', /at least one/],
    [[{ lensTypeID: DR, sph: ' ' }], 'prescriptionList', /at least one/],
  ];
  for (const [list, field, message] of cases) {
    const e = await failure(save({ firstName: 'Bad', lastName: last, mobile: freshMobile(), prescriptionList: list }), 400);
    assert.match(e.fieldErrors(field).join(' '), message, `${JSON.stringify(list)} → ${JSON.stringify(e.body.errors)}`);
  }
  const e1 = await failure(save({ lastName: last, mobile: freshMobile(), prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }), 400);
  assert.ok(e1.fieldErrors('firstName').length > 0, 'a new customer needs a first name');
  const e2 = await failure(save({ firstName: 'A', lastName: last, mobile: '12345', prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }), 400);
  assert.ok(e2.fieldErrors('mobile').length > 0);
  const e3 = await failure(save({ firstName: 'A', lastName: last, email: 'nope', prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }), 400);
  assert.ok(e3.fieldErrors('email').length > 0, 'named as the request names it');
  const tomorrow = localDate(new Date(svc.clock.now.getTime() + 86_400_000));
  const e4 = await failure(save({ firstName: 'A', lastName: last, visitingDate: tomorrow, prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }), 400);
  assert.ok(e4.fieldErrors('visitingDate').length > 0);
  await failure(save({ firstName: 'A', lastName: last, visitingDate: '2025-13-01', prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }), 400);
  await failure(save({ firstName: 'A', lastName: last, presripionTypeID: '9', prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }), 400);
  assert.equal(count(), before, 'no examination written');
  const found = await (await svc.as('manager')).call(api.Customer.list, { body: { lastName: last } });
  assert.equal(found.totalRows, 0, 'and no half-made customer either');
});

test('a child is recalled after six months; an axis without a cylinder is dropped', async () => {
  const saved = await save({ firstName: 'Ishaan', lastName: freshName('Bose'), birthDate: '2016-01-01', visitingDate: '2025-01-31',
    prescriptionList: [{ lensTypeID: DR, sph: '-0.75', cyl: '0.00', axis: '90' }] });
  const [item] = await optometrist.call(api.Customer.prescriptionList, { body: { customerID: saved.customerID } });
  assert.equal(item!.eyeCheckupRecallDate, '2025-07-31');
  assert.equal(item!.axis_Right, null);
  assert.equal(item!.cylindrical_Right, '0.00');
});

test('ids: tampered 400, another company 404, doctor of another company 404', async () => {
  const mine = await save({ firstName: 'Own', lastName: freshName('Case'), prescriptionList: [{ lensTypeID: DR, sph: '-1' }] });
  const other = otherCompany(svc);
  const enc = svc.server.deps.enc;
  const theirExam = enc.encode('prescription', other.examId);
  // Started one at a time: a rejection that arrives while an earlier call is awaited would be unhandled.
  for (const call of [
    () => optometrist.call(api.Customer.getPrescription, { body: { customerEyeInfoID: theirExam } }),
    () => optometrist.call(api.Customer.prescriptionFullDetail, { body: { customerEyeInfoID: theirExam } }),
    () => optometrist.call(api.Customer.deletePrescription, { body: { customerEyeInfoID: theirExam } }),
    () => optometrist.call(api.Customer.prescriptionList, { body: { customerID: enc.encode('customer', other.customerId) } }),
    () => save({ customerID: enc.encode('customer', other.customerId), prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }),
    () => save({ customerID: mine.customerID, doctorID: enc.encode('doctor', other.doctorId), prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }),
    () => save({ customerID: mine.customerID, id: theirExam, prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }),
  ]) {
    await failure(call(), 404);
  }
  const active = svc.server.deps.db.prepare('SELECT is_active FROM customer_eye_info WHERE id = ?').get(other.examId) as { is_active: number };
  assert.equal(active.is_active, 1, 'their examination was not touched');

  const tampered = mine.eyeInfoID.slice(0, 10) + (mine.eyeInfoID[10] === 'A' ? 'B' : 'A') + mine.eyeInfoID.slice(11);
  const e = await failure(optometrist.call(api.Customer.getPrescription, { body: { customerEyeInfoID: tampered } }), 400);
  assert.ok(e.fieldErrors('customerEyeInfoID').length > 0);
  const e2 = await failure(optometrist.call(api.Customer.getPrescription, { body: { customerEyeInfoID: mine.customerID } }), 400);
  assert.match(e2.fieldErrors('customerEyeInfoID').join(), /prescription/i, 'a customer id is not a prescription id');
  await failure(optometrist.call(api.Customer.getPrescription, { body: {} }), 400);
  const other2 = await save({ firstName: 'Someone', lastName: freshName('Else'), prescriptionList: [{ lensTypeID: DR, sph: '-1' }] });
  await failure(save({ customerID: mine.customerID, id: other2.eyeInfoID, prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }), 404);
});

test('eyeCheckupRecallDate (contract extension): a given recall date is stored, an absent one derived again', async () => {
  const saved = await save({ firstName: 'Rekha', lastName: freshName('Menon'), birthDate: '1980-05-05', visitingDate: '2025-02-10',
    eyeCheckupRecallDate: '2025-08-10', prescriptionList: [{ lensTypeID: DR, sph: '-1.25' }] });
  const listed = async () => (await optometrist.call(api.Customer.prescriptionList, { body: { customerID: saved.customerID } }))[0]!;
  assert.equal((await listed()).eyeCheckupRecallDate, '2025-08-10', 'as the optometrist set it, not a year on');

  await save({ customerID: saved.customerID, id: saved.eyeInfoID, visitingDate: '2025-02-10', eyeCheckupRecallDate: '2025-11-10T00:00:00',
    prescriptionList: [{ lensTypeID: DR, sph: '-1.25' }] });
  assert.equal((await listed()).eyeCheckupRecallDate, '2025-11-10', 'a date-time is taken as its day');

  await save({ customerID: saved.customerID, id: saved.eyeInfoID, visitingDate: '2025-02-10', prescriptionList: [{ lensTypeID: DR, sph: '-1.25' }] });
  assert.equal((await listed()).eyeCheckupRecallDate, '2026-02-10', 'left out of an update: the rule by age again');
});

test('a recall date on or before the visit is a 400 naming eyeCheckupRecallDate, and nothing is written', async () => {
  const last = freshName('Early');
  const count = () => (svc.server.deps.db.prepare('SELECT count(*) AS n FROM customer_eye_info').get() as { n: number }).n;
  const before = count();
  for (const recall of ['2025-02-09', '2025-02-10']) {
    const e = await failure(save({ firstName: 'Too', lastName: last, visitingDate: '2025-02-10', eyeCheckupRecallDate: recall,
      prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }), 400);
    assert.match(e.fieldErrors('eyeCheckupRecallDate').join(' '), /after the visit/, JSON.stringify(e.body));
  }
  const e = await failure(save({ firstName: 'Too', lastName: last, eyeCheckupRecallDate: 'soon', prescriptionList: [{ lensTypeID: DR, sph: '-1' }] }), 400);
  assert.ok(e.fieldErrors('eyeCheckupRecallDate').length > 0, 'not a date: named by the contract');
  assert.equal(count(), before);
});

test('K1/K2 (contract extension) round-trip through prescription-list and the full detail', async () => {
  const saved = await save({ firstName: 'Kavya', lastName: freshName('Shetty'), visitingDate: '2025-04-01', prescriptionList: [
    { lensTypeID: DR, sph: '-2.00' },
    { lensTypeID: CR, sph: '-1.75', bc: '8.6', dia: '14.2', k1: '42.75', k2: '43.5' },
    { lensTypeID: CL, sph: '-2.00', bc: '8.6', dia: '14.2', k1: '43', k2: '44.125 D' },
  ] });
  const [distance, contact] = await optometrist.call(api.Customer.prescriptionList, { body: { customerID: saved.customerID } });
  assert.deepEqual([distance!.k1_Right, distance!.k2_Left], [null, null], 'spectacle items carry no keratometry');
  assert.equal(contact!.spectacleType, 3);
  assert.deepEqual([contact!.k1_Right, contact!.k2_Right, contact!.k1_Left, contact!.k2_Left], ['42.75', '43.50', '43.00', '44.125']);
  const full = await optometrist.call(api.Customer.prescriptionFullDetail, { body: { customerEyeInfoID: saved.eyeInfoID } });
  assert.deepEqual([full.k1_Right, full.k2_Right, full.k1_Left, full.k2_Left], ['42.75', '43.50', '43.00', '44.125']);
  const examId = svc.server.deps.enc.decode('prescription', saved.eyeInfoID);
  const rows = svc.server.deps.db.prepare('SELECT lens_type, k1, k2 FROM customer_eye_rx WHERE eye_info_id = ? ORDER BY lens_type').all(examId);
  assert.deepEqual(rows.map((r) => ({ ...(r as object) })), [
    { lens_type: Number(DR), k1: null, k2: null },
    { lens_type: Number(CR), k1: 42.75, k2: 43.5 },
    { lens_type: Number(CL), k1: 43, k2: 44.125 },
  ], 'stored as exact diopters in the columns of migration 003');
});

test('a bad K1 is a 400 naming prescriptionList.<i>.k1', async () => {
  const cases: Array<[SaveBody['prescriptionList'], string, RegExp]> = [
    [[{ lensTypeID: CR, sph: '-1', k1: '60' }], 'prescriptionList.0.k1', /between 35\.00 and 55\.00/],
    [[{ lensTypeID: DR, sph: '-1' }, { lensTypeID: CL, k1: '43', k2: '43.1' }], 'prescriptionList.1.k2', /^Left contact-lens K2 must be a multiple of 0\.125 D/],
    [[{ lensTypeID: DR, sph: '-1', k1: '43' }], 'prescriptionList.0.k1', /contact-lens rows only/],
  ];
  for (const [list, field, message] of cases) {
    const e = await failure(save({ firstName: 'Bad', lastName: freshName('Kerato'), prescriptionList: list }), 400);
    assert.match(e.fieldErrors(field).join(' '), message, JSON.stringify(e.body.errors));
  }
});

test('an examination an order was booked with links to it, and the customer record names the newest order', async () => {
  const customer = await cashier.call(api.Customer.upsert, { body: { firstName: 'Rekha', lastName: freshName('Linked'), mobile: freshMobile() } });
  const fresh = await cashier.call(api.Customer.detail, { body: { customerID: customer.customerID } });
  assert.equal(fresh.salesOrderID, null, 'no order yet');
  const sale = await sellFrameAndPair(svc, cashier, { customerID: customer.customerID, paid: 100, frameId: frameInStock(svc, 'cashier') });
  const history = await cashier.call(api.Customer.prescriptionList, { body: { customerID: customer.customerID } });
  assert.ok(history.length > 0, 'the sale recorded the lens pair’s Rx as an examination');
  assert.deepEqual([...new Set(history.map((h) => h.goToSalesOrder))], [true]);
  const record = await cashier.call(api.Customer.detail, { body: { customerID: customer.customerID } });
  assert.equal(record.salesOrderID, sale.salesOrderID);
});
