/**
 * Large stores for benchmarks (`npm run seed`): many customers and items on top of a store,
 * generated from a fixed seed. Items are variations of the demo catalog (same brands, types,
 * prices and stock patterns) with their own codes and barcodes, so searches hit realistic
 * prefixes; customers use common Gujarati and Indian names and mobile numbers.
 */
import { ean13 } from '../catalog/barcode.js';
import { catalogWriter } from '../catalog/item-writer.js';
import { refreshStatistics } from '../db/database.js';
import type { OpenStore } from '../store-file.js';
import { branches } from '../store/branch.js';
import { customers, type CustomerFields } from '../store/customer.js';
import { items } from '../store/item.js';
import { users } from '../store/user.js';
import { demoCatalog } from './demo-catalog.js';
import { seededRandom } from './seeded-random.js';

const FIRST = ['Aarav', 'Aditi', 'Amit', 'Anjali', 'Arjun', 'Bhavna', 'Chirag', 'Deepa', 'Dhruv', 'Farhan', 'Gita', 'Hardik', 'Isha',
  'Jignesh', 'Kavita', 'Kiran', 'Mahesh', 'Meera', 'Neha', 'Nirav', 'Pooja', 'Priya', 'Rahul', 'Rajesh', 'Rekha', 'Rohan', 'Sanjay',
  'Sneha', 'Sunil', 'Tejal', 'Usha', 'Varun', 'Vikram', 'Yash', 'Zoya'];
const LAST = ['Patel', 'Shah', 'Mehta', 'Desai', 'Joshi', 'Trivedi', 'Bhatt', 'Parikh', 'Modi', 'Chauhan', 'Solanki', 'Parmar', 'Rana',
  'Vaghela', 'Gandhi', 'Kothari', 'Agrawal', 'Iyer', 'Nair', 'Shaikh', 'Kapadia', 'Pandya', 'Dave', 'Vyas', 'Rathod'];
/**
 * Rows per transaction. Not more: with the trigram indexes (customer_search, item_search,
 * item_start) kept by triggers, big transactions made each insert cost more than the last
 * (customers in 20,000s from a new store: 6 s for the first 20,000, 59 s for the fifth; in 2,000s
 * a steady 6 s per 20,000 up to 80,000, as measured). Past that it slowed again until the
 * planner's statistics were refreshed after each batch (refreshStatistics says why).
 */
const BATCH = 2_000;

type Progress = (done: number, total: number) => void;

/** `firstName`: every customer added gets it (a name that many customers share), else one of a list. */
export function addCustomers(store: OpenStore, total: number, progress: Progress = () => {}, options: { firstName?: string } = {}): void {
  const { db, ids, company } = store;
  const rand = seededRandom(500_000 + total);
  const branchIds = branches(db).ofCompany(company.id).map((b) => b.id);
  const userId = users(db).firstAdmin(company.id)!.id;
  const at = new Date().toISOString();
  const insert = customers(db).insert;
  const blank = Object.fromEntries(
    ['year_id', 'title', 'middle_name', 'gender_id', 'birth_date', 'marriage_date', 'age', 'phone_no', 'phone_digits', 'email',
      'house_number', 'society_name', 'street', 'area', 'landmark', 'address', 'zip_code', 'state_id', 'country_id', 'face_shape_id',
      'customer_source_id', 'customer_category_id', 'store_id', 'membership_id', 'reference', 'existing_customer_reference', 'remarks',
      'tax_no', 'blood_group', 'self', 'client_consent_image', 'client_consent_display_name', 'prescription_document',
      'prescription_document_display_name', 'is_member', 'dnd_promotional', 'dnd_transactional'].map((k) => [k, null]),
  ) as unknown as CustomerFields;
  for (let done = 0; done < total; done += BATCH) {
    db.transaction(() => {
      for (let i = done; i < Math.min(total, done + BATCH); i++) {
        const mobile = `${6 + rand.int(4)}${String(rand.int(1e9)).padStart(9, '0')}`;
        insert(
          {
            ...blank, branch_id: branchIds[i % branchIds.length]!, first_name: options.firstName ?? rand.pick(FIRST), last_name: rand.pick(LAST), mobile,
            mobile_digits: mobile, city: i % 2 ? 'Surat' : 'Ahmedabad', is_active: 1, is_married: 0, new_customer: 0, is_nri: 0,
            is_store_customer: 0, is_black_list: 0, is_foreigner: 0, id: ids.next('customer'), company_id: company.id,
          },
          { userId, at },
        );
      }
    }).immediate();
    refreshStatistics(db);
    progress(Math.min(total, done + BATCH), total);
  }
}

export function addItems(store: OpenStore, total: number, progress: Progress = () => {}): void {
  const { db, ids, company } = store;
  const rand = seededRandom(50_000 + total);
  const branchIds = branches(db).ofCompany(company.id).map((b) => b.id);
  const templates = demoCatalog(new Date(), branchIds.length);
  const at = new Date().toISOString();
  // Continue numbering after what an earlier seed left, so seeding twice adds rather than clashes.
  const start = items(db).count(company.id);
  for (let done = 0; done < total; done += BATCH) {
    db.transaction(() => {
      const writer = catalogWriter(db, ids, company.id, at);
      for (let i = done; i < Math.min(total, done + BATCH); i++) {
        const n = start + i;
        const template = templates[rand.int(templates.length)]!;
        const variant = `V${n.toString(36).toUpperCase()}`;
        const { id } = writer.save({
          ...template.item,
          code: `${template.item.code}-${variant}`,
          barcode: template.item.barcode === null ? null : ean13('891', n),
          name: `${template.item.name} ${variant}`,
          model: template.item.model === null ? null : `${template.item.model}${variant}`,
        });
        for (const s of template.stock) {
          writer.setStock(id, branchIds[s.branch]!, rand.int(s.onHand + 3), { batchNo: s.batchNo ?? '', expiry: s.expiry ?? null });
        }
      }
    }).immediate();
    refreshStatistics(db);
    progress(Math.min(total, done + BATCH), total);
  }
}
