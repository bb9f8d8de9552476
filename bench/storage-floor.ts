/**
 * The storage floor: the rows one SaveSale writes (an order, three lines, a receipt, two number
 * bumps), written with raw better-sqlite3 statements in one immediate transaction, on the same
 * store file with the service's own pragmas (db/database.ts), so durability costs the same. The
 * rows copy a real sale's and carry negative ids, which no node ever mints; they are removed when
 * the benchmark ends.
 */
import { closeDatabase, openDatabase, type Db } from '../main/service/db/database.js';

type Row = Record<string, unknown>;

export class StorageFloor {
  private readonly db: Db;
  private next = -1;
  private readonly write: () => void;

  /**
   * `synchronous` overrides the service's own (FULL) to measure what durability costs;
   * `withoutJournal` drops the change journal's triggers on this file (a private copy only) to
   * measure what the journal costs.
   */
  constructor(file: string, orderNo: string, synchronous?: 'NORMAL' | 'FULL', firstId = -1, withoutJournal = false) {
    this.next = firstId;
    this.db = openDatabase(file);
    const db = this.db;
    if (synchronous) db.pragma(`synchronous = ${synchronous}`);
    if (withoutJournal) {
      const triggers = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'journal!_%' ESCAPE '!' AND name NOT LIKE 'journal!_no!_%' ESCAPE '!'").all() as Array<{ name: string }>;
      for (const { name } of triggers) db.exec(`DROP TRIGGER "${name}"`);
    }
    const order = db.prepare('SELECT * FROM sales_order WHERE order_no = ?').get(orderNo) as Row | undefined;
    if (!order) throw new Error(`storage floor: no order ${orderNo} to copy`);
    const lines = db.prepare('SELECT * FROM sales_order_line WHERE sales_order_id = ? ORDER BY line_no').all(order.id) as Row[];
    const receipt = db.prepare('SELECT * FROM receipt WHERE sales_order_id = ? ORDER BY id LIMIT 1').get(order.id) as Row;
    const insert = (table: string, row: Row) => {
      const columns = Object.keys(row).filter((c) => !['received', 'item_count'].includes(c));
      return db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
    };
    const insertOrder = insert('sales_order', order);
    const insertLine = insert('sales_order_line', lines[0]!);
    const insertReceipt = insert('receipt', receipt);
    const bump = db.prepare(
      `INSERT INTO number_series (branch_id, till_code, year_id, kind, next)
       VALUES (?, (SELECT value FROM setting WHERE key = 'till_code'), ?, ?, 2)
       ON CONFLICT (branch_id, till_code, year_id, kind) DO UPDATE SET next = next + 1 RETURNING next - 1 AS seq`,
    );
    const three = [0, 1, 2].map((i) => lines[i % lines.length]!);
    const tx = db.transaction(() => {
      const id = this.next--;
      bump.get(order.branch_id, order.year_id, 'order');
      bump.get(order.branch_id, order.year_id, 'receipt');
      const { received: _r, item_count: _c, ...head } = order;
      insertOrder.run({ ...head, id, order_no: `BENCH/FLOOR/${-id}`, session_id: `bench-floor-${-id}`, request_hash: null });
      three.forEach((line, n) => insertLine.run({ ...line, id: id * 10 - n, sales_order_id: id, line_no: n + 1 }));
      insertReceipt.run({ ...receipt, id, sales_order_id: id, receipt_no: `BENCH/FLOOR/${-id}` });
    });
    this.write = () => tx.immediate();
  }

  /** One sale's writes, committed. */
  sale(): void {
    this.write();
  }

  /** Removes the floor's rows (their delete triggers take them off the tally; the series keep the numbers skipped) and closes. */
  close(): void {
    this.db.transaction(() => {
      this.db.exec('DELETE FROM receipt WHERE id < 0; DELETE FROM sales_order_line WHERE sales_order_id < 0; DELETE FROM sales_order WHERE id < 0;');
    }).immediate();
    closeDatabase(this.db);
  }
}
