/**
 * How each journaled table travels (issue 15), declared in ONE place for the branch PCs
 * (main/service/sync/apply.ts) and the hub (hub/sync/row-state.ts), which keeps the current rows
 * by the same rules. main/service/sync/apply.ts makes a new entry of JOURNALED_TABLES without a
 * class a compile error, and test/sync/ checks it at run time too.
 *
 *   fact      branch-owned records: only the branch that made them changes them (auth/ownership),
 *             so they are applied as they come, never merged
 *   shared    records every branch edits (customers, doctors): last-writer-wins per column by the
 *             change's clock time (sync_clock keeps the time that last won per row and column)
 *   document  an examination: its header and its Rx rows win or lose together, by the newest time
 *             of the examination as a whole
 *   master    one writer, head office: applied only when the change comes from a head-office node
 *             (sync_state.head_office, node 1 unless the join said otherwise); from any other node
 *             it is a dead letter
 *   local     this PC's own bookkeeping: pushed without its values (the hub needs every sequence
 *             number) and never applied
 *
 * Below the classes, the decisions themselves (which value wins), as pure functions over clock
 * times: each side keeps the times its own way (a PC in sync_clock and its journal, the hub in
 * row_state.col_hlc) and asks these. This module imports nothing.
 */
export type TableClass = 'fact' | 'shared' | 'document' | 'master' | 'local';

export const TABLE_CLASSES = {
  app_user: 'master',
  branch: 'master',
  brand: 'master',
  cancellation_reason: 'master',
  card_type: 'master',
  category: 'master',
  company: 'master',
  company_module: 'master',
  country: 'master',
  credit_note: 'fact',
  // Issue, spend, refund … of a note, by the branch that did it (017); the note's balance is kept
  // from them by a trigger here as at the sender, so it is never sent as a value.
  credit_note_movement: 'fact',
  customer: 'shared',
  customer_eye_info: 'document',
  customer_eye_rx: 'document',
  // A manager's merge of two customers (037), by the branch that made it, which alone undoes it;
  // applying it re-points that PC's rows (store/customer-merge.ts).
  customer_merge: 'fact',
  // "Not the same person" (041): a manager's word on a proposed pair, the branch's that said it,
  // which alone undoes it, as with a merge.
  customer_distinct: 'fact',
  customer_source: 'master',
  doctor: 'shared',
  eye_checkup_recall: 'fact',
  // The company's (017): its id is derived from the company and the year, so two tills that open
  // a year offline make the same row, and the second insert to arrive is the same values again.
  financial_year: 'shared',
  fitter: 'master',
  // Goods in from a supplier and their lines: the receiving branch's documents.
  goods_receipt: 'fact',
  goods_receipt_line: 'fact',
  gender: 'master',
  gst_rate: 'master',
  insurance_company: 'master',
  invoice: 'fact',
  item: 'master',
  // A price change, as the item: head office's (029); its effective day applies it everywhere.
  item_price: 'master',
  item_type: 'master',
  membership: 'master',
  module: 'master',
  number_series: 'local',
  payment_kind: 'master',
  price_approval: 'fact',
  priority: 'master',
  purchase_order: 'fact',
  purchase_order_line: 'fact',
  // A stock purchase order's lines (migration 030), the ordering branch's.
  purchase_order_item: 'fact',
  receipt: 'fact',
  // A call about a recall, by the branch that made it (issue 16).
  recall_contact: 'fact',
  role: 'master',
  sales_order: 'fact',
  sales_order_line: 'fact',
  // A customer's return and its lines, by the branch that took it (the order's own branch).
  sales_return: 'fact',
  sales_return_line: 'fact',
  setting: 'master',
  state: 'master',
  stock_movement: 'fact',
  // A branch's count of its stock and its lines: counted and approved at that branch only.
  stock_take: 'fact',
  stock_take_line: 'fact',
  sub_category: 'master',
  // A till's day and its cash in/out (issue 16): the branch's own, written at that till only.
  till_cash_move: 'fact',
  till_session: 'fact',
  supplier: 'master',
  // A transfer's dispatch is the sending branch's, its receipt the receiving branch's: each
  // written only where it happened (stock/transfer.ts), so both apply at the other as they come.
  transfer: 'fact',
  transfer_line: 'fact',
  transfer_receipt: 'fact',
  transfer_receipt_line: 'fact',
  // A return to a supplier (a debit note) and its lines: the returning branch's documents.
  supplier_return: 'fact',
  supplier_return_line: 'fact',
  user_branch: 'master',
  // A manager's "Settled" on an order that needed a person (041): the settling branch's record,
  // written once; the cash out that paid money back is that till's own till_cash_move.
  order_settlement: 'fact',
} as const satisfies Readonly<Record<string, TableClass>>;

export function classOf(table: string): TableClass | undefined {
  return (TABLE_CLASSES as Readonly<Record<string, TableClass>>)[table];
}

/**
 * Columns kept by this store's own triggers (migration 014): the receiving node's triggers add the
 * receipts and lines it applies, so the sender's figure is not applied over them (it would count
 * twice).
 */
export const KEPT_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  sales_order: ['received', 'item_count'],
};

/** Settings that belong to this PC, never taken from another node. */
export const LOCAL_SETTINGS: ReadonlySet<string> = new Set([
  'node',
  'till_code',
  'installation_secret',
  'mode',
  // The hub this PC joined (sync/join.ts): each PC reaches it at its own address.
  'hub_url',
  'backup_folder',
  'backup_generations',
  'backup_hour',
  'backup_reason',
  'backup_taken_at',
]);

/** An examination's rows name their document: the header's id, or the Rx row's eye_info_id. */
export function documentOf(table: string, rowId: number | null, rowKey: string | null): string | null {
  if (table === 'customer_eye_info') return rowId === null ? null : String(rowId);
  if (table === 'customer_eye_rx' && rowKey) {
    const key = JSON.parse(rowKey) as unknown;
    return Array.isArray(key) && key.length > 0 ? String(key[0]) : null;
  }
  return null;
}

/**
 * Columns kept by triggers from a journaled movement table (issue 15): the movement is the fact
 * that travels, so a change of only these leaves no update entry (an insert still shows them).
 * An order's received total and line count (migration 014) are kept from its receipts and lines,
 * whose own entries say what happened; every node's triggers keep them (sync's KEPT_COLUMNS), so
 * their four updates per sale were a quarter of a sale's entries and told nobody anything (issue 12).
 * The hub keeps none of them in its current rows: no change carries their later values.
 */
export const DERIVED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  credit_note: ['balance'],
  sales_order: ['received', 'item_count'],
};

/** What a journal entry shows for a column whose value never enters the journal (REDACTED_COLUMNS). */
export const HIDDEN = '(hidden)';

/** The later of two clock times (null: none). Clock times compare as text (shared/domain/hlc.ts). */
export function maxHlc(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

/**
 * Last-writer-wins per column (a shared table, and an order's collection branch): of a change's
 * values, the columns whose time is after the time that last won each (`lastWon`, null when
 * nobody wrote it yet). A tie loses: the same change seen twice applies once.
 */
export function newerColumns(values: Readonly<Record<string, unknown>>, hlc: string, lastWon: (column: string) => string | null): Record<string, unknown> {
  const winning: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(values)) {
    const winner = lastWon(column);
    if (winner === null || hlc > winner) winning[column] = value;
  }
  return winning;
}

/** An examination (class document) as a whole: a change applies when it is after the document's last winning time. */
export function documentWins(hlc: string, lastWon: string | null): boolean {
  return lastWon === null || hlc > lastWon;
}

/** Whether a change from `nodeId` may change a table of class `cls`: master data only from head office. */
export function acceptedFrom(cls: TableClass, nodeId: number, headOffice: readonly number[]): boolean {
  return cls !== 'master' || headOffice.includes(nodeId);
}

/**
 * Two branches acting on one order while apart (main/service/sync/order-rules.ts says why):
 * Cancelled wins over any other status, and Delivered over any but Cancelled, whichever arrives
 * first; the collection branch is last-writer-wins by clock time as a shared table's column.
 */
export const ORDER_STATUS = { delivered: 4, cancelled: 5 } as const;
export const ORDER_LWW_COLUMNS: readonly string[] = ['collect_branch_id'];

const statusRank = (status: number) => (status === ORDER_STATUS.cancelled ? 2 : status === ORDER_STATUS.delivered ? 1 : 0);

/** Whether an order's status as held (`here`) stays when a change sets it to `incoming`. */
export function statusStays(here: number | undefined, incoming: number): boolean {
  return here !== undefined && statusRank(here) > statusRank(incoming);
}
