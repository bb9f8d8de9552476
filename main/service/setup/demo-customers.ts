/**
 * Doctors, customers and eye-test history for the demo store only, so the customer screens
 * and the prescription history have something real to show. `npm run setup` never calls this.
 * Every Rx goes through shared/domain/rx.ts like a saved one, so the seed cannot hold a value
 * the service would refuse.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { lensTypeId, normaliseRxEntry, validateRxEntry, type RxEntryInput } from '../../../shared/domain/rx.js';
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { customers, type CustomerFields } from '../store/customer.js';
import { doctors } from '../store/doctor.js';
import { eyeExams, rxRowOf } from '../store/eye-exam.js';
import { users } from '../store/user.js';

const DOCTORS = [
  { name: 'Dr. Nilesh Trivedi', mobile: '9825011122', city: 'Ahmedabad', address: 'Drishti Eye Hospital, C G Road', active: true },
  { name: 'Dr. Anjali Parikh', mobile: '9898022233', city: 'Ahmedabad', address: 'Parikh Eye Clinic, Satellite', active: true },
  { name: 'Dr. Meera Joshi', mobile: '9909033344', city: 'Surat', address: 'Netra Jyot Clinic, Adajan', active: true },
  { name: 'Dr. Farhan Kapadia', mobile: '0261-2655432', city: 'Surat', address: 'Kapadia Eye Care, Ghod Dod Road', active: false },
] as const;

type Eye = { sph?: string; cyl?: string; axis?: string; add?: string; va?: string; vn?: string; pd?: string; bc?: string; dia?: string };
type Visit = { monthsAgo: number; doctor: number | null; type?: number; remarks?: string; distance?: [Eye, Eye]; near?: [Eye, Eye]; contact?: [Eye, Eye] };

interface DemoCustomer {
  first: string;
  last: string;
  title: string;
  mobile: string;
  city: 'Ahmedabad' | 'Surat';
  area: string;
  birth: string;
  email?: string;
  visits: Visit[];
}

const R = (sph: string, cyl = '', axis = '', extra: Eye = {}): Eye => ({ sph, cyl, axis, va: '6/6', ...extra });

const CUSTOMERS: DemoCustomer[] = [
  { first: 'Rajesh', last: 'Patel', title: 'Mr', mobile: '9824512345', city: 'Ahmedabad', area: 'Navrangpura', birth: '1971-03-14', email: 'rajesh.patel@example.in',
    visits: [
      { monthsAgo: 2, doctor: 0, remarks: 'Progressive lenses advised', distance: [R('-1.25', '-0.50', '180', { add: '+2.00', pd: '32' }), R('-1.00', '-0.75', '170', { add: '+2.00', pd: '31.5' })] },
      { monthsAgo: 14, doctor: 0, distance: [R('-1.00', '-0.50', '180', { add: '+1.75' }), R('-1.00', '-0.50', '175', { add: '+1.75' })] },
    ] },
  { first: 'Priyanka', last: 'Shah', title: 'Ms', mobile: '9879023456', city: 'Ahmedabad', area: 'Satellite', birth: '1994-07-02', email: 'priyanka.shah@example.in',
    visits: [
      { monthsAgo: 1, doctor: 1, remarks: 'Monthly soft contact lenses', distance: [R('-3.50', '', '', { pd: '31' }), R('-3.75', '', '', { pd: '31' })],
        contact: [{ sph: '-3.25', bc: '8.6', dia: '14.2', va: '6/6' }, { sph: '-3.50', bc: '8.6', dia: '14.2', va: '6/6' }] },
    ] },
  { first: 'Hardik', last: 'Desai', title: 'Mr', mobile: '9426034567', city: 'Ahmedabad', area: 'Maninagar', birth: '1988-11-21',
    visits: [{ monthsAgo: 5, doctor: null, type: 2, distance: [R('+0.75', '-1.25', '90'), R('+0.50', '-1.00', '85')] }] },
  { first: 'Kavita', last: 'Mehta', title: 'Mrs', mobile: '9727045678', city: 'Ahmedabad', area: 'Bodakdev', birth: '1966-01-30',
    visits: [
      { monthsAgo: 3, doctor: 1, remarks: 'Reading glasses only', near: [{ sph: '+2.50', vn: 'N6' }, { sph: '+2.50', vn: 'N6' }] },
      { monthsAgo: 26, doctor: 1, near: [{ sph: '+2.00', vn: 'N8' }, { sph: '+2.00', vn: 'N8' }] },
    ] },
  { first: 'Aarav', last: 'Joshi', title: 'Master', mobile: '9099056789', city: 'Ahmedabad', area: 'Vastrapur', birth: '2015-06-18',
    visits: [
      { monthsAgo: 4, doctor: 0, remarks: 'School myopia; review in 6 months', distance: [R('-1.75', '', '', { pd: '28' }), R('-2.00', '-0.25', '10', { pd: '28' })] },
      { monthsAgo: 10, doctor: 0, distance: [R('-1.25', '', '', { va: '6/9' }), R('-1.50', '', '', { va: '6/9' })] },
    ] },
  { first: 'Sunita', last: 'Chauhan', title: 'Mrs', mobile: '9638067890', city: 'Ahmedabad', area: 'Paldi', birth: '1979-09-09', visits: [] },
  { first: 'Vikram', last: 'Solanki', title: 'Mr', mobile: '8866078901', city: 'Ahmedabad', area: 'Naranpura', birth: '1958-12-01',
    visits: [{ monthsAgo: 7, doctor: 1, remarks: 'Cataract surgery right eye last year', distance: [R('+1.00', '-0.75', '95', { add: '+2.75', va: '6/9' }), R('+1.50', '-0.50', '80', { add: '+2.75' })] }] },
  { first: 'Neha', last: 'Bhatt', title: 'Ms', mobile: '7016089012', city: 'Ahmedabad', area: 'Thaltej', birth: '2001-04-25', email: 'neha.bhatt@example.in',
    visits: [{ monthsAgo: 0, doctor: 0, distance: [R('-0.50'), R('-0.75')] }] },
  { first: 'Imran', last: 'Shaikh', title: 'Mr', mobile: '9825190123', city: 'Ahmedabad', area: 'Juhapura', birth: '1985-02-11',
    visits: [{ monthsAgo: 9, doctor: null, type: 3, remarks: 'Copied from old spectacles', distance: [R('-2.25', '-0.50', '160'), R('-2.00', '-0.50', '20')] }] },
  { first: 'Bhavna', last: 'Trivedi', title: 'Mrs', mobile: '9374101234', city: 'Ahmedabad', area: 'Ghatlodia', birth: '1972-08-17',
    visits: [{ monthsAgo: 12, doctor: 1, distance: [R('+1.50', '', '', { add: '+2.25' }), R('+1.75', '', '', { add: '+2.25' })] }] },
  { first: 'Dhruv', last: 'Parmar', title: 'Mr', mobile: '9913212345', city: 'Surat', area: 'Adajan', birth: '1996-05-05',
    visits: [{ monthsAgo: 2, doctor: 2, distance: [R('-4.75', '-1.25', '175', { pd: '32.5' }), R('-5.25', '-1.00', '5', { pd: '32' })] }] },
  { first: 'Komal', last: 'Modi', title: 'Ms', mobile: '9558323456', city: 'Surat', area: 'Vesu', birth: '1990-10-10', email: 'komal.modi@example.in',
    visits: [
      { monthsAgo: 1, doctor: 2, remarks: 'Toric contact lenses', contact: [{ sph: '-2.25', cyl: '-0.75', axis: '180', bc: '8.7', dia: '14.5', va: '6/6' }, { sph: '-2.50', cyl: '-0.75', axis: '170', bc: '8.7', dia: '14.5', va: '6/6' }] },
      { monthsAgo: 13, doctor: 2, distance: [R('-2.25', '-0.75', '180'), R('-2.50', '-0.75', '170')] },
    ] },
  { first: 'Jignesh', last: 'Vaghela', title: 'Mr', mobile: '9824434567', city: 'Surat', area: 'Pal', birth: '1969-03-03',
    visits: [{ monthsAgo: 6, doctor: 2, distance: [R('+0.25', '', '', { add: '+2.50', vn: 'N6' }), R('0.00', '', '', { add: '+2.50', vn: 'N6' })] }] },
  { first: 'Rekha', last: 'Rana', title: 'Mrs', mobile: '9727545678', city: 'Surat', area: 'Athwa', birth: '1962-12-24',
    visits: [{ monthsAgo: 18, doctor: 3, remarks: 'Glaucoma suspect; refer back yearly', distance: [R('-0.75', '-0.50', '90', { add: '+3.00' }), R('-1.00', '-0.50', '90', { add: '+3.00' })] }] },
  { first: 'Yash', last: 'Gandhi', title: 'Mr', mobile: '8780656789', city: 'Surat', area: 'Piplod', birth: '2003-01-15', visits: [] },
  { first: 'Farzana', last: 'Lakdawala', title: 'Ms', mobile: '9879767890', city: 'Surat', area: 'Rander', birth: '1998-06-30',
    visits: [{ monthsAgo: 3, doctor: 2, distance: [R('-1.50', '-1.50', '45'), R('-1.25', '-1.75', '135')] }] },
  { first: 'Manish', last: 'Agrawal', title: 'Mr', mobile: '9426878901', city: 'Surat', area: 'City Light', birth: '1975-09-19', email: 'manish.agrawal@example.in',
    visits: [{ monthsAgo: 8, doctor: null, type: 2, distance: [R('+2.25', '-0.50', '100', { add: '+2.00' }), R('+2.00', '-0.25', '75', { add: '+2.00' })] }] },
  { first: 'Pooja', last: 'Kothari', title: 'Mrs', mobile: '9898989012', city: 'Surat', area: 'Ghod Dod Road', birth: '1983-04-08',
    visits: [{ monthsAgo: 0, doctor: 2, distance: [R('-6.00', '-2.00', '180', { va: '6/9P', pd: '31' }), R('-6.50', '-1.75', '175', { va: '6/9P', pd: '31' })] }] },
  { first: 'Harsh', last: 'Patel', title: 'Mr', mobile: '9824512399', city: 'Ahmedabad', area: 'Navrangpura', birth: '2004-02-29',
    visits: [{ monthsAgo: 5, doctor: 0, distance: [R('-0.25', '-0.50', '90'), R('-0.25', '-0.50', '90')] }] },
  { first: 'Sneha', last: 'Iyer', title: 'Ms', mobile: '7600100234', city: 'Ahmedabad', area: 'Prahladnagar', birth: '1992-11-11', email: 'sneha.iyer@example.in',
    visits: [{ monthsAgo: 11, doctor: 1, distance: [R('-2.75', '', '', { pd: '30.5' }), R('-3.00', '', '', { pd: '30.5' })] }] },
];

const DAY = 86_400_000;

export function seedDemoCustomers(db: Db, ids: IdSource, store: { companyId: number; branchIds: Map<string, number> }, now: Date): void {
  const staff = users(db).byName('optometrist') ?? users(db).byName('admin')!;
  const branchOf = (city: string) => store.branchIds.get(city === 'Surat' ? 'SRT1' : 'AMD1')!;
  db.transaction(() => {
    const doctorIds = DOCTORS.map((d, i) => {
      const id = ids.next('doctor');
      const at = new Date(now.getTime() - (400 - i) * DAY).toISOString();
      doctors(db).insert(
        {
          name: d.name,
          mobile: d.mobile,
          mobile_digits: d.mobile.replace(/\D/g, ''),
          email: null,
          address: d.address,
          city: d.city,
          state_id: 24,
          country_id: 1,
          zip_code: null,
          remarks: null,
          is_active: d.active ? 1 : 0,
          id,
          company_id: store.companyId,
        },
        { userId: staff.id, at },
      );
      return id;
    });
    CUSTOMERS.forEach((c, i) => {
      const id = ids.next('customer');
      const oldest = Math.max(0, ...c.visits.map((v) => v.monthsAgo));
      const createdAt = new Date(now.getTime() - (oldest * 30 + 3 + i) * DAY).toISOString();
      const fields: CustomerFields = {
        branch_id: branchOf(c.city), year_id: null, title: c.title, first_name: c.first, middle_name: null, last_name: c.last,
        gender_id: null, birth_date: c.birth, marriage_date: null, is_married: 0, age: null, mobile: c.mobile,
        mobile_digits: c.mobile, phone_no: null, phone_digits: null, email: c.email ?? null, house_number: null,
        society_name: null, street: null, area: c.area, landmark: null, address: null, city: c.city, zip_code: null,
        state_id: 24, country_id: 1, face_shape_id: null, customer_source_id: null, customer_category_id: null,
        store_id: null, membership_id: null, reference: null, existing_customer_reference: null, remarks: null,
        tax_no: null, blood_group: null, self: null, client_consent_image: null, client_consent_display_name: null,
        prescription_document: null, prescription_document_display_name: null, is_member: null, dnd_promotional: null,
        dnd_transactional: null, new_customer: 0, is_nri: 0, is_store_customer: 0, is_black_list: 0, is_foreigner: 0,
        is_active: 1,
      };
      customers(db).insert({ ...fields, id, company_id: store.companyId }, { userId: staff.id, at: createdAt });
      for (const v of [...c.visits].sort((a, b) => b.monthsAgo - a.monthsAgo)) {
        const visit = new Date(now.getTime() - (v.monthsAgo * 30 + (i % 7)) * DAY);
        const recall = new Date(visit.getTime() + 365 * DAY);
        const examId = ids.next('customer_eye_info');
        eyeExams(db).insert(
          {
            id: examId, company_id: store.companyId, branch_id: branchOf(c.city), customer_id: id,
            doctor_id: v.doctor === null ? null : doctorIds[v.doctor]!, type_id: v.type ?? 1,
            visiting_date: localDate(visit), remarks: v.remarks ?? null, recall_date: localDate(recall),
          },
          { userId: staff.id, at: visit.toISOString() },
        );
        const entries: RxEntryInput[] = [];
        for (const use of ['distance', 'near', 'contact'] as const) {
          const pair = v[use];
          if (pair) entries.push({ lensTypeID: lensTypeId(use, 'right'), ...pair[0] }, { lensTypeID: lensTypeId(use, 'left'), ...pair[1] });
        }
        for (const e of entries) {
          const problems = validateRxEntry(e);
          if (Object.keys(problems).length > 0) throw new Error(`Demo Rx of ${c.first} ${c.last}: ${JSON.stringify(problems)}`);
        }
        eyeExams(db).replaceRx(examId, entries.map((e) => rxRowOf(normaliseRxEntry(e))));
      }
    });
  }).immediate();
}
