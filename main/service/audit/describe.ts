/**
 * A journal entry in words a manager reads (issue 14): the table as a thing ("Order", "Receipt"),
 * the record by its number or ENC id, users by name, statuses and payment kinds by name, money in
 * rupees. Raw row ids never leave the service: a reference the screen cannot name shows as
 * "(a record)". Mobile numbers are masked for a role that may not see them.
 */
import { SALES_ORDER_STATUS_NAMES, RECEIPT_STATUS_NAMES } from '../../../shared/contract/statuses.js';
import type { RequestContext } from '../context.js';
import { HIDDEN } from '../db/journal.js';
import type { Entity } from '../ids/entities.js';
import { maskMobile, masksMobiles } from '../customer/mobile.js';
import { journalEntries, type JournalRow } from '../store/journal.js';

const TABLE_NAMES: Readonly<Record<string, string>> = {
  sales_order: 'Order',
  sales_order_line: 'Order line',
  receipt: 'Receipt',
  invoice: 'Invoice',
  credit_note: 'Credit note',
  sales_return: 'Customer return',
  sales_return_line: 'Customer return line',
  customer: 'Customer',
  customer_eye_info: 'Prescription',
  customer_eye_rx: 'Prescription row',
  customer_merge: 'Customer merge',
  customer_distinct: 'Not the same person',
  order_settlement: 'Order settled',
  eye_checkup_recall: 'Eye check-up recall',
  recall_contact: 'Recall call',
  app_user: 'User',
  price_approval: 'Price approval',
  stock_movement: 'Stock movement',
  stock_take: 'Stock-take',
  stock_take_line: 'Stock-take line',
  item_price: 'Price change',
  purchase_order: 'Purchase order',
  purchase_order_item: 'Purchase order line',
  goods_receipt: 'Goods receipt',
  goods_receipt_line: 'Goods receipt line',
  supplier_return: 'Return to supplier (debit note)',
  supplier_return_line: 'Return to supplier line',
  supplier: 'Supplier',
  number_series: 'Number series',
  financial_year: 'Financial year',
  sign_in: 'Sign-in',
  sign_in_failed: 'Failed sign-in',
  price_approval_refused: 'Refused price approval',
  return_approval_refused: 'Refused return approval',
  backup: 'Backup',
  branch_switch: 'Branch switch',
  customer_told: 'Customer told',
  transfer: 'Stock transfer',
  transfer_line: 'Stock transfer line',
  transfer_receipt: 'Stock transfer receipt',
  transfer_receipt_line: 'Stock transfer receipt line',
};

export const tableName = (table: string): string => TABLE_NAMES[table] ?? table.charAt(0).toUpperCase() + table.slice(1).replace(/_/g, ' ');

/** The kind of record a table's id names (ENC ids). */
const TABLE_ENTITY: Readonly<Record<string, Entity>> = {
  sales_order: 'salesOrder',
  sales_order_line: 'salesOrderLine',
  receipt: 'receipt',
  invoice: 'invoice',
  credit_note: 'creditNote',
  sales_return: 'salesReturn',
  customer: 'customer',
  customer_eye_info: 'prescription',
  doctor: 'doctor',
  item: 'item',
  app_user: 'user',
  branch: 'branch',
  company: 'company',
  financial_year: 'year',
  purchase_order: 'purchaseOrder',
  stock_take: 'stockTake',
  price_approval: 'priceApproval',
  supplier: 'supplier',
  goods_receipt: 'goodsReceipt',
  supplier_return: 'supplierReturn',
  purchase_order_item: 'purchaseOrderItem',
  fitter: 'fitter',
  category: 'category',
  sub_category: 'subCategory',
  item_type: 'itemType',
  insurance_company: 'insuranceCompany',
  membership: 'membership',
  customer_source: 'source',
  payment_kind: 'paymentKind',
  card_type: 'cardType',
  cancellation_reason: 'cancellationReason',
  gender: 'gender',
  priority: 'priority',
  state: 'state',
  country: 'country',
  module: 'module',
  transfer: 'transfer',
  customer_merge: 'customerMerge',
  customer_distinct: 'customerDistinct',
  order_settlement: 'orderSettlement',
};
export const entityOfTable = (table: string): Entity | undefined => TABLE_ENTITY[table];

/** Columns that name a user. */
const USER_COLUMNS = new Set(['user_id', 'created_by', 'modified_by', 'cancelled_by', 'approved_by', 'requested_by', 'delivery_changed_by', 'started_by', 'counted_by', 'closed_by', 'dispatched_by', 'received_by']);
/** Columns that point at another table, by the table they point at. */
const REFERENCES: Readonly<Record<string, string>> = {
  customer_id: 'customer',
  sales_order_id: 'sales_order',
  sales_order_line_id: 'sales_order_line',
  item_id: 'item',
  branch_id: 'branch',
  company_id: 'company',
  year_id: 'financial_year',
  doctor_id: 'doctor',
  eye_info_id: 'customer_eye_info',
  credit_note_id: 'credit_note',
  sales_return_id: 'sales_return',
  exchange_order_id: 'sales_order',
  source_receipt_id: 'receipt',
  receipt_id: 'receipt',
  payment_kind_id: 'payment_kind',
  card_type_id: 'card_type',
  insurance_company_id: 'insurance_company',
  cancellation_reason_id: 'cancellation_reason',
  price_approval_id: 'price_approval',
  place_of_supply_state_id: 'state',
  state_id: 'state',
  country_id: 'country',
  item_type_id: 'item_type',
  purchase_order_id: 'purchase_order',
  stock_take_id: 'stock_take',
  category_id: 'category',
  sub_category_id: 'sub_category',
  supplier_id: 'supplier',
  goods_receipt_id: 'goods_receipt',
  supplier_return_id: 'supplier_return',
  purchase_order_item_id: 'purchase_order_item',
  fitter_id: 'fitter',
  membership_id: 'membership',
  gender_id: 'gender',
  priority_id: 'priority',
  source_id: 'customer_source',
  module_id: 'module',
  role_id: 'role',
  transfer_id: 'transfer',
  from_branch_id: 'branch',
  to_branch_id: 'branch',
};
/** Amounts kept in paise. */
const MONEY = new Set([
  'amount', 'balance', 'net_amount', 'grand_total', 'gross', 'taxable', 'cgst', 'sgst', 'igst', 'mrp', 'price', 'discount',
  'discount_amount', 'total', 'total_mrp', 'total_discount', 'received', 'rounding', 'job_charges', 'shipping_charges',
  'other_charges', 'service_tax', 'insurance_amount', 'nis_amount', 'voucher_amount', 'purchase_price', 'selling_price', 'unit_cost',
  'unit_value', 'input_cgst', 'input_sgst', 'input_igst',
  'landed_unit_cost', 'expected_cost', 'charges',
]);
const MOBILES = new Set(['mobile', 'mobile_digits', 'phone_no', 'phone_digits']);

export const inRupees = (paise: number): string =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Resolves references for one response, each looked up once. */
export function describer(ctx: RequestContext) {
  const store = journalEntries(ctx.db);
  const mask = masksMobiles(ctx);
  const names = new Map<string, string | null>();
  const nameOf = (table: string, id: number): string | null => {
    const key = `${table}:${id}`;
    if (!names.has(key)) names.set(key, store.nameOf(table, id));
    return names.get(key)!;
  };
  const encOf = (table: string, id: number): string | null => {
    const entity = TABLE_ENTITY[table];
    return entity ? ctx.enc.encode(entity, id) : null;
  };

  /** A value as the screen shows it. */
  const shown = (table: string, column: string, value: unknown): string | null => {
    if (value === null || value === undefined) return null;
    if (value === HIDDEN) return HIDDEN;
    if (typeof value === 'number') {
      if (column === 'id') return encOf(table, value) ?? '(a record)';
      if (USER_COLUMNS.has(column)) return nameOf('app_user', value) ?? '(a user)';
      if (column === 'status_id' && table === 'sales_order') return SALES_ORDER_STATUS_NAMES[value as 1] ?? String(value);
      if (column === 'status_id' && table === 'receipt') return RECEIPT_STATUS_NAMES[value as 1] ?? String(value);
      const target = REFERENCES[column];
      if (target) return nameOf(target, value) ?? encOf(target, value) ?? '(a record)';
      if (column.endsWith('_id')) return '(a record)';
      if (MONEY.has(column)) return inRupees(value);
    }
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return mask && MOBILES.has(column) ? maskMobile(text) : text;
  };

  const record = (row: JournalRow): string | null => (row.row_id === null ? null : encOf(row.tbl, row.row_id));
  /** The record in words: "Order SO/25-26/0001", "Receipt R/…", "Customer Asha Rao", or the table's name. */
  const recordName = (row: JournalRow): string => {
    const label = tableName(row.tbl);
    if (row.op === 'event' || row.row_id === null) return label;
    const name = nameOf(row.tbl, row.row_id);
    return name ? `${label} ${name}` : label;
  };

  return {
    shown,
    record,
    changes(row: JournalRow) {
      const before = row.old_values ? (JSON.parse(row.old_values) as Record<string, unknown>) : {};
      const after = row.new_values ? (JSON.parse(row.new_values) as Record<string, unknown>) : {};
      const columns = [...new Set([...Object.keys(before), ...Object.keys(after)])];
      return columns.map((column) => ({
        column,
        before: shown(row.tbl, column, before[column]),
        after: shown(row.tbl, column, after[column]),
      }));
    },
    what(row: JournalRow, changes: Array<{ column: string; before: string | null; after: string | null }>): string {
      const thing = recordName(row);
      if (row.op === 'event') {
        const details = row.new_values ? (JSON.parse(row.new_values) as Record<string, unknown>) : {};
        const extra = Object.entries(details)
          .filter(([, v]) => v !== null && v !== '' && v !== undefined)
          .map(([k, v]) => `${k} ${typeof v === 'string' ? v : JSON.stringify(v)}`)
          .join(', ');
        return extra ? `${thing}: ${extra}` : thing;
      }
      if (row.op === 'insert') return `${thing} added`;
      if (row.op === 'delete') return `${thing} removed`;
      const moved = changes
        .filter((c) => !['modified_at', 'modified_by'].includes(c.column))
        .map((c) => `${c.column.replace(/_id$/, '').replace(/_/g, ' ')} ${c.before ?? '—'} → ${c.after ?? '—'}`);
      return `${thing} changed: ${moved.join('; ') || 'modified'}`;
    },
    branchName: (id: number | null) => (id === null ? null : nameOf('branch', id)),
  };
}
