/**
 * The refunds and cancellations of a till's open day (issue 12). A till's state, its X report and
 * its Z report count the refunds and cancellations made at that till since it was opened; with no
 * index on when a receipt was refunded or an order cancelled, SQLite read every receipt of the
 * branch (1.25 million at a million orders) and every cancelled order, for each Till/open and
 * each report: 0.5 s with the store in memory, 16 s from disk, on the thread every till waits on.
 * Partial indexes hold only refunded receipts and cancelled orders, so a sale, which writes
 * neither, does not touch them. Credit notes issued were read by branch and day, every note of the
 * branch (few today, but they add up over the years), and get an index by time as well.
 */
import type { Migration } from './migration.js';

export const tillWindowIndexes: Migration = {
  name: 'till-window-indexes',
  sql: `
CREATE INDEX receipt_refunded ON receipt (company_id, branch_id, modified_at) WHERE status_id = 3;
CREATE INDEX sales_order_cancelled ON sales_order (company_id, branch_id, cancelled_at) WHERE status_id = 5;
CREATE INDEX credit_note_created ON credit_note (company_id, branch_id, created_at);
`,
};
