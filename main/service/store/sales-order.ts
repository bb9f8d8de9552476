/**
 * SQL for `sales_order` and its lines: SaveSale writes them (inside its one transaction), the
 * Orders endpoints read and move them. Every read takes the company, so another company's order
 * is simply not found. Received receipts (status 1) are the only money that counts towards an
 * order: cancelled, refunded and moved receipts do not.
 */
import type { Db } from '../db/database.js';
import { RX_COLUMN_NAMES, type LineRx } from './cart.js';
import type { CustomerRow } from './customer.js';
import { perDatabase } from './per-database.js';
import { listOf } from './rows.js';
import { orderConditions, type Condition, type ManyCustomers, type OrderFilter } from './order-filter.js';
import { countUpTo, statementCache, type Counted } from './statement-cache.js';

/**
 * Received receipts of the order aliased `o`, in paise: `sales_order.received`, kept by triggers on
 * `receipt` (migration 014), so no list sums every receipt of every row it reads.
 */
export const RECEIVED_SQL = 'o.received';

/**
 * What the customer still owes on the order aliased `o`: its net less the insurer's share (the
 * insurer's to pay, a receivable of the store, not the customer's) less Received receipts. The one
 * balance rule: receipts, invoices, the orders lists and the dashboard all use this or `dueOf`;
 * migration 014's tally triggers and the owing index spell the same expression.
 */
export const DUE_SQL = '(o.net_amount - o.insurance_amount - o.received)';

/** DUE_SQL for a row read with its received total. */
export const dueOf = (o: { net_amount: number; insurance_amount: number; received: number }) => o.net_amount - o.insurance_amount - o.received;

/**
 * An order's totals as priced on the booking day, in paise: the columns of `sales_order` that the
 * order, its invoice and its printed documents all read. `TaxTotals` is the part an invoice copies.
 */
export interface TaxTotals {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  rounding: number;
  net_amount: number;
}

export interface OrderTotals extends TaxTotals {
  /** 1 when the customer's state is the branch's (CGST + SGST), 0 for IGST. */
  intra_state: number;
  total_qty: number;
  total_mrp: number;
  gross: number;
  total_discount: number;
  grand_total: number;
  job_charges: number;
  shipping_charges: number;
  other_charges: number;
  service_tax: number;
}

/** An order's insurance as salesorderModel states it (sale/insurance.ts readClaim checks it). */
export interface InsuranceClaim {
  insurance_company_id: number | null;
  /** What was claimed (paise), before the caps. */
  insurance_claimed: number;
  /** The smaller of the coverage limit and the cover remaining, when either is given (paise). */
  insurance_cover: number | null;
  insurance_info: string | null;
  insurance_membership_type: string | null;
  insurance_verification_no: string | null;
  insurance_start_date: string | null;
  insurance_end_date: string | null;
}

/** A new order's header as SaveSale books it; money in paise, figures as priced on the booking day. */
export interface NewSalesOrder extends OrderTotals, InsuranceClaim {
  id: number;
  company_id: number;
  branch_id: number;
  year_id: number;
  order_no: string;
  order_date: string;
  customer_id: number;
  eye_info_id: number | null;
  /** The collection promised at the counter (sale/delivery.ts): YYYY-MM-DD and HH:MM or null. */
  delivery_date: string | null;
  delivery_time: string | null;
  /** Fixed when sold (sale/place-of-supply.ts, migration 009). */
  place_of_supply_state_id: number;
  delivery_mode_id: number;
  /** Rate and SAC of job charges billed as a taxed service (migration 010); null when there were none. */
  job_gst_rate_bp: number | null;
  job_sac: string | null;
  /** The insurer's share: at most net_amount, never negative (sale/insurance.ts splitBill). */
  insurance_amount: number;
  policy_no: string | null;
  doctor_id: number | null;
  typed_doctor_name: string | null;
  remarks: string | null;
  session_id: string;
  /** SHA-256 of the SaveSale request (sale/sale-key.ts); null for orders not made by SaveSale. */
  request_hash: string | null;
  created_by: number;
  created_at: string;
  /** The till session the sale was booked in (migration 019); null for orders not booked at a till. */
  till_session_id?: number | null;
}

/** A line's quantity, prices and GST as computed on the sale day, in paise (rates in basis points). */
export interface LineFigures {
  qty: number;
  mrp: number;
  price: number;
  discount: number;
  taxable: number;
  gst_rate_bp: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/** One order line as sold: name, code and HSN copied from the item, GST figures as computed that day. */
export interface NewSalesOrderLine extends LineRx, LineFigures {
  id: number;
  sales_order_id: number;
  line_no: number;
  item_id: number;
  item_type_id: number;
  name: string;
  code: string;
  hsn_code: string | null;
  price_includes_tax: number;
  discount_bp: number | null;
  stock_counted: number;
  batch_no: string;
  is_ordered: number;
  /** The manager's approval the line was sold under (migration 011), if it needed one. */
  price_approval_id: number | null;
}

const ORDER_COLUMNS = [
  'id', 'company_id', 'branch_id', 'year_id', 'order_no', 'order_date', 'customer_id', 'eye_info_id', 'delivery_date', 'delivery_time', 'place_of_supply_state_id', 'delivery_mode_id', 'job_gst_rate_bp', 'job_sac', 'intra_state',
  'total_qty', 'total_mrp', 'gross', 'total_discount', 'taxable', 'cgst', 'sgst', 'igst', 'grand_total', 'job_charges',
  'shipping_charges', 'other_charges', 'service_tax', 'rounding', 'net_amount', 'insurance_company_id',
  'insurance_amount', 'insurance_claimed', 'insurance_cover', 'insurance_info', 'insurance_membership_type',
  'insurance_verification_no', 'insurance_start_date', 'insurance_end_date', 'policy_no', 'doctor_id',
  'typed_doctor_name', 'remarks', 'session_id', 'request_hash', 'created_by', 'created_at', 'till_session_id',
] as const satisfies ReadonlyArray<keyof NewSalesOrder>;

const LINE_COLUMNS = [
  'id', 'sales_order_id', 'line_no', 'item_id', 'item_type_id', 'name', 'code', 'hsn_code', 'qty', 'mrp', 'price',
  'price_includes_tax', 'discount_bp', 'discount', 'taxable', 'gst_rate_bp', 'cgst', 'sgst', 'igst', 'total',
  'stock_counted', 'batch_no', 'is_ordered', 'price_approval_id', ...RX_COLUMN_NAMES,
] as const satisfies ReadonlyArray<keyof NewSalesOrderLine>;

const insertSql = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;

/** The header of one order (`o.*`: every column) with the names the detail and receipt screens show. */
export interface OrderHeaderRow
  extends NewSalesOrder,
    Pick<
      CustomerRow,
      'first_name' | 'last_name' | 'mobile' | 'email' | 'house_number' | 'society_name' | 'street' | 'area' | 'landmark' | 'tax_no' | 'membership_id'
    > {
  delivery_date: string | null;
  delivery_time: string | null;
  status_id: number;
  received: number;
  invoiced: number;
  /** Where the customer collects it; null: where it was booked (migration 036). */
  collect_branch_id: number | null;
  insurance_company_name: string | null;
  branch_name: string;
  branch_address: string | null;
  branch_city: string | null;
  branch_email: string | null;
  branch_mobile: string | null;
  company_name: string;
  company_gstin: string | null;
  year_name: string;
  accepted_by: string | null;
}

export interface OrderLineRow extends LineFigures {
  id: number;
  line_no: number;
  item_id: number;
  item_type_name: string | null;
  name: string;
  hsn_code: string | null;
  discount_bp: number | null;
  pair_no: string | null;
  eye: 'R' | 'L' | null;
  sph: number | null;
  cyl: number | null;
  axis: number | null;
  addition: number | null;
  va: string | null;
  vn: string | null;
  pd: number | null;
}

export interface OrderListRow {
  id: number;
  first_name: string;
  last_name: string;
  mobile: string | null;
  branch_name: string;
  order_no: string;
  accepted_by: string | null;
  delivery_date: string | null;
  delivery_time: string | null;
  order_date: string;
  net_amount: number;
  insurance_amount: number;
  status_id: number;
  item_count: number;
  received: number;
  total_discount: number;
}

export interface OrderBalanceRow {
  id: number;
  branch_id: number;
  order_no: string;
  first_name: string;
  last_name: string;
  mobile: string | null;
  net_amount: number;
  insurance_amount: number;
  received: number;
}

const HEADER = `
  SELECT o.*, EXISTS (SELECT 1 FROM invoice i WHERE i.sales_order_id = o.id) AS invoiced,
    ic.name AS insurance_company_name,
    c.first_name, c.last_name, c.mobile, c.email, c.house_number, c.society_name, c.street, c.area, c.landmark, c.tax_no,
    c.membership_id, b.name AS branch_name, b.address AS branch_address, b.city AS branch_city, b.email AS branch_email,
    b.mobile AS branch_mobile, co.name AS company_name, co.gstin AS company_gstin, y.name AS year_name,
    coalesce(u.full_name, u.user_name) AS accepted_by
  FROM sales_order o
  JOIN customer c ON c.id = o.customer_id
  JOIN branch b ON b.id = o.branch_id
  JOIN company co ON co.id = o.company_id
  JOIN financial_year y ON y.id = o.year_id
  JOIN app_user u ON u.id = o.created_by
  LEFT JOIN insurance_company ic ON ic.id = o.insurance_company_id`;

const LIST_FROM = `
  FROM sales_order o
  JOIN customer c ON c.id = o.customer_id
  JOIN branch b ON b.id = o.branch_id
  JOIN app_user u ON u.id = o.created_by`;

const LIST_COLUMNS = `o.id, c.first_name, c.last_name, c.mobile, b.name AS branch_name, o.order_no,
  coalesce(u.full_name, u.user_name) AS accepted_by, o.delivery_date, o.delivery_time, o.order_date, o.net_amount,
  o.insurance_amount, o.status_id, o.item_count, o.received, o.total_discount`;

/** Columns the search's orderBy may name (list item field → SQL), so request text never reaches SQL. */
export const ORDER_SEARCH_COLUMNS: Record<string, readonly string[]> = {
  customerName: ['c.first_name', 'c.last_name'],
  customerMobileNo: ['c.mobile'],
  branchName: ['b.name'],
  salesOrderNo: ['o.order_no'],
  acceptedBy: ['accepted_by'],
  deliveryDateTime: ['o.delivery_date', 'o.delivery_time'],
  date: ['o.order_date'],
  netAmount: ['o.net_amount'],
  statusID: ['o.status_id', 'o.order_date'],
  status: ['o.status_id', 'o.order_date'],
  itemCount: ['o.item_count'],
  totalReceipt: ['o.received'],
  totalDiscount: ['o.total_discount'],
  insuranceAmount: ['o.insurance_amount'],
  balanceAmount: [DUE_SQL],
};

/**
 * Orders an index of migration 014 serves with any filter's rows, so a page reads only its rows.
 * The others sort every match and are refused past SORT_LIMIT matches (endpoints/orders/search.ts).
 */
export const INDEXED_ORDER_SORTS: ReadonlySet<string> = new Set(['date', 'salesOrderNo', 'netAmount', 'statusID', 'status', 'deliveryDateTime', 'totalDiscount']);

/** An Orders/search as the store runs it; `orderBy` is built from ORDER_SEARCH_COLUMNS, never request text. */
export interface OrderSearch {
  filter: OrderFilter;
  orderBy: string;
  offset: number;
  limit: number;
  countCap: number;
  /** Answer no rows when more than this many match (a sort no index serves). */
  sortLimit?: number;
  /** Keyset paging on the default order: rows older than this one. */
  after?: { date: string; id: number };
}

/** `o.company_id = ?` and every condition, with their parameters in order. */
function whereOf(companyId: number, conditions: readonly Condition[]): { sql: string; params: Array<string | number> } {
  return {
    sql: ['o.company_id = ?', ...conditions.map((w) => `(${w.sql})`)].join(' AND '),
    params: [companyId, ...conditions.flatMap((w) => w.params)],
  };
}

export const salesOrders = perDatabase((db: Db) => {
  /**
   * How many orders many customers have (up to `cap`), starting from the customers: each one's
   * orders by the customer index until the cap. As an IN list, SQLite first gathered every
   * matching customer into a temporary table (14,000 for a common first name) before counting.
   */
  const countThroughCustomers = (companyId: number, many: ManyCustomers, others: readonly Condition[], cap: number): Counted => {
    const rest = whereOf(companyId, others);
    const arms = many.arms.map((arm) => `SELECT 1 FROM customer c CROSS JOIN sales_order o ON o.customer_id = c.id WHERE ${arm.sql} AND ${rest.sql}`);
    const limit = Math.max(1, Math.floor(cap));
    const n = statementCache(db)<unknown[], { n: number }>(`SELECT count(*) AS n FROM (${arms.join(' UNION ALL ')} LIMIT ?)`)
      .get(...many.arms.flatMap((arm) => [...arm.params, ...rest.params]), limit)!.n;
    return { total: n, exact: n < limit };
  };

  const byNo = db.prepare<[number, string], OrderHeaderRow>(`${HEADER} WHERE o.company_id = ? AND o.order_no = ?`);
  const latestOfCustomer = db.prepare<[number, number], { id: number }>(
    'SELECT id FROM sales_order WHERE customer_id = ? AND company_id = ? ORDER BY order_date DESC, id DESC LIMIT 1',
  );
  const examsWithOrders = db.prepare<[number, number], { eye_info_id: number }>(
    'SELECT DISTINCT eye_info_id FROM sales_order WHERE customer_id = ? AND company_id = ? AND eye_info_id IS NOT NULL',
  );
  const byId = db.prepare<[number, number], OrderHeaderRow>(`${HEADER} WHERE o.company_id = ? AND o.id = ?`);
  const lines = db.prepare<[number], OrderLineRow>(
    `SELECT l.id, l.line_no, l.item_id, t.name AS item_type_name, l.name, l.hsn_code, l.qty, l.mrp, l.price, l.discount_bp,
       l.discount, l.taxable, l.gst_rate_bp, l.cgst, l.sgst, l.igst, l.total, l.pair_no, l.eye, l.sph, l.cyl, l.axis,
       l.addition, l.va, l.vn, l.pd
     FROM sales_order_line l LEFT JOIN item_type t ON t.id = l.item_type_id
     WHERE l.sales_order_id = ? ORDER BY l.line_no`,
  );
  // Spelled as the partial index sales_order_branch_owing is (migration 014), so only owing orders are read.
  const withBalance = listOf(db.prepare<[number, number, number | null, number | null, number], OrderBalanceRow>(
    `SELECT o.id, o.branch_id, o.order_no, c.first_name, c.last_name, c.mobile, o.net_amount, o.insurance_amount, o.received
     FROM sales_order o INDEXED BY sales_order_branch_owing JOIN customer c ON c.id = o.customer_id
     WHERE o.company_id = ? AND o.branch_id = ? AND o.status_id <> 5 AND o.net_amount - o.insurance_amount - o.received > 0
       AND (? IS NULL OR o.year_id = ?)
     ORDER BY o.id DESC LIMIT ?`,
  ));
  // Of one year: counted on the owing orders' own index. Of every year: read from the tally its
  // triggers keep (migration 014), which costs the same at any size; counting the index took 4 ms
  // for 41,000 owing orders of a million.
  const owingCountOfYear = db.prepare<[number, number], { n: number }>(
    `SELECT count(*) AS n FROM sales_order o INDEXED BY sales_order_branch_owing
     WHERE o.branch_id = ? AND o.status_id <> 5 AND o.net_amount - o.insurance_amount - o.received > 0 AND o.year_id = ?`,
  );
  const owingCount = db.prepare<[number], { n: number }>(
    'SELECT coalesce(sum(owing), 0) AS n FROM sales_order_tally WHERE branch_id = ? AND status_id <> 5',
  );
  const ofCustomer = db.prepare<[number, number, number | null, number | null], OrderBalanceRow>(
    `SELECT o.id, o.branch_id, o.order_no, c.first_name, c.last_name, c.mobile, o.net_amount, o.insurance_amount,
       ${RECEIVED_SQL} AS received
     FROM sales_order o JOIN customer c ON c.id = o.customer_id
     WHERE o.company_id = ? AND o.customer_id = ? AND o.status_id <> 5 AND (? IS NULL OR o.year_id = ?)
     ORDER BY o.order_date DESC, o.id DESC`,
  );
  const setDelivery = db.prepare<{ id: number; date: string; time: string | null; by: number; at: string }>(
    'UPDATE sales_order SET delivery_date = @date, delivery_time = @time, delivery_changed_by = @by, delivery_changed_at = @at, modified_by = @by, modified_at = @at WHERE id = @id',
  );
  const setStatus = db.prepare<[number, number, string, number]>(
    'UPDATE sales_order SET status_id = ?, modified_by = ?, modified_at = ? WHERE id = ?',
  );
  // The insurer's share goes with the order: nothing is claimed for a sale that did not happen.
  // What was claimed stays in insurance_claimed.
  const cancel = db.prepare<[number, string, number | null, string | null, number]>(
    `UPDATE sales_order SET status_id = 5, cancelled_by = ?, cancelled_at = ?, cancellation_reason_id = ?, cancel_remarks = ?,
       insurance_amount = 0
     WHERE id = ? AND status_id <> 5`,
  );
  const bySession = db.prepare<[number, string], { id: number; order_no: string; request_hash: string | null }>(
    'SELECT id, order_no, request_hash FROM sales_order WHERE company_id = ? AND session_id = ?',
  );
  const balance = db.prepare<[number], { due: number }>(`SELECT ${DUE_SQL} AS due FROM sales_order o WHERE o.id = ?`);
  const payer = db.prepare<[number, number], { customer_id: number; status_id: number; branch_id: number; order_no: string }>(
    'SELECT customer_id, status_id, branch_id, order_no FROM sales_order WHERE id = ? AND company_id = ?',
  );
  const tally = db.prepare<[number, number | null, number | null], { n: number }>(
    `SELECT coalesce(sum(t.orders), 0) AS n FROM sales_order_tally t JOIN branch b ON b.id = t.branch_id
     WHERE b.company_id = ? AND (? IS NULL OR t.status_id = ?)`,
  );
  const insert = db.prepare<NewSalesOrder>(insertSql('sales_order', ORDER_COLUMNS));
  const insertLine = db.prepare<NewSalesOrderLine>(insertSql('sales_order_line', LINE_COLUMNS));
  return {
    insert: (row: NewSalesOrder) => insert.run({ till_session_id: null, ...row }),
    insertLine: (row: NewSalesOrderLine) => insertLine.run(row),
    /** The order saved from a cart (SaveSale's idempotency key). */
    bySession: (companyId: number, sessionId: string) => bySession.get(companyId, sessionId),
    byNo: (companyId: number, orderNo: string) => byNo.get(companyId, orderNo),
    /** The customer's newest order's id, if any. */
    latestOfCustomer: (companyId: number, customerId: number) => latestOfCustomer.get(customerId, companyId)?.id ?? null,
    /** The customer's examinations an order was booked with (sales_order.eye_info_id). */
    examsWithOrders: (companyId: number, customerId: number) => new Set(examsWithOrders.all(customerId, companyId).map((r) => r.eye_info_id)),
    /** What the customer still owes on an order (DUE_SQL; negative when an advance left it in credit). */
    balance: (orderId: number) => balance.get(orderId)!.due,
    /** Who pays an order and whether it still takes payment (SaveReceipt reads it in its transaction). */
    payer: (companyId: number, id: number) => payer.get(id, companyId),
    byId: (companyId: number, id: number) => byId.get(companyId, id),
    lines: (orderId: number) => lines.all(orderId),
    /** Not cancelled, with money still to collect; the branch's, of one year or all; the newest `limit`, and how many in all. */
    withBalance: (companyId: number, branchId: number, yearId: number | null, limit: number) => ({
      rows: withBalance(companyId, branchId, yearId, yearId, limit),
      total: yearId === null ? owingCount.get(branchId)!.n : owingCountOfYear.get(branchId, yearId)!.n,
    }),
    /** A customer's orders that are not cancelled, newest first. */
    ofCustomer: (companyId: number, customerId: number, yearId: number | null) => ofCustomer.all(companyId, customerId, yearId, yearId),
    /**
     * One page of the company's orders matching every condition (each on `o` alone, so the count
     * reads sales_order and nothing else), newest first unless `orderBy` says otherwise, and how
     * many match: exactly from the tally when only the status narrows it, otherwise counted up to
     * `countCap` (store/statement-cache.ts countUpTo). `after` continues the newest-first order
     * after a row (keyset paging: no rows are skipped over, however deep the page).
     */
    search(q: OrderSearch): { rows: OrderListRow[]; count: Counted } {
      const { companyId, statusId } = q.filter;
      const conditions = orderConditions(db, q.filter);
      const onlyStatus = conditions.length === 0 || (conditions.length === 1 && statusId !== undefined);
      const many = conditions.find((w) => w.customers);
      const others = conditions.filter((w) => w !== many);
      const all = whereOf(companyId, conditions);
      // Many customers with nothing else but the status: counted from the customers' own orders.
      const count = onlyStatus
          ? { total: tally.get(companyId, statusId ?? null, statusId ?? null)!.n, exact: true }
          : many && others.length === (statusId === undefined ? 0 : 1)
            ? countThroughCustomers(companyId, many.customers!, others, q.countCap)
            : countUpTo(db, `FROM sales_order o WHERE ${all.sql}`, all.params, q.countCap);
      if (q.sortLimit !== undefined && count.total > q.sortLimit) return { rows: [], count };
      // Many customers' orders, more than a count's worth: walk the newest first and test each
      // (a page of 20 among 14,000 customers' orders reads about 700). Fewer: read theirs and sort.
      const walk = many && !count.exact && q.orderBy.startsWith('o.order_date');
      const { sql: whereSql, params } = whereOf(companyId, conditions.map((w) => (walk && w === many ? w.customers!.walked : w)));
      const where = [whereSql];
      if (q.after) {
        where.push('(o.order_date, o.id) < (?, ?)');
        params.push(q.after.date, q.after.id);
      }
      // The page's ids from sales_order alone when the order is on its own columns: joined, SQLite
      // may start from the customers a name filter names and sort all their orders.
      const ownColumns = !/\b[cbu]\.|accepted_by/.test(q.orderBy);
      const rows = statementCache(db)<unknown[], OrderListRow>(
        ownColumns
          ? `SELECT ${LIST_COLUMNS} ${LIST_FROM}
             WHERE o.id IN (SELECT o.id FROM sales_order o WHERE ${where.join(' AND ')} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?)
             ORDER BY ${q.orderBy}`
          : `SELECT ${LIST_COLUMNS} ${LIST_FROM} WHERE ${where.join(' AND ')} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?`,
      ).all(...params, q.limit, q.after ? 0 : q.offset);
      return { rows, count };
    },
    setStatus: (id: number, statusId: number, userId: number, at: string) => setStatus.run(statusId, userId, at, id),
    /** Moves the promised delivery, keeping who moved it and when. */
    setDelivery: (id: number, date: string, time: string | null, userId: number, at: string) =>
      setDelivery.run({ id, date, time, by: userId, at }),
    /** False when the order was cancelled meanwhile. */
    cancel: (id: number, userId: number, at: string, reasonId: number | null, remarks: string | null) =>
      cancel.run(userId, at, reasonId, remarks, id).changes === 1,
  };
});
