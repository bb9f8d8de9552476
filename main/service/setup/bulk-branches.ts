/**
 * A chain of many branches for benchmarks (`npm run seed -- --branches N`): the store's company
 * grows to N branches, spread over a few states (each state but the company's with its own GSTIN,
 * as a registration is per state), each with its code, name, city and address, and one till open
 * for the day (a till session with a float), as a chain's morning looks at head office. Orders
 * seeded after (`--orders`) spread over every branch (bulk-orders.ts). Branches already there
 * count towards N: a second run with the same N adds none.
 */
import { gstinCheckChar } from '../../../shared/domain/gstin.js';
import type { OpenStore } from '../store-file.js';
import { branches } from '../store/branch.js';
import { states } from '../store/state.js';
import { tillSessions } from '../store/till-session.js';
import { users } from '../store/user.js';

/** Cities the branches open in, by GST state code: a few states, several cities each. */
const CITIES: ReadonlyArray<{ state: string; cities: readonly string[] }> = [
  { state: '24', cities: ['Ahmedabad', 'Surat', 'Vadodara', 'Rajkot', 'Bhavnagar', 'Gandhinagar', 'Anand', 'Jamnagar'] },
  { state: '27', cities: ['Mumbai', 'Pune', 'Nagpur', 'Nashik', 'Thane', 'Aurangabad'] },
  { state: '08', cities: ['Jaipur', 'Udaipur', 'Jodhpur', 'Kota'] },
  { state: '23', cities: ['Indore', 'Bhopal', 'Gwalior'] },
  { state: '29', cities: ['Bengaluru', 'Mysuru', 'Hubballi'] },
];
const AREAS = ['Station Road', 'Market Yard', 'MG Road', 'Civil Lines', 'Old City', 'Ring Road', 'College Road', 'Main Bazaar', 'Lake View', 'Tower Chowk'];
/** The till each seeded branch opens, with ₹2,000 in the drawer. */
export const SEEDED_TILL = 'T1';
const FLOAT_PAISE = 200_000;

/** Makes the company `total` branches (adding to those it has); answers how many were added. */
export function addBranches(store: OpenStore, total: number, now = new Date()): number {
  const { db, ids, company } = store;
  const existing = branches(db).ofCompany(company.id);
  const wanted = total - existing.length;
  if (wanted <= 0) return 0;
  const taken = new Set(existing.map((b) => b.code));
  const companyState = company.gstin?.slice(0, 2) ?? '24';
  const pan = company.gstin?.slice(2, 12) ?? 'AAHCD4821K';
  const opener = users(db).firstAdmin(company.id)!.id;
  const stateOf = new Map(CITIES.map((c) => [c.state, states(db).find(c.state)!]));
  const perCity = new Map<string, number>();
  db.transaction(() => {
    for (let i = 0, added = 0; added < wanted; i++) {
      // Round the states, and within each its cities: a few branches already span every state.
      const region = CITIES[i % CITIES.length]!;
      const place = { state: region.state, city: region.cities[Math.floor(i / CITIES.length) % region.cities.length]! };
      const n = (perCity.get(place.city) ?? 0) + 1;
      perCity.set(place.city, n);
      const code = `${place.city.slice(0, 3).toUpperCase()}${n}`;
      if (taken.has(code)) continue;
      taken.add(code);
      const state = stateOf.get(place.state)!;
      const area = AREAS[(i + n) % AREAS.length]!;
      const first14 = `${place.state}${pan}1Z`;
      const id = ids.next('branch');
      branches(db).insert({
        id, company_id: company.id, code, name: n === 1 ? area : `${area} ${n}`, city: place.city,
        address: `${10 + (i % 90)} ${area}, ${place.city}`, mobile: `0${(7900000000 + i * 7919) % 10_000_000_000}`.slice(0, 11),
        email: `${code.toLowerCase()}@${company.name.toLowerCase().replace(/[^a-z]+/g, '').slice(0, 20) || 'store'}.in`,
        gstin: place.state === companyState && company.gstin ? company.gstin : first14 + gstinCheckChar(first14),
        state_id: state.id, country_id: state.country_id, logo: null, signature: null,
      });
      tillSessions(db).insert({
        id: ids.next('till_session'), company_id: company.id, branch_id: id, till: SEEDED_TILL,
        opening_float: FLOAT_PAISE, opened_by: opener, opened_at: now.toISOString(),
      });
      added++;
    }
  }).immediate();
  return wanted;
}
