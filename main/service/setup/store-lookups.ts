/**
 * Look-ups every new store starts with, real or demo: the ways customers hear of a store.
 * Genders, payment kinds, card types and priorities are shared reference rows (004-catalog.ts);
 * memberships, suppliers and fitters are each store's own business and start empty.
 */
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { customerSources } from '../store/customer-source.js';

const SOURCES = ['Walk-in', 'Doctor referral', 'Existing customer', 'Friend or family', 'Google', 'Instagram or Facebook', 'Newspaper or flyer', 'Corporate tie-up'];

/** Inside the store's creating transaction. */
export function seedStoreLookups(db: Db, ids: IdSource, companyId: number): void {
  const sources = customerSources(db);
  SOURCES.forEach((name, i) => sources.insert(ids, companyId, name, i + 1));
}
