/** SQL for the `customer` table. */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { COUNT_AHEAD, countUpTo, statementCache } from './statement-cache.js';
import { extend } from '../../../shared/extend.js';

export interface CustomerRow {
  id: number;
  company_id: number;
  branch_id: number;
  year_id: number | null;
  title: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  gender_id: number | null;
  birth_date: string | null;
  marriage_date: string | null;
  is_married: number;
  age: number | null;
  mobile: string | null;
  mobile_digits: string | null;
  phone_no: string | null;
  phone_digits: string | null;
  email: string | null;
  house_number: string | null;
  society_name: string | null;
  street: string | null;
  area: string | null;
  landmark: string | null;
  address: string | null;
  city: string | null;
  zip_code: string | null;
  state_id: number | null;
  country_id: number | null;
  face_shape_id: number | null;
  customer_source_id: number | null;
  customer_category_id: number | null;
  store_id: number | null;
  membership_id: number | null;
  reference: string | null;
  existing_customer_reference: string | null;
  remarks: string | null;
  tax_no: string | null;
  blood_group: string | null;
  self: string | null;
  client_consent_image: string | null;
  client_consent_display_name: string | null;
  prescription_document: string | null;
  prescription_document_display_name: string | null;
  is_member: number | null;
  dnd_promotional: number | null;
  dnd_transactional: number | null;
  new_customer: number;
  is_nri: number;
  is_store_customer: number;
  is_black_list: number;
  is_foreigner: number;
  is_active: number;
  created_by: number;
  created_ip: string | null;
  created_at: string;
  modified_by: number | null;
  modified_ip: string | null;
  modified_at: string | null;
  /** The customer this one was merged into (migration 037), or null. */
  merged_into?: number | null;
}

/** A customer row with its creator's and last editor's user names, as every answer shows them. */
export interface CustomerView extends CustomerRow {
  created_by_name: string;
  modified_by_name: string | null;
}

/** The columns a write sets: everything but the audit fields, which the store fills. */
export type CustomerFields = Omit<CustomerRow, 'id' | 'company_id' | 'created_by' | 'created_ip' | 'created_at' | 'modified_by' | 'modified_ip' | 'modified_at'>;

const FIELD_COLUMNS = [
  'branch_id', 'year_id', 'title', 'first_name', 'middle_name', 'last_name', 'gender_id', 'birth_date', 'marriage_date',
  'is_married', 'age', 'mobile', 'mobile_digits', 'phone_no', 'phone_digits', 'email', 'house_number', 'society_name',
  'street', 'area', 'landmark', 'address', 'city', 'zip_code', 'state_id', 'country_id', 'face_shape_id',
  'customer_source_id', 'customer_category_id', 'store_id', 'membership_id', 'reference', 'existing_customer_reference',
  'remarks', 'tax_no', 'blood_group', 'self', 'client_consent_image', 'client_consent_display_name',
  'prescription_document', 'prescription_document_display_name', 'is_member', 'dnd_promotional', 'dnd_transactional',
  'new_customer', 'is_nri', 'is_store_customer', 'is_black_list', 'is_foreigner', 'is_active',
] as const satisfies readonly (keyof CustomerFields)[];

const VIEW = `SELECT c.*, cu.user_name AS created_by_name, mu.user_name AS modified_by_name
              FROM customer c JOIN app_user cu ON cu.id = c.created_by LEFT JOIN app_user mu ON mu.id = c.modified_by`;

/** What a list row shows, with the customer's latest active examination. */
export interface CustomerListRow {
  id: number;
  first_name: string;
  last_name: string;
  mobile: string | null;
  phone_no: string | null;
  email: string | null;
  city: string | null;
  is_active: number;
  created_at: string;
  prescription_id: number | null;
  visiting_date: string | null;
}

const LATEST_EXAM = `(SELECT e.id FROM customer_eye_info e WHERE e.customer_id = c.id AND e.is_active = 1 AND e.superseded_at IS NULL
                      ORDER BY e.visiting_date DESC, e.id DESC LIMIT 1)`;
const LIST_COLUMNS = `c.id, c.first_name, c.last_name, c.mobile, c.phone_no, c.email, c.city, c.is_active, c.created_at,
  ${LATEST_EXAM} AS prescription_id,
  (SELECT e.visiting_date FROM customer_eye_info e WHERE e.id = ${LATEST_EXAM}) AS visiting_date`;

/**
 * A search, already reduced to what SQL needs. Text prefixes are matched as index ranges
 * (`col >= p AND col < p || U+10FFFF`), which SQLite serves from the NOCASE indexes.
 */
export interface CustomerSearch {
  companyId: number;
  /** Lists are per branch; the duplicate check leaves this out. */
  branchId?: number;
  customerId?: number;
  /** One word matches first or last name; "raj pat" matches first "raj…" and last "pat…". */
  name?: string;
  lastName?: string;
  mobileDigits?: string;
  phoneDigits?: string;
  email?: string;
  city?: string;
  birthDate?: string;
  visitingDate?: string;
  isActive?: boolean;
  isMember?: boolean;
  isBlackList?: boolean;
  /**
   * The counter's one search box (issue 16): digits find the start of the mobile first, then
   * any part of the mobile or phone; words find names starting with them (as `name`) first, then
   * names containing every word. The second part needs each word to have three characters.
   */
  anywhere?: { digits: string } | { words: string };
  /** A whitelisted ORDER BY clause (see endpoints/customer/search-filter.ts), never user text. */
  orderBy: string;
  offset: number;
  limit: number;
}

const TOP = '\u{10FFFF}';

/** The list's name order (endpoints/customer/search-filter.ts orderClause of "name"). */
const NAME_ORDER = 'c.first_name ASC, c.last_name ASC, c.id ASC';

function where(s: CustomerSearch): { sql: string; params: Record<string, unknown>; nameIds?: string; nameArms?: [string, string] } {
  // A customer merged into another (migration 037) is found as the one it was merged into.
  const terms = ['c.company_id = @companyId', 'c.merged_into IS NULL'];
  const params: Record<string, unknown> = { companyId: s.companyId };
  let nameIds: string | undefined;
  let nameArms: [string, string] | undefined;
  const prefix = (column: string, key: string, value: string) => {
    terms.push(`${column} >= @${key} AND ${column} < @${key}Top`);
    params[key] = value;
    params[`${key}Top`] = value + TOP;
  };
  if (s.branchId !== undefined) {
    terms.push('c.branch_id = @branchId');
    params.branchId = s.branchId;
  }
  if (s.customerId !== undefined) {
    terms.push('c.id = @customerId');
    params.customerId = s.customerId;
  }
  if (s.name !== undefined) {
    const [first, ...rest] = s.name.split(/\s+/);
    if (rest.length > 0) {
      prefix('c.first_name', 'first', first!);
      prefix('c.last_name', 'last', rest.join(' '));
    } else {
      // Two index range scans joined by id: SQLite's own OR planning falls back to scanning the branch.
      const scope = `company_id = @companyId AND merged_into IS NULL${s.branchId !== undefined ? ' AND branch_id = @branchId' : ''}`;
      nameArms = [`${scope} AND first_name >= @word AND first_name < @wordTop`, `${scope} AND last_name >= @word AND last_name < @wordTop`];
      nameIds = nameArms.map((arm) => `SELECT id FROM customer WHERE ${arm}`).join(' UNION ');
      terms.push(`c.id IN (${nameIds})`);
      params.word = first;
      params.wordTop = first + TOP;
    }
  }
  if (s.lastName !== undefined) prefix('c.last_name', 'lastName', s.lastName);
  if (s.mobileDigits !== undefined) prefix('c.mobile_digits', 'mobile', s.mobileDigits);
  if (s.phoneDigits !== undefined) prefix('c.phone_digits', 'phone', s.phoneDigits);
  if (s.email !== undefined) prefix('c.email', 'email', s.email);
  if (s.city !== undefined) prefix('c.city', 'city', s.city);
  if (s.birthDate !== undefined) {
    terms.push('c.birth_date = @birthDate');
    params.birthDate = s.birthDate;
  }
  if (s.visitingDate !== undefined) {
    terms.push('EXISTS (SELECT 1 FROM customer_eye_info e WHERE e.customer_id = c.id AND e.visiting_date = @visitingDate)');
    params.visitingDate = s.visitingDate;
  }
  const flag = (column: string, key: string, value: boolean | undefined) => {
    if (value === undefined) return;
    terms.push(`${column} = @${key}`);
    params[key] = value ? 1 : 0;
  };
  flag('c.is_active', 'isActive', s.isActive);
  flag('c.is_member', 'isMember', s.isMember);
  flag('c.is_black_list', 'isBlackList', s.isBlackList);
  const found: ReturnType<typeof where> = { sql: terms.join(' AND '), params };
  if (nameIds) found.nameIds = nameIds;
  if (nameArms) found.nameArms = nameArms;
  return found;
}

/** True when only company, branch and one name word narrow the search. */
const onlyOneWord = (s: CustomerSearch): boolean =>
  s.name !== undefined &&
  !/\s/.test(s.name) &&
  [s.customerId, s.lastName, s.mobileDigits, s.phoneDigits, s.email, s.city, s.birthDate, s.visitingDate, s.isActive, s.isMember, s.isBlackList]
    .every((v) => v === undefined);

export interface DuplicateProbe {
  companyId: number;
  excludeId?: number;
  mobileDigits?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  birthDate?: string;
}

/** FROM … of a search's count; counting the union of the two name indexes alone avoids a table read per match. */
const countFrom = (s: CustomerSearch, w: ReturnType<typeof where>) =>
  w.nameIds && onlyOneWord(s) ? `FROM (${w.nameIds})` : `FROM customer c WHERE ${w.sql}`;

/**
 * The ids of a page, in order. One name word in name order: each arm reads only the head of its
 * own index range (the first-name arm is already in this order), instead of walking the branch's
 * names from A.
 */
const pageSql = (s: CustomerSearch, w: ReturnType<typeof where>) =>
  w.nameArms && onlyOneWord(s) && s.orderBy === NAME_ORDER
    ? `SELECT id FROM (
         SELECT * FROM (SELECT c.id, c.first_name, c.last_name FROM customer c WHERE ${w.nameArms[0]} ORDER BY ${s.orderBy} LIMIT @head)
         UNION
         SELECT * FROM (SELECT c.id, c.first_name, c.last_name FROM customer c WHERE ${w.nameArms[1]} ORDER BY ${s.orderBy} LIMIT @head)
       ) AS c ORDER BY ${s.orderBy} LIMIT @limit OFFSET @offset`
    : `SELECT c.id FROM customer c WHERE ${w.sql} ORDER BY ${s.orderBy} LIMIT @limit OFFSET @offset`;

/**
 * The one-box search split in two parts: the "starts with" search as `name` or `mobileDigits`
 * does it (index ranges, the list's order), and the trigram index's "contains" matches that are
 * not already in the first part, newest first (FTS5 walks its rowids downwards and stops at the
 * page). `match` is null when a word is too short for trigrams: then only the first part runs.
 */
function anywhereParts(s: CustomerSearch, a: NonNullable<CustomerSearch['anywhere']>) {
  const { anywhere: _, ...rest } = s;
  if ('digits' in a) {
    return {
      starts: extend(rest, { mobileDigits: a.digits }),
      match: a.digits.length >= 3 ? `"${a.digits}"` : null,
      // The row-level form of the first part's condition, to leave its rows out of the second.
      startsRow: 'c.mobile_digits >= @mobile AND c.mobile_digits < @mobileTop',
    };
  }
  const words = a.words.split(/\s+/).filter(Boolean);
  const match = words.every((word) => [...word].length >= 3) ? words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' ') : null;
  return {
    starts: extend(rest, { name: words.join(' ') }),
    match,
    startsRow:
      words.length > 1
        ? 'c.first_name >= @first AND c.first_name < @firstTop AND c.last_name >= @last AND c.last_name < @lastTop'
        : '(c.first_name >= @word AND c.first_name < @wordTop OR c.last_name >= @word AND c.last_name < @wordTop)',
  };
}

export const customers = perDatabase((db: Db) => {
  const listRows = (ids: number[], orderBy: string) =>
    statementCache(db)<[string], CustomerListRow>(`SELECT ${LIST_COLUMNS} FROM customer c WHERE c.id IN (SELECT value FROM json_each(?)) ORDER BY ${orderBy}`).all(
      JSON.stringify(ids),
    );

  function searchAnywhere(s: CustomerSearch, a: NonNullable<CustomerSearch['anywhere']>): { totalRows: number; totalExact: boolean; rows: CustomerListRow[] } {
    const { starts, match, startsRow } = anywhereParts(s, a);
    const w = where(starts);
    const cap = s.offset + s.limit + COUNT_AHEAD;
    return db.transaction(() => {
      const params = extend(w.params, { limit: s.limit, offset: s.offset, head: s.offset + s.limit });
      const firstIds = statementCache(db)<Record<string, unknown>, { id: number }>(pageSql(starts, w)).all(params).map((r) => r.id);
      if (match === null) {
        const count = countUpTo(db, countFrom(starts, w), w.params, cap);
        return { totalRows: count.total, totalExact: count.exact, rows: listRows(firstIds, s.orderBy) };
      }
      // The other filters alone (company, branch, flags …), then the trigram match: every
      // "starts with" row also contains the words, so this counts both parts.
      const others = where(extend(starts, { name: undefined, mobileDigits: undefined }) as CustomerSearch);
      const fts = `FROM customer_search f JOIN customer c ON c.id = f.rowid WHERE customer_search MATCH @match AND ${others.sql}`;
      const count = countUpTo(db, fts, extend(others.params, { match }), cap);
      let restIds: number[] = [];
      if (firstIds.length < s.limit) {
        const firstTotal = firstIds.length > 0 ? s.offset + firstIds.length : countUpTo(db, countFrom(starts, w), w.params, Number.MAX_SAFE_INTEGER).total;
        restIds = statementCache(db)<Record<string, unknown>, { id: number }>(
          `SELECT c.id ${fts} AND NOT (${startsRow}) ORDER BY f.rowid DESC LIMIT @restLimit OFFSET @restOffset`,
        )
          .all(extend(w.params, { match, restLimit: s.limit - firstIds.length, restOffset: Math.max(0, s.offset - firstTotal) }))
          .map((r) => r.id);
      }
      const first = listRows(firstIds, s.orderBy);
      const byId = new Map(listRows(restIds, 'c.id').map((r) => [r.id, r]));
      return { totalRows: count.total, totalExact: count.exact, rows: [...first, ...restIds.map((id) => byId.get(id)!)] };
    })();
  }

  // A merged-away customer's id opens the record it was merged into (migration 037), along the chain.
  const byId = db.prepare<{ id: number; companyId: number }, CustomerView>(
    `WITH RECURSIVE chain (id, hops) AS (
       SELECT @id, 0 UNION ALL SELECT m.merged_into, hops + 1 FROM customer m JOIN chain ON m.id = chain.id WHERE m.merged_into IS NOT NULL AND hops < 16
     )
     ${VIEW} WHERE c.id = (SELECT id FROM chain ORDER BY hops DESC LIMIT 1) AND c.company_id = @companyId`,
  );
  const insert = db.prepare(
    `INSERT INTO customer (id, company_id, ${FIELD_COLUMNS.join(', ')}, created_by, created_at)
     VALUES (@id, @company_id, ${FIELD_COLUMNS.map((c) => `@${c}`).join(', ')}, @created_by, @created_at)`,
  );
  const update = db.prepare(
    `UPDATE customer SET ${FIELD_COLUMNS.map((c) => `${c} = @${c}`).join(', ')}, modified_by = @modified_by,
            modified_at = @modified_at
     WHERE id = @id AND company_id = @company_id`,
  );
  return {
    byId: (companyId: number, id: number) => byId.get({ id, companyId }),
    insert(row: CustomerFields & { id: number; company_id: number }, by: { userId: number; at: string }) {
      insert.run(extend(row, { created_by: by.userId, created_at: by.at }));
    },
    update(row: CustomerFields & { id: number; company_id: number }, by: { userId: number; at: string }) {
      update.run(extend(row, { modified_by: by.userId, modified_at: by.at }));
    },
    /**
     * Matching rows, counted and paged in one read of the same snapshot. The count stops
     * COUNT_AHEAD rows past the page (`totalExact` false beyond); the page's ids are chosen first
     * and only its rows get their latest examination looked up.
     */
    search(s: CustomerSearch): { totalRows: number; totalExact: boolean; rows: CustomerListRow[] } {
      if (s.anywhere) return searchAnywhere(s, s.anywhere);
      const w = where(s);
      return db.transaction(() => {
        const count = countUpTo(db, countFrom(s, w), w.params, s.offset + s.limit + COUNT_AHEAD);
        const rows = statementCache(db)<Record<string, unknown>, CustomerListRow>(
          `SELECT ${LIST_COLUMNS} FROM customer c WHERE c.id IN (${pageSql(s, w)}) ORDER BY ${s.orderBy}`,
        ).all(extend(w.params, { limit: s.limit, offset: s.offset, head: s.offset + s.limit }));
        return { totalRows: count.total, totalExact: count.exact, rows };
      })();
    },
    /** The query plan of a search, for the test that proves prefix searches use an index. */
    plan(s: CustomerSearch): string[] {
      const w = where(s);
      return db
        .prepare<Record<string, unknown>, { detail: string }>(`EXPLAIN QUERY PLAN SELECT count(*) FROM customer c WHERE ${w.sql}`)
        .all(w.params)
        .map((r) => r.detail);
    },
    /**
     * Likely duplicates across the whole company: the same mobile, the same e-mail, or the same
     * first name, last name and birth date. Each arm is an indexed equality.
     */
    duplicates(p: DuplicateProbe): CustomerListRow[] {
      const arms: string[] = [];
      const params: Record<string, unknown> = { companyId: p.companyId, excludeId: p.excludeId ?? null };
      if (p.mobileDigits) {
        arms.push('SELECT id FROM customer WHERE company_id = @companyId AND mobile_digits = @mobile');
        params.mobile = p.mobileDigits;
      }
      if (p.email) {
        arms.push('SELECT id FROM customer WHERE company_id = @companyId AND email = @email');
        params.email = p.email;
      }
      if (p.firstName && p.lastName && p.birthDate) {
        arms.push(`SELECT id FROM customer WHERE company_id = @companyId AND birth_date = @birthDate
                   AND first_name = @firstName AND last_name = @lastName`);
        Object.assign(params, { firstName: p.firstName, lastName: p.lastName, birthDate: p.birthDate });
      }
      if (arms.length === 0) return [];
      return db
        .prepare<Record<string, unknown>, CustomerListRow>(
          `SELECT ${LIST_COLUMNS} FROM customer c
           WHERE c.id IN (${arms.join(' UNION ')}) AND (@excludeId IS NULL OR c.id <> @excludeId) AND c.merged_into IS NULL
           ORDER BY c.first_name, c.last_name, c.id LIMIT 50`,
        )
        .all(params);
    },
  };
});
