/**
 * Customer search at shop-chain scale: 500,000 customers (BENCH_CUSTOMERS to change) in a fresh
 * store, then the list searches a counter makes while someone types a mobile or a name, over HTTP.
 */
import { performance } from 'node:perf_hooks';
import type { RunningServer } from '../main/service/server.js';
import { customers, type CustomerFields } from '../main/service/store/customer.js';

const FIRST = ['Aarav', 'Aditi', 'Amit', 'Anjali', 'Arjun', 'Bhavna', 'Chirag', 'Deepa', 'Dhruv', 'Farhan', 'Gita', 'Hardik', 'Isha',
  'Jignesh', 'Kavita', 'Kiran', 'Mahesh', 'Meera', 'Neha', 'Nirav', 'Pooja', 'Priya', 'Rahul', 'Rajesh', 'Rekha', 'Rohan', 'Sanjay',
  'Sneha', 'Sunil', 'Tejal', 'Usha', 'Varun', 'Vikram', 'Yash', 'Zoya'];
const LAST = ['Patel', 'Shah', 'Mehta', 'Desai', 'Joshi', 'Trivedi', 'Bhatt', 'Parikh', 'Modi', 'Chauhan', 'Solanki', 'Parmar', 'Rana',
  'Vaghela', 'Gandhi', 'Kothari', 'Agrawal', 'Iyer', 'Nair', 'Shaikh', 'Kapadia', 'Pandya', 'Dave', 'Vyas', 'Rathod'];

export async function benchCustomers(server: RunningServer, token: string, report: (name: string, count: number, ms: number) => void) {
  const total = Number(process.env.BENCH_CUSTOMERS ?? 500_000);
  const { db, ids } = server.deps;
  const company = db.prepare('SELECT id FROM company').get() as { id: number };
  const branchRows = db.prepare('SELECT id FROM branch ORDER BY code').all() as { id: number }[];
  const user = db.prepare("SELECT id, branch_id FROM app_user WHERE user_name = 'cashier'").get() as { id: number; branch_id: number };
  // mulberry32: a small PRNG with well-mixed low bits, so first digits and names spread evenly.
  let seed = 42;
  const rand = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
  let sample = '';
  const store = customers(db);
  const at = new Date().toISOString();
  const start = performance.now();
  const batch = 50_000;
  for (let done = 0; done < total; done += batch) {
    db.transaction(() => {
      for (let i = done; i < Math.min(total, done + batch); i++) {
        const mobile = `${6 + rand(4)}${String(rand(1e9)).padStart(9, '0')}`;
        if (branchRows[i % branchRows.length]!.id === user.branch_id) sample = mobile;
        const fields = {
          branch_id: branchRows[i % branchRows.length]!.id, first_name: FIRST[rand(FIRST.length)]!, last_name: LAST[rand(LAST.length)]!,
          mobile, mobile_digits: mobile, city: i % 2 ? 'Surat' : 'Ahmedabad', is_active: 1, is_married: 0, new_customer: 0, is_nri: 0,
          is_store_customer: 0, is_black_list: 0, is_foreigner: 0,
        } as Partial<CustomerFields>;
        const full = Object.fromEntries(
          ['year_id', 'title', 'middle_name', 'gender_id', 'birth_date', 'marriage_date', 'age', 'phone_no', 'phone_digits', 'email',
            'house_number', 'society_name', 'street', 'area', 'landmark', 'address', 'zip_code', 'state_id', 'country_id',
            'face_shape_id', 'customer_source_id', 'customer_category_id', 'store_id', 'membership_id', 'reference',
            'existing_customer_reference', 'remarks', 'tax_no', 'blood_group', 'self', 'client_consent_image',
            'client_consent_display_name', 'prescription_document', 'prescription_document_display_name', 'is_member',
            'dnd_promotional', 'dnd_transactional'].map((k) => [k, null]),
        );
        store.insert({ ...(full as unknown as CustomerFields), ...fields, id: ids.next('customer'), company_id: company.id }, { userId: user.id, at });
      }
    }).immediate();
  }
  report(`insert ${total} customers (50k per transaction)`, total, performance.now() - start);

  const list = (body: object) =>
    fetch(`${server.url}/api-v1/api/Customer/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fromPage: 1, toPage: 20, ...body }),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
      return (await r.json()) as { totalRows: number };
    });
  const searches: Array<[string, object]> = [
    ...[1, 3, 5, 7, 10].map((n): [string, object] => [`mobile prefix "${sample.slice(0, n)}"`, { mobile: sample.slice(0, n) }]),
    ['name prefix "r"', { firstName: 'r' }],
    ['name prefix "raj"', { firstName: 'raj' }],
    ['name prefix "rajesh"', { firstName: 'rajesh' }],
    ['name "rajesh pa" (first + last)', { firstName: 'rajesh pa' }],
    ['last name prefix "pat"', { lastName: 'pat' }],
  ];
  for (const [name, body] of searches) {
    const { totalRows } = await list(body);
    const runs = 30;
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await list(body);
    report(`POST Customer/list ${name} (${totalRows} match)`, runs, performance.now() - t0);
  }
}
