/**
 * Read-only SQL gathering what the printed documents show (main/service/print/): the issuing
 * branch with its company and state, a receipt, an invoice, an order's lines with their per-eye
 * Rx, its receipts and lab order, and the customer's postal details. Writing these records is
 * elsewhere; nothing here changes a row. Every look-up by id takes the company, so another
 * company's record is simply not found.
 */
import { RECEIPT_STATUS } from '../../../shared/contract/statuses.js';
import type { Db } from '../db/database.js';
import type { CustomerRow } from './customer.js';
import type { LineFigures, OrderTotals, TaxTotals } from './sales-order.js';
import { perDatabase } from './per-database.js';

export interface IssuerRow {
  branch_id: number;
  branch_name: string;
  branch_code: string;
  address: string | null;
  city: string | null;
  mobile: string | null;
  email: string | null;
  /** The branch's own GSTIN, else the company's. */
  gstin: string | null;
  logo: string | null;
  state_name: string;
  state_code: string;
  company_name: string;
}

export interface PrintReceiptRow {
  id: number;
  branch_id: number;
  receipt_no: string;
  receipt_date: string;
  created_at: string;
  amount: number;
  status_id: number;
  sales_order_id: number | null;
  customer_id: number;
  kind_name: string;
  card_type: string | null;
  card_no: string | null;
  cheque_no: string | null;
  bank_name: string | null;
  reference_no: string | null;
  /** The credit note that paid this receipt, if one did. */
  credit_note_id: number | null;
  /** A card payment's approval code; the cash handed over for a cash one (migration 019). */
  approval_code: string | null;
  tendered: number | null;
  /** The first receipt of the split payment this one is part of (issue 16), else null. */
  split_of: number | null;
}

export interface PrintInvoiceRow extends TaxTotals {
  id: number;
  branch_id: number;
  invoice_no: string;
  invoice_date: string;
  sales_order_id: number;
  customer_id: number;
}

export interface PrintOrderRow extends OrderTotals {
  id: number;
  branch_id: number;
  order_no: string;
  order_date: string;
  delivery_date: string | null;
  delivery_time: string | null;
  status_id: number;
  customer_id: number;
  eye_info_id: number | null;
  doctor_name: string | null;
  remarks: string | null;
  /** The insurer's share of net_amount (migration 006): not the customer's to pay. */
  insurance_amount: number;
  /** The place of supply fixed when sold (migration 009). */
  supply_state_name: string | null;
  supply_state_code: string | null;
  /** Rate and SAC of taxed job charges (migration 010), null on older orders. */
  job_gst_rate_bp: number | null;
  job_sac: string | null;
}

export interface PrintLineRow extends LineFigures {
  line_no: number;
  item_type_code: string;
  item_type_name: string;
  name: string;
  code: string;
  hsn_code: string | null;
  price_includes_tax: number;
  is_ordered: number;
  pair_no: string | null;
  eye: 'R' | 'L' | null;
  sph: number | null;
  cyl: number | null;
  axis: number | null;
  addition: number | null;
  va: string | null;
  near: string | null;
  pd: number | null;
  bc: number | null;
  dia: number | null;
  fitting_height: number | null;
  rx_remarks: string | null;
}

export interface PrintPaymentRow {
  id: number;
  receipt_no: string;
  receipt_date: string;
  amount: number;
}

/** The customer's postal details as the documents print them, with gender and state by name. */
export interface PrintCustomerRow
  extends Pick<
    CustomerRow,
    | 'id' | 'title' | 'first_name' | 'last_name' | 'mobile' | 'email' | 'house_number' | 'society_name' | 'street' | 'area'
    | 'landmark' | 'address' | 'city' | 'zip_code' | 'tax_no' | 'birth_date' | 'age'
  > {
  gender: string | null;
  state_name: string | null;
  state_code: string | null;
}

export interface PrintLabOrderRow {
  po_no: string;
  order_date: string;
  expected_date: string | null;
  status_id: number;
  supplier: string | null;
  fitter: string | null;
  priority: string | null;
  remarks: string | null;
}

export const printSource = perDatabase((db: Db) => {
  const issuer = db.prepare<[number, number], IssuerRow>(
    `SELECT b.id AS branch_id, b.name AS branch_name, b.code AS branch_code, b.address, b.city, b.mobile, b.email,
            coalesce(nullif(b.gstin, ''), c.gstin) AS gstin, b.logo, s.name AS state_name, s.gst_state_code AS state_code,
            c.name AS company_name
     FROM branch b JOIN company c ON c.id = b.company_id JOIN state s ON s.id = b.state_id
     WHERE b.id = ? AND b.company_id = ?`,
  );
  const RECEIPT = `SELECT r.id, r.branch_id, r.receipt_no, r.receipt_date, r.created_at, r.amount, r.status_id, r.sales_order_id,
            r.customer_id, k.name AS kind_name, ct.name AS card_type, r.card_no, r.cheque_no, r.bank_name, r.reference_no, r.credit_note_id,
            r.approval_code, r.tendered, r.split_of
     FROM receipt r JOIN payment_kind k ON k.id = r.payment_kind_id LEFT JOIN card_type ct ON ct.id = r.card_type_id`;
  const receiptById = db.prepare<[number, number], PrintReceiptRow>(`${RECEIPT} WHERE r.id = ? AND r.company_id = ?`);
  const receiptByNo = db.prepare<[string, number], PrintReceiptRow>(`${RECEIPT} WHERE r.receipt_no = ? AND r.company_id = ?`);
  const sameSale = db.prepare<[number], PrintReceiptRow>(`${RECEIPT} WHERE r.split_of = ? ORDER BY r.id`);
  const invoice = db.prepare<[number, number], PrintInvoiceRow>(
    `SELECT id, branch_id, invoice_no, invoice_date, sales_order_id, customer_id, taxable, cgst, sgst, igst, rounding, net_amount
     FROM invoice WHERE id = ? AND company_id = ?`,
  );
  const invoiceOfOrder = db.prepare<[number], { invoice_no: string }>('SELECT invoice_no FROM invoice WHERE sales_order_id = ?');
  const order = db.prepare<[number, number], PrintOrderRow>(
    `SELECT o.id, o.branch_id, o.order_no, o.order_date, o.delivery_date, o.delivery_time, o.status_id, o.customer_id, o.eye_info_id,
            d.name AS doctor_name, o.intra_state, o.total_qty, o.total_mrp, o.gross, o.total_discount, o.taxable, o.cgst, o.sgst,
            o.igst, o.grand_total, o.job_charges, o.shipping_charges, o.other_charges, o.service_tax, o.rounding, o.net_amount, o.remarks,
            o.insurance_amount, ps.name AS supply_state_name, ps.gst_state_code AS supply_state_code,
            o.job_gst_rate_bp, o.job_sac
     FROM sales_order o LEFT JOIN doctor d ON d.id = o.doctor_id LEFT JOIN state ps ON ps.id = o.place_of_supply_state_id
     WHERE o.id = ? AND o.company_id = ?`,
  );
  const lines = db.prepare<[number], PrintLineRow>(
    `SELECT l.line_no, t.code AS item_type_code, t.name AS item_type_name, l.name, l.code, l.hsn_code, l.qty, l.mrp, l.price,
            l.price_includes_tax, l.discount, l.taxable, l.gst_rate_bp, l.cgst, l.sgst, l.igst, l.total, l.is_ordered, l.pair_no,
            l.eye, l.sph, l.cyl, l.axis, l.addition, l.va, l.near, l.pd, l.bc, l.dia, l.fitting_height, l.rx_remarks
     FROM sales_order_line l JOIN item_type t ON t.id = l.item_type_id
     WHERE l.sales_order_id = ? ORDER BY l.line_no`,
  );
  const payments = db.prepare<[number], PrintPaymentRow>(
    `SELECT id, receipt_no, receipt_date, amount FROM receipt
     WHERE sales_order_id = ? AND status_id = ${RECEIPT_STATUS.Received} ORDER BY receipt_date, created_at, id`,
  );
  const customer = db.prepare<[number, number], PrintCustomerRow>(
    `SELECT c.id, c.title, c.first_name, c.last_name, c.mobile, c.email, c.house_number, c.society_name, c.street, c.area,
            c.landmark, c.address, c.city, c.zip_code, c.tax_no, c.birth_date, c.age, g.name AS gender,
            s.name AS state_name, s.gst_state_code AS state_code
     FROM customer c LEFT JOIN state s ON s.id = c.state_id LEFT JOIN gender g ON g.id = c.gender_id
     WHERE c.id = ? AND c.company_id = ?`,
  );
  const labOrder = db.prepare<[number], PrintLabOrderRow>(
    `SELECT p.po_no, p.order_date, p.expected_date, p.status_id, s.name AS supplier, f.name AS fitter, pr.name AS priority, p.remarks
     FROM purchase_order p LEFT JOIN supplier s ON s.id = p.supplier_id LEFT JOIN fitter f ON f.id = p.fitter_id
       LEFT JOIN priority pr ON pr.id = p.priority_id
     WHERE p.sales_order_id = ? ORDER BY p.status_id = 4, p.created_at DESC LIMIT 1`,
  );
  return {
    issuer: (branchId: number, companyId: number) => issuer.get(branchId, companyId),
    receiptById: (id: number, companyId: number) => receiptById.get(id, companyId),
    receiptByNo: (receiptNo: string, companyId: number) => receiptByNo.get(receiptNo, companyId),
    /** The receipts one payment at the counter wrote together (a split payment, issue 16), this one among them, in order. */
    sameSale: (r: Pick<PrintReceiptRow, 'split_of'>) => (r.split_of === null ? [] : sameSale.all(r.split_of)),
    invoice: (id: number, companyId: number) => invoice.get(id, companyId),
    invoiceNoOfOrder: (orderId: number) => invoiceOfOrder.get(orderId)?.invoice_no ?? null,
    order: (id: number, companyId: number) => order.get(id, companyId),
    lines: (orderId: number) => lines.all(orderId),
    /** Received receipts of an order, oldest first (cancelled, refunded and moved ones do not count). */
    payments: (orderId: number) => payments.all(orderId),
    customer: (id: number, companyId: number) => customer.get(id, companyId),
    /** The order's lab order: a live one before a cancelled one, newest first. */
    labOrder: (orderId: number) => labOrder.get(orderId),
  };
});
