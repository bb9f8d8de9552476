/**
 * Likely duplicates across a chain's branches (customer/merge.ts merges them): two records of the
 * company are a candidate pair when they have the same mobile, the same name and birth date, or
 * the same name once it is normalised (nameKey). Kept simple and tested
 * (test/service/customer-merge.test.ts): it proposes, the manager decides.
 */
import { customerMerges, type DuplicateSide } from '../store/customer-merge.js';
import { customerDistinct } from '../store/customer-distinct.js';
import type { RequestContext } from '../context.js';
import { extend } from '../../../shared/extend.js';

export type DuplicateReason = 'mobile' | 'email' | 'name_birth_date' | 'similar_name';

export interface DuplicatePair {
  a: DuplicateSide;
  b: DuplicateSide;
  reasons: DuplicateReason[];
}

/**
 * A name word as spelling varies: lower case, letters only (spaces, dots and hyphens go), a
 * few common variants of one sound made one ("ee" and "i", "oo" and "u", "ph" and "f", "w" and
 * "v"), a doubled letter once ("Shaah" is "Shah", "Meenaa" is "Mena") and a final "ah" as "a"
 * ("Meenah" is "Meena").
 */
export function nameWord(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/(.)\1+/g, '$1')
    .replace(/ah$/, 'a');
}

/** Whether two first names are the same person's: equal once normalised, or one is the other's initial ("M." and "Meena"). */
export function sameFirstName(a: string, b: string): boolean {
  const [x, y] = [nameWord(a), nameWord(b)];
  if (x === '' || y === '') return false;
  if (x === y) return true;
  return (x.length === 1 && y.startsWith(x)) || (y.length === 1 && x.startsWith(y));
}

/** Pairs of the company's customers that may be one person, strongest first (at most `limit`). */
export function duplicatePairs(ctx: RequestContext, limit = 200): DuplicatePair[] {
  const sides = customerMerges(ctx.db).sides(ctx.user.companyId);
  // Pairs a manager said are two people (customer/distinct.ts) are not proposed again.
  const notSame = customerDistinct(ctx.db).activePairs(ctx.user.companyId);
  const pairs = new Map<string, DuplicatePair>();
  const add = (x: DuplicateSide, y: DuplicateSide, reason: DuplicateReason) => {
    const [a, b] = x.id < y.id ? [x, y] : [y, x];
    const key = `${a.id}:${b.id}`;
    if (notSame.has(key)) return;
    const pair = pairs.get(key) ?? { a, b, reasons: [] };
    if (!pair.reasons.includes(reason)) pair.reasons.push(reason);
    pairs.set(key, pair);
  };
  const groups = (keyOf: (s: DuplicateSide) => string | null) => {
    const by = new Map<string, DuplicateSide[]>();
    for (const s of sides) {
      const k = keyOf(s);
      if (k !== null) by.set(k, [...(by.get(k) ?? []), s]);
    }
    // A number or a name shared by many (a shop's own number, "Walk-in") says nothing about one person.
    return [...by.values()].filter((g) => g.length > 1 && g.length <= 6);
  };
  const eachPair = (group: DuplicateSide[], fn: (x: DuplicateSide, y: DuplicateSide) => void) => {
    for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) fn(group[i]!, group[j]!);
  };
  for (const g of groups((s) => (s.mobile_digits && s.mobile_digits.length >= 8 ? s.mobile_digits.slice(-10) : null))) eachPair(g, (x, y) => add(x, y, 'mobile'));
  for (const g of groups((s) => (s.birth_date ? `${s.first_name.toLowerCase()}|${s.last_name.toLowerCase()}|${s.birth_date}` : null))) {
    eachPair(g, (x, y) => add(x, y, 'name_birth_date'));
  }
  // Same normalised last name and first initial, then the first names compared.
  for (const g of groups((s) => {
    const last = nameWord(s.last_name);
    const first = nameWord(s.first_name);
    return last && first ? `${last}|${first[0]}` : null;
  })) {
    eachPair(g, (x, y) => {
      if (!sameFirstName(x.first_name, y.first_name)) return;
      // Two different birth dates are two people, whatever their names.
      if (x.birth_date && y.birth_date && x.birth_date !== y.birth_date) return;
      add(x, y, 'similar_name');
    });
  }
  const strength = (p: DuplicatePair) => (p.reasons.includes('mobile') ? 2 : 0) + (p.reasons.includes('name_birth_date') ? 2 : 0) + p.reasons.length;
  return [...pairs.values()].sort((p, q) => strength(q) - strength(p) || p.a.id - q.a.id).slice(0, limit);
}

/**
 * The counter's warning before a new customer is saved: who of the company may be this person, by
 * the same rules as the pairs (same mobile, same name and birth date, a similar name; two birth
 * dates are two people), and the same e-mail as the spec's duplicate check. Strongest first, at most five.
 */
export function likelySame(ctx: RequestContext, p: { firstName: string; lastName: string; mobileDigits: string | null; email: string | null; birthDate: string | null }): Array<DuplicateSide & { reasons: DuplicateReason[] }> {
  const near = customerMerges(ctx.db).near(ctx.user.companyId, { mobileDigits: p.mobileDigits, email: p.email, lastName: p.lastName.trim() });
  const tail = (d: string | null) => (d && d.length >= 8 ? d.slice(-10) : null);
  const found: Array<DuplicateSide & { reasons: DuplicateReason[] }> = [];
  for (const s of near) {
    const reasons: DuplicateReason[] = [];
    if (tail(p.mobileDigits) && tail(s.mobile_digits) === tail(p.mobileDigits)) reasons.push('mobile');
    if (p.email && s.email?.toLowerCase() === p.email.toLowerCase()) reasons.push('email');
    const sameLast = nameWord(s.last_name) !== '' && nameWord(s.last_name) === nameWord(p.lastName);
    const exactName = s.first_name.toLowerCase() === p.firstName.trim().toLowerCase() && s.last_name.toLowerCase() === p.lastName.trim().toLowerCase();
    if (exactName && p.birthDate && s.birth_date === p.birthDate) reasons.push('name_birth_date');
    const twoBirthDates = p.birthDate && s.birth_date && p.birthDate !== s.birth_date;
    if (sameLast && sameFirstName(s.first_name, p.firstName) && !twoBirthDates) reasons.push('similar_name');
    if (reasons.length > 0) found.push(extend(s, { reasons }));
  }
  return found.sort((a, b) => b.reasons.length - a.reasons.length || a.id - b.id).slice(0, 5);
}
