/**
 * SQL for `cart` and `cart_line`: the quick-sale cart, kept in SQLite so a sale in progress
 * survives a restart of the app. A cart untouched for CART_TTL_DAYS is deleted the next time any
 * cart is written; reads treat it as gone already, so expiry never depends on that sweep.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export const CART_TTL_DAYS = 7;

export interface CartRow {
  session_id: string;
  company_id: number;
  branch_id: number;
  user_id: number;
  customer_id: number | null;
  created_at: string;
  touched_at: string;
  /** The till (PC) that opened it, '' for a client that sends none (migration 013). */
  till_id: string;
  /** The user whose cart a manager took over (migration 007), and when. */
  taken_over_from: number | null;
  taken_over_at: string | null;
}

/** An open cart of the branch as a manager lists it. */
export interface OpenCartRow {
  session_id: string;
  user_id: number;
  user_name: string;
  customer_id: number | null;
  touched_at: string;
  lines: number;
  /** Sum of price × qty, before discounts: what the manager sees at a glance, paise. */
  gross: number;
}

/** The per-eye Rx columns shared by cart and order lines (migration 005); diopters in hundredths. */
export interface LineRx {
  pair_no: string | null;
  eye: 'R' | 'L' | null;
  spectacle_lens_type: number | null;
  sph: number | null;
  cyl: number | null;
  axis: number | null;
  addition: number | null;
  va: string | null;
  vn: string | null;
  near: string | null;
  pd: number | null;
  bc: number | null;
  dia: number | null;
  k1: number | null;
  k2: number | null;
  fitting_height: number | null;
  total_height: number | null;
  rx_remarks: string | null;
}

export const RX_COLUMN_NAMES = [
  'pair_no', 'eye', 'spectacle_lens_type', 'sph', 'cyl', 'axis', 'addition', 'va', 'vn', 'near', 'pd', 'bc', 'dia', 'k1',
  'k2', 'fitting_height', 'total_height', 'rx_remarks',
] as const satisfies readonly (keyof LineRx)[];

export interface CartLineRow extends LineRx {
  id: number;
  session_id: string;
  item_id: number;
  qty: number;
  /** Paise. */
  price: number;
  mrp: number;
  discount_bp: number | null;
  discount_amount: number | null;
  batch_no: string;
  is_ordered: number;
  /** A manager's approval of this line's price or discount (migration 011), when it needed one. */
  price_approval_id: number | null;
  created_at: string;
}

/** A cart line with what pricing needs from its item. */
export interface CartLineView extends CartLineRow {
  item_name: string;
  item_code: string;
  item_type_id: number;
  hsn_code: string | null;
  price_includes_tax: number;
  made_to_order: number;
}

const cutoff = (now: Date) => new Date(now.getTime() - CART_TTL_DAYS * 86_400_000).toISOString();

export const carts = perDatabase((db: Db) => {
  const get = db.prepare<[string, number, string], CartRow>('SELECT * FROM cart WHERE session_id = ? AND company_id = ? AND touched_at >= ?');
  const insert = db.prepare(
    'INSERT INTO cart (session_id, company_id, branch_id, user_id, till_id, customer_id, created_at, touched_at) VALUES (@session_id, @company_id, @branch_id, @user_id, @till_id, @customer_id, @created_at, @created_at)',
  );
  const touch = db.prepare<[string, string]>('UPDATE cart SET touched_at = ? WHERE session_id = ?');
  const sweep = db.prepare<[string]>('DELETE FROM cart WHERE touched_at < ?');
  // A cart whose session became an order is closed, so it is not listed as open.
  const openOfBranch = db.prepare<[number, number, string], OpenCartRow>(
    `SELECT c.session_id, c.user_id, u.user_name, c.customer_id, c.touched_at,
            count(l.id) AS lines, coalesce(sum(l.price * l.qty), 0) AS gross
     FROM cart c JOIN app_user u ON u.id = c.user_id LEFT JOIN cart_line l ON l.session_id = c.session_id
     WHERE c.company_id = ? AND c.branch_id = ? AND c.touched_at >= ?
       AND NOT EXISTS (SELECT 1 FROM sales_order o WHERE o.company_id = c.company_id AND o.session_id = c.session_id)
     GROUP BY c.session_id HAVING count(l.id) > 0 ORDER BY c.touched_at DESC`,
  );
  const takeOver = db.prepare<{ user: number; till: string; at: string; session: string }>(
    'UPDATE cart SET taken_over_from = user_id, user_id = @user, till_id = @till, taken_over_at = @at, touched_at = @at WHERE session_id = @session',
  );
  const lineCols = ['id', 'session_id', 'item_id', 'qty', 'price', 'mrp', 'discount_bp', 'discount_amount', 'batch_no', 'is_ordered', 'price_approval_id', ...RX_COLUMN_NAMES, 'created_at'];
  const insertLine = db.prepare(`INSERT INTO cart_line (${lineCols.join(', ')}) VALUES (${lineCols.map((c) => `@${c}`).join(', ')})`);
  const lines = db.prepare<[string], CartLineView>(
    `SELECT l.*, i.name AS item_name, i.code AS item_code, i.item_type_id, i.hsn_code, i.price_includes_tax, i.made_to_order
     FROM cart_line l JOIN item i ON i.id = l.item_id WHERE l.session_id = ? ORDER BY l.id`,
  );
  const line = db.prepare<[number, string], CartLineRow>('SELECT * FROM cart_line WHERE id = ? AND session_id = ?');
  const updateLine = db.prepare(
    'UPDATE cart_line SET qty = @qty, price = @price, discount_bp = @discount_bp, discount_amount = @discount_amount, price_approval_id = @price_approval_id WHERE id = @id',
  );
  const deleteLine = db.prepare<[number, string]>('DELETE FROM cart_line WHERE id = ? AND session_id = ?');
  const deletePair = db.prepare<[string, string]>('DELETE FROM cart_line WHERE pair_no = ? AND session_id = ?');
  const empty = db.prepare<[string]>('DELETE FROM cart_line WHERE session_id = ?');
  const ofLine = db.prepare<[number], { session_id: string }>('SELECT session_id FROM cart_line WHERE id = ?');
  const pairCount = db.prepare<[string, string], { n: number }>('SELECT count(*) AS n FROM cart_line WHERE session_id = ? AND pair_no = ?');
  return {
    /** The live cart of a session in the company, or undefined when unknown or expired. */
    get: (sessionId: string, companyId: number, now: Date) => get.get(sessionId, companyId, cutoff(now)),
    create(row: Omit<CartRow, 'touched_at' | 'taken_over_from' | 'taken_over_at'>, now: Date) {
      sweep.run(cutoff(now));
      insert.run(row);
    },
    touch: (sessionId: string, at: string) => touch.run(at, sessionId),
    /** The branch's live carts with lines that have not become an order, newest first. */
    openOfBranch: (companyId: number, branchId: number, now: Date) => openOfBranch.all(companyId, branchId, cutoff(now)),
    /** Hands the cart to `userId`, keeping whose it was and when it changed hands. */
    takeOver: (sessionId: string, userId: number, till: string, at: string) => takeOver.run({ user: userId, till, at, session: sessionId }),
    addLine: (row: CartLineRow) => insertLine.run(row),
    lines: (sessionId: string) => lines.all(sessionId),
    line: (id: number, sessionId: string) => line.get(id, sessionId),
    sessionOfLine: (id: number) => ofLine.get(id)?.session_id,
    updateLine: (row: Pick<CartLineRow, 'id' | 'qty' | 'price' | 'discount_bp' | 'discount_amount' | 'price_approval_id'>) => updateLine.run(row),
    deleteLine: (id: number, sessionId: string) => deleteLine.run(id, sessionId).changes,
    deletePair: (pairNo: string, sessionId: string) => deletePair.run(pairNo, sessionId).changes,
    linesInPair: (sessionId: string, pairNo: string) => pairCount.get(sessionId, pairNo)!.n,
    empty: (sessionId: string) => empty.run(sessionId).changes,
  };
});
