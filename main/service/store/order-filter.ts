/**
 * Orders/search's filter as SQL (issue 13: SQL lives in store/). Every condition is on `o`
 * (sales_order) alone, so a count reads sales_order and nothing else; values are bound, never
 * spliced. Customers named by name or mobile are looked up first through the customer indexes.
 */
import type { Db } from '../db/database.js';
import { statementCache } from './statement-cache.js';

/** A WHERE fragment with its parameters; fragments are fixed text, only values are bound. */
export interface Condition {
  sql: string;
  params: ReadonlyArray<string | number>;
  /** Set when many customers matched a name or mobile prefix: the other ways to read the same orders. */
  customers?: ManyCustomers;
}

/**
 * Many customers by name or mobile (more than FEW_CUSTOMERS), for sales-order.ts to read their
 * orders the cheap way for each question. Left to choose, SQLite read every order of all of them
 * and sorted, for a page of 20 (about 50 ms at 14,000 customers).
 */
export interface ManyCustomers {
  /** Conditions on `c` (customer), each excluding the ones before it, so their orders are counted once. */
  arms: ReadonlyArray<{ sql: string; params: ReadonlyArray<string | number> }>;
  /** The same test as the condition, on `o`, that no index can serve: newest first, the orders are walked by date and each is tested. */
  walked: { sql: string; params: ReadonlyArray<string | number> };
}

/** An order search's filter as the domain reads it from a request (order/search.ts). */
export interface OrderFilter {
  companyId: number;
  customerId?: number;
  /** Part of the branch's name. */
  branchName?: string;
  /** The customer's name: one word matches the first or last name's start, more the first and last. */
  customerName?: { first: string; last?: string };
  /** The start of the customer's mobile digits. */
  mobileDigits?: string;
  /** The serial a cashier reads out (…/000123), the number's last digits, or its start. */
  orderNo?: { serial: string } | { endsWith: string } | { startsWith: string };
  date?: string;
  fromDate?: string;
  toDate?: string;
  /** Part of the accepting user's full name or user name. */
  acceptedBy?: string;
  /** No delivery modes are kept (the counter hands over at the store): a mode matches no order. */
  deliveryMode?: true;
  netAmount?: number;
  deliveryDate?: string;
  statusId?: number;
  discount?: number;
}

/** Customers matched by name or mobile that are passed to SQLite as a list rather than a subquery. */
const FEW_CUSTOMERS = 256;
/**
 * Past this many matching customers, a page walked newest first looks each order's customer up
 * instead of first gathering every matching customer: the walk is short (a common name owns one
 * order in thirty), and gathering 14,000 customers took 10 ms of a 11 ms page at a million orders,
 * against 1 ms looked up. Below it the gathering is cheap and the walk long, so each test is kept
 * to a look-up in the gathered list. About √(20 × 500,000 customers), where the two cost the same.
 */
const MANY_CUSTOMERS = 4096;
/** Just below the largest character: `x >= p AND x < p || TOP` is "starts with p", as an index range. */
const TOP = '\u{10FFFF}';
/** Case-insensitive "contains" without LIKE, so % and _ in the filter are plain characters. */
const contains = (expr: string, value: string) => `instr(lower(${expr}), lower(${value})) > 0`;
const range = (column: string, value: string) => ({ sql: `c.${column} >= ? AND c.${column} < ?`, params: [value, value + TOP] });

/**
 * Customers by name or mobile: index ranges over the customer table (per branch, so the
 * branch-first indexes serve), looked up first. A few customers are handed to SQLite as a list, so
 * it reads their orders by customer; many stay a subquery, and `customers` says how else to read
 * them (sales-order.ts search: counted from the customers, a page walked newest first). Left to
 * guess, SQLite took one way for the other.
 */
function customersMatching(db: Db, companyId: number, arms: Array<{ sql: string; params: string[] }>): Condition {
  const scope = 'c.company_id = ? AND c.branch_id IN (SELECT id FROM branch WHERE company_id = ?)';
  const sub = arms.map((a) => `SELECT c.id FROM customer c WHERE ${scope} AND ${a.sql}`).join(' UNION ALL ');
  const params = arms.flatMap((a) => [companyId, companyId, ...a.params]);
  const ids = statementCache(db)<unknown[], { id: number }>(`${sub} LIMIT ${FEW_CUSTOMERS + 1}`).all(...params).map((r) => r.id);
  if (ids.length > FEW_CUSTOMERS) {
    const disjoint = arms.map((a, i) => ({
      sql: [scope, a.sql, ...arms.slice(0, i).map((b) => `(${b.sql}) IS NOT 1`)].join(' AND '),
      params: [companyId, companyId, ...a.params, ...arms.slice(0, i).flatMap((b) => b.params)],
    }));
    const many = statementCache(db)<unknown[], { n: number }>(`SELECT count(*) AS n FROM (${sub} LIMIT ${MANY_CUSTOMERS + 1})`).get(...params)!.n > MANY_CUSTOMERS;
    const walked = many
      ? {
          sql: `EXISTS (SELECT 1 FROM customer c WHERE c.id = o.customer_id AND ${scope} AND (${arms.map((a) => `(${a.sql})`).join(' OR ')}))`,
          params: [companyId, companyId, ...arms.flatMap((a) => a.params)],
        }
      : { sql: `+o.customer_id IN (${sub})`, params };
    return { sql: `o.customer_id IN (${sub})`, params, customers: { arms: disjoint, walked } };
  }
  if (ids.length === 0) return { sql: '0', params: [] };
  // Padded to a power of two, so a handful of statement shapes serve every count.
  const slots = 2 ** Math.ceil(Math.log2(ids.length));
  return { sql: `o.customer_id IN (${Array.from({ length: slots }, () => '?').join(', ')})`, params: Array.from({ length: slots }, (_, i) => ids[i % ids.length]!) };
}

/** The filter's conditions on `o`, in a fixed order (so equal filters share a prepared statement). */
export function orderConditions(db: Db, f: OrderFilter): Condition[] {
  const where: Condition[] = [];
  const { companyId } = f;
  if (f.customerId !== undefined) where.push({ sql: 'o.customer_id = ?', params: [f.customerId] });
  if (f.branchName) where.push({ sql: `o.branch_id IN (SELECT id FROM branch WHERE company_id = ? AND ${contains('name', '?')})`, params: [companyId, f.branchName] });
  if (f.customerName) {
    const { first, last } = f.customerName;
    if (last) {
      const a = range('first_name', first);
      const z = range('last_name', last);
      where.push(customersMatching(db, companyId, [{ sql: `${a.sql} AND ${z.sql}`, params: [...a.params, ...z.params] }]));
    } else {
      // First or last name: two index ranges joined (an OR would read every customer).
      where.push(customersMatching(db, companyId, [range('first_name', first), range('last_name', first)]));
    }
  }
  if (f.mobileDigits) where.push(customersMatching(db, companyId, [range('mobile_digits', f.mobileDigits)]));
  if (f.orderNo) {
    const no = f.orderNo;
    if ('serial' in no) where.push({ sql: 'substr(o.order_no, -6) = ?', params: [no.serial] });
    else if ('endsWith' in no) where.push({ sql: `substr(o.order_no, -${no.endsWith.length}) = ?`, params: [no.endsWith] });
    else where.push({ sql: 'o.order_no >= ? AND o.order_no < ?', params: [no.startsWith, no.startsWith + TOP] });
  }
  if (f.date) where.push({ sql: 'o.order_date = ?', params: [f.date] });
  if (f.fromDate) where.push({ sql: 'o.order_date >= ?', params: [f.fromDate] });
  if (f.toDate) where.push({ sql: 'o.order_date <= ?', params: [f.toDate] });
  if (f.acceptedBy) {
    where.push({
      sql: `o.created_by IN (SELECT id FROM app_user WHERE company_id = ? AND ${contains("coalesce(full_name, '') || ' ' || user_name", '?')})`,
      params: [companyId, f.acceptedBy],
    });
  }
  if (f.deliveryMode) where.push({ sql: '0', params: [] });
  if (f.netAmount !== undefined) where.push({ sql: 'o.net_amount = ?', params: [f.netAmount] });
  if (f.deliveryDate) where.push({ sql: 'o.delivery_date = ?', params: [f.deliveryDate] });
  if (f.statusId !== undefined) where.push({ sql: 'o.status_id = ?', params: [f.statusId] });
  if (f.discount !== undefined) where.push({ sql: 'o.total_discount = ?', params: [f.discount] });
  return where;
}
