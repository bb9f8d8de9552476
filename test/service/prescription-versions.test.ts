/**
 * Amendable prescriptions (issue 16): an amendment is a new version, the old one kept and shown
 * as superseded (who, when); lists show the current version, prescription-versions the line;
 * prism and base per eye; the recall moves to the new version; the printed card says VN.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { lensTypeId } from '../../shared/domain/rx.js';
import { failure, freshMobile, freshName } from '../helpers/customers.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { pdfText } from '../helpers/print.js';
import type { TestService } from '../helpers/service.js';

let svc: TestService;
let optometrist: SignedIn;
let manager: SignedIn;
before(async () => {
  ({ svc, optometrist, manager } = await storeWithStaff());
});
after(() => svc.close());

const DR = lensTypeId('distance', 'right');
const DL = lensTypeId('distance', 'left');

async function firstVersion() {
  const last = freshName('Versions');
  const saved = await optometrist.call(api.Customer.savePrescription, {
    body: {
      firstName: 'Kiran', lastName: last, mobile: freshMobile(), eyeCheckupRecallDate: '2032-01-20',
      prescriptionList: [
        { lensTypeID: DR, sph: '-2.00', va: '6/9', vn: 'N6' },
        { lensTypeID: DL, sph: '-1.75', vn: 'N8' },
      ],
    },
  });
  return { ...saved, last };
}

test('an amendment is a new version; the old one is kept, superseded by whom and when; lists show the current one', async () => {
  const v1 = await firstVersion();
  svc.clock.advance(60_000);
  const v2 = await manager.call(api.Customer.amendPrescription, {
    body: {
      id: v1.eyeInfoID, customerID: v1.customerID, amendReason: 'Re-checked: left eye',
      prescriptionList: [
        { lensTypeID: DR, sph: '-2.00', prism: '1.5', base: 'in' },
        { lensTypeID: DL, sph: '-2.25', cyl: '-0.50', axis: '180', prism: '1.50', base: 'BI' },
      ],
    },
  });
  assert.notEqual(v2.eyeInfoID, v1.eyeInfoID);
  assert.equal(v2.message, 'Prescription amended (version 2)');

  const list = await optometrist.call(api.Customer.prescriptionList, { body: { customerID: v1.customerID } });
  assert.deepEqual([...new Set(list.map((i) => i.id))], [v2.eyeInfoID], 'the list shows the current version only');
  const item = list[0]!;
  assert.equal(item.versionNo, 2);
  assert.deepEqual([item.prism_Right, item.base_Right, item.prism_Left, item.base_Left], ['1.50', 'In', '1.50', 'In']);
  assert.equal(item.spherical_Left, '-2.25');

  const versions = await optometrist.call(api.Customer.prescriptionVersions, { body: { customerEyeInfoID: v1.eyeInfoID } });
  assert.deepEqual(versions.map((v) => [v.id, v.versionNo, v.isCurrent]), [[v2.eyeInfoID, 2, true], [v1.eyeInfoID, 1, false]]);
  const old = versions[1]!;
  assert.equal(old.supersededBy, 'manager');
  assert.equal(old.supersededAt, svc.clock.now.toISOString());
  assert.equal(old.supersededByID, v2.eyeInfoID);
  assert.equal(old.rows.find((r) => r.lensTypeID === DL)?.sph, '-1.75', 'the old figures are kept');
  assert.equal(versions[0]!.amendReason, 'Re-checked: left eye');
  assert.deepEqual(await optometrist.call(api.Customer.prescriptionVersions, { body: { customerEyeInfoID: v2.eyeInfoID } }), versions, 'any version names the line');

  // The customer's latest Rx is the new version's.
  const customer = await optometrist.call(api.Customer.detail, { body: { customerID: v1.customerID } });
  assert.equal(customer.lefT_SphericalWithSign, '-2.25');
});

test('a superseded or deleted version cannot be amended or edited again (409); bad figures name the cell; nothing written', async () => {
  const v1 = await firstVersion();
  const v2 = await optometrist.call(api.Customer.amendPrescription, { body: { id: v1.eyeInfoID, prescriptionList: [{ lensTypeID: DR, sph: '-2.25' }] } });
  const { db } = svc.server.deps;
  const rows = () => (db.prepare('SELECT count(*) AS n FROM customer_eye_info').get() as { n: number }).n;
  const before = rows();
  const again = await failure(optometrist.call(api.Customer.amendPrescription, { body: { id: v1.eyeInfoID, prescriptionList: [{ lensTypeID: DR, sph: '-2.50' }] } }), 409);
  assert.equal(again.body.code, 'PRESCRIPTION_SUPERSEDED');
  assert.match(String(again.body.message), /amended by optometrist/);
  const edit = await failure(optometrist.call(api.Customer.savePrescription, { body: { id: v1.eyeInfoID, customerID: v1.customerID, prescriptionList: [{ lensTypeID: DR, sph: '-2.50' }] } }), 409);
  assert.equal(edit.body.code, 'PRESCRIPTION_SUPERSEDED');
  const bad = await failure(
    optometrist.call(api.Customer.amendPrescription, {
      body: { id: v2.eyeInfoID, prescriptionList: [{ lensTypeID: DL, sph: '-1.00', cyl: '-0.30', axis: '90', prism: '12', base: 'Up' }] },
    }),
    400,
  );
  assert.deepEqual(bad.body.errors?.['prescriptionList.0.cyl'], ['Left CYL must be a multiple of 0.25 (e.g. -0.25)']);
  assert.deepEqual(bad.body.errors?.['prescriptionList.0.prism'], ['Left prism must be between 0 and 10 Δ']);
  const noBase = await failure(optometrist.call(api.Customer.amendPrescription, { body: { id: v2.eyeInfoID, prescriptionList: [{ lensTypeID: DR, sph: '-1', prism: '2' }] } }), 400);
  assert.match(noBase.body.errors?.['prescriptionList.0.base']?.[0] ?? '', /^Right prism base is required with a prism/);
  await optometrist.call(api.Customer.deletePrescription, { body: { customerEyeInfoID: v2.eyeInfoID } });
  const deleted = await failure(optometrist.call(api.Customer.amendPrescription, { body: { id: v2.eyeInfoID, prescriptionList: [{ lensTypeID: DR, sph: '-1' }] } }), 409);
  assert.equal(deleted.body.code, 'PRESCRIPTION_DELETED');
  assert.equal(rows(), before, 'nothing written');
});

test('the recall moves to the new version with its date; the amendment is journaled', async () => {
  const v1 = await firstVersion();
  const seq = (svc.server.deps.db.prepare('SELECT coalesce(max(seq), 0) AS s FROM journal').get() as { s: number }).s;
  const v2 = await optometrist.call(api.Customer.amendPrescription, {
    body: { id: v1.eyeInfoID, eyeCheckupRecallDate: '2032-02-15', prescriptionList: [{ lensTypeID: DR, sph: '-2.25' }] },
  });
  const due = await optometrist.call(api.Customer.recallList, { body: { from: '2032-01-01', to: '2032-03-31' } });
  const mine = due.rows.filter((r) => r.customerID === v1.customerID);
  assert.equal(mine.length, 1, 'one recall for the customer');
  assert.deepEqual([mine[0]!.recallDate, mine[0]!.lastRxID, mine[0]!.lastRx], ['2032-02-15', v2.eyeInfoID, 'R -2.25']);
  const tables = (svc.server.deps.db.prepare('SELECT DISTINCT tbl FROM journal WHERE seq > ? ORDER BY tbl').all(seq) as Array<{ tbl: string }>).map((r) => r.tbl);
  assert.deepEqual(tables, ['customer_eye_info', 'customer_eye_rx', 'eye_checkup_recall']);
});

test('the prescription card prints VN, prism and base, says which version, and no two prints share a file name', async () => {
  const v1 = await firstVersion();
  const v2 = await optometrist.call(api.Customer.amendPrescription, {
    body: { id: v1.eyeInfoID, prescriptionList: [{ lensTypeID: DR, sph: '-2.00', vn: 'N6', prism: '2', base: 'Out' }, { lensTypeID: DL, sph: '-1.75', vn: 'N8' }] },
  });
  const print = async (id: string) => {
    const res = await fetch(`${svc.url}/api-v1/api/Common/prescription/pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${optometrist.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(id),
    });
    assert.equal(res.status, 200, await res.clone().text());
    return { text: pdfText(new Uint8Array(await res.arrayBuffer())), name: res.headers.get('content-disposition') ?? '' };
  };
  const card = await print(v2.eyeInfoID);
  for (const word of ['VN', 'N6', 'N8', 'PRISM', '2.00', 'BASE', 'Out', 'version 2']) assert.ok(card.text.includes(word), `${word} in: ${card.text}`);
  const first = await print(v1.eyeInfoID);
  assert.ok(first.text.includes('Superseded'), 'an old version says so');
  assert.notEqual(first.name, card.name, 'two versions of one day, two names');
  svc.clock.advance(1000);
  const later = await print(v2.eyeInfoID);
  assert.notEqual(later.name, card.name, 'a later print of the same version, another name');
  assert.match(card.name, /prescription-.*-v2-\d{8}-\d{6}\.pdf/);
});
