/**
 * An index under every foreign key whose parent is business data (issue 12). With foreign keys on,
 * deleting or re-keying a parent row makes SQLite look for children, and a child column without
 * an index is read in full for every parent row: the benchmark's clean-up of a few thousand
 * receipts read all 1.25 million receipts (`receipt.split_of`) once per receipt, for minutes. A
 * sync that pulls deletes, a draft examination thrown away, an order line removed, all did the
 * same on their own tables. Columns that are mostly empty get a partial index (`IS NOT NULL`),
 * which SQLite uses for `column = ?`. Keys to small reference lists (users, branches, states) are
 * left as they are: those rows are not deleted, and such indexes would cost every write.
 *
 * And the journal by clock time: the clock (db/journal.ts) starts from the newest time the
 * journal holds, which without an index read the whole journal at every start: 16 s at a million
 * orders (ten million entries), all of it before the first sign-in. For what this node received,
 * sync_state.clock_high keeps the clock as each pulled page left it (sync/apply.ts), so the start
 * no longer reads sync_clock (a row per synced row and column) whole either; it is filled here
 * from sync_clock once.
 */
import type { Migration } from './migration.js';

export const foreignKeyIndexes: Migration = {
  name: 'foreign-key-indexes',
  sql: `
CREATE INDEX receipt_split_of ON receipt (split_of) WHERE split_of IS NOT NULL;
CREATE INDEX invoice_customer ON invoice (customer_id);
CREATE INDEX sales_order_eye_info ON sales_order (eye_info_id) WHERE eye_info_id IS NOT NULL;
CREATE INDEX sales_order_line_price_approval ON sales_order_line (price_approval_id) WHERE price_approval_id IS NOT NULL;
CREATE INDEX customer_eye_info_superseded_by ON customer_eye_info (superseded_by_id) WHERE superseded_by_id IS NOT NULL;
CREATE INDEX customer_eye_info_amends ON customer_eye_info (amends_id) WHERE amends_id IS NOT NULL;
CREATE INDEX cart_customer ON cart (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX cart_line_item ON cart_line (item_id);
CREATE INDEX cart_line_price_approval ON cart_line (price_approval_id) WHERE price_approval_id IS NOT NULL;
CREATE INDEX credit_note_source_receipt ON credit_note (source_receipt_id) WHERE source_receipt_id IS NOT NULL;
CREATE INDEX credit_note_sales_order ON credit_note (sales_order_id) WHERE sales_order_id IS NOT NULL;
CREATE INDEX credit_note_movement_receipt ON credit_note_movement (receipt_id) WHERE receipt_id IS NOT NULL;
CREATE INDEX purchase_order_line_item ON purchase_order_line (item_id);
CREATE INDEX purchase_order_line_sales_line ON purchase_order_line (sales_order_line_id);
CREATE INDEX eye_checkup_recall_sales_order ON eye_checkup_recall (sales_order_id) WHERE sales_order_id IS NOT NULL;
CREATE INDEX price_approval_item ON price_approval (item_id);
CREATE INDEX recall_contact_customer ON recall_contact (customer_id);
CREATE INDEX journal_hlc ON journal (hlc);
ALTER TABLE sync_state ADD COLUMN clock_high TEXT;
UPDATE sync_state SET clock_high = (SELECT max(hlc) FROM sync_clock);
`,
};
