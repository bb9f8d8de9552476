/**
 * The storage floor of a goods receipt: the `receipt` movements a receipt of N lines writes (one per
 * line, naming the receipt, with its unit cost), inserted with one prepared statement in one
 * immediate transaction on the same store file with the service's pragmas, so the stock trigger and
 * the change journal cost what they cost the service. The rows carry negative ids, which no node
 * mints, and move nothing (delta 0), on the run's copy of the store (bench/run.ts measureStore).
 */
import { closeDatabase, openDatabase, type Db } from '../main/service/db/database.js';

export class GoodsReceiptFloor {
  private readonly db: Db;
  private next: number;
  /** The item codes a benchmark receipt takes its lines from: stocked goods, not made to order. */
  readonly codes: string[];
  private readonly write: () => void;

  constructor(file: string, lines: number, firstId = -10_000_000) {
    this.next = firstId;
    this.db = openDatabase(file);
    const db = this.db;
    const items = db.prepare('SELECT id, code FROM item WHERE made_to_order = 0 AND is_active = 1 AND item_type_id <> 4 ORDER BY id LIMIT ?').all(lines) as Array<{ id: number; code: string }>;
    if (items.length < lines) throw new Error(`goods receipt floor: only ${items.length} stocked items for ${lines} lines`);
    this.codes = items.map((i) => i.code);
    const { branch_id: branchId, user_id: userId } = db.prepare("SELECT branch_id, id AS user_id FROM app_user WHERE user_name = 'manager'").get() as { branch_id: number; user_id: number };
    const insert = db.prepare(
      `INSERT INTO stock_movement (id, item_id, branch_id, batch_no, delta, reason, at, expiry_date, owner_branch_id, created_by, document, document_id, unit_cost)
       VALUES (?, ?, ?, '', 0, 'receipt', ?, NULL, ?, ?, 'goods_receipt', ?, 45000)`,
    );
    const tx = db.transaction(() => {
      const receiptId = this.next--;
      const at = new Date().toISOString();
      for (const item of items) insert.run(this.next--, item.id, branchId, at, branchId, userId, receiptId);
    });
    this.write = () => tx.immediate();
  }

  /** One receipt's movements, committed. */
  receipt(): void {
    this.write();
  }

  close(): void {
    closeDatabase(this.db);
  }
}
