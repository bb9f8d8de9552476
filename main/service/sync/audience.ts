/**
 * Who receives a change (a declared extension of the sync protocol, shared/sync.ts `audience`):
 * worked out here, at the PC that made the change, when it is pushed, from the rows this store
 * holds then. The hub sends a branch PC only the changes whose audience names its branch
 * (hub/store/audience.ts); head office's PCs take everything.
 *
 *   an order and what hangs on it (lines, receipts, invoices, returns, credit notes, settlement)
 *                the order's booking, collection and hand-over branches, and the branch that made
 *                the row (a payment or return taken at another branch)
 *   a branch's own documents (till days, counts, goods in, purchase and supplier-return
 *                documents, price approvals, recalls)   that branch
 *   this PC's own bookkeeping (class local)   nobody ([]: the hub keeps it for the sequence)
 *   everything else (customers, prescriptions, merges, master data, users, settings)   everyone (null)
 *
 * A stock movement goes to its branch and its owner branch: a branch PC adds up only its own
 * branches' stock from movements, and shows the others' (Stock, the counter's "2 at Adajan") from
 * the levels the hub adds up from theirs (hub/sync/stock-levels.ts). Transfers go to everyone:
 * what is in transit to a branch is read from them.
 *
 * A row whose parent is not in this store (deleted since) goes to everyone: when in doubt, a PC
 * holds a row too many rather than miss one it needs. `orderId` names the order a change belongs
 * to, so the hub adds the branches that fetched that order on demand (order_follower).
 */
import type { Db } from '../db/database.js';
import { audienceStore } from '../store/audience.js';
import { classOf } from '../../../shared/sync-rules.js';

interface Rule {
  /** Columns of the row naming a branch that receives it. */
  readonly branches?: readonly string[];
  /** A column naming a parent row (and its table): the row goes where its parent goes. */
  readonly parent?: readonly [column: string, table: string];
}

const OWN: Rule = { branches: ['branch_id'] };
const ofParent = (column: string, table: string, branches?: readonly string[]): Rule => ({ parent: [column, table], ...(branches ? { branches } : {}) });

/** The audience rules per table: a table not listed goes to everyone. */
export const AUDIENCE_RULES: Readonly<Record<string, Rule>> = {
  sales_order: { branches: ['branch_id', 'collect_branch_id', 'delivered_branch_id'] },
  sales_order_line: ofParent('sales_order_id', 'sales_order'),
  receipt: ofParent('sales_order_id', 'sales_order', ['branch_id']),
  invoice: ofParent('sales_order_id', 'sales_order', ['branch_id']),
  order_settlement: ofParent('sales_order_id', 'sales_order', ['branch_id']),
  sales_return: ofParent('sales_order_id', 'sales_order', ['branch_id']),
  sales_return_line: ofParent('sales_return_id', 'sales_return'),
  credit_note: ofParent('sales_order_id', 'sales_order', ['branch_id']),
  credit_note_movement: ofParent('credit_note_id', 'credit_note', ['branch_id']),
  purchase_order: OWN,
  purchase_order_line: ofParent('purchase_order_id', 'purchase_order'),
  purchase_order_item: ofParent('purchase_order_id', 'purchase_order'),
  goods_receipt: OWN,
  goods_receipt_line: ofParent('goods_receipt_id', 'goods_receipt'),
  supplier_return: OWN,
  supplier_return_line: ofParent('supplier_return_id', 'supplier_return'),
  stock_take: OWN,
  stock_take_line: ofParent('stock_take_id', 'stock_take'),
  till_session: OWN,
  till_cash_move: ofParent('till_session_id', 'till_session'),
  price_approval: OWN,
  eye_checkup_recall: OWN,
  recall_contact: ofParent('recall_id', 'eye_checkup_recall', ['branch_id']),
  stock_movement: { branches: ['branch_id', 'owner_branch_id'] },
};

export interface Audience {
  /** Branch ids in ascending order; null: everyone. */
  audience: number[] | null;
  /** The order the row belongs to, if any. */
  orderId: number | null;
}

const EVERYONE: Audience = { audience: null, orderId: null };
const NOBODY: Audience = { audience: [], orderId: null };

/** The columns of a table's rows its rule reads: the branch columns and the parent's. */
function ruleColumns(rule: Rule): string[] {
  return [...(rule.branches ?? []), ...(rule.parent ? [rule.parent[0]] : [])];
}

type ChangeRef = { tbl: string; rowId: number | null };
type Values = Record<string, unknown>;

export interface AudienceReader {
  (change: ChangeRef & { oldValues: Values | null; newValues: Values | null }): Audience;
  /**
   * Reads the rows of these changes, and their parents', ahead: one statement per table and level
   * instead of one per row (a batch of 2,000 orders' changes reads thousands). What is read is the
   * same rows as they are now; a row not read ahead is read when asked for.
   */
  readAhead(changes: readonly ChangeRef[]): void;
}

/**
 * Works out audiences for one batch, while the store does not change: each row read once however
 * many of its changes (or children's) the batch holds.
 */
export function audienceReader(db: Db): AudienceReader {
  const store = audienceStore(db);
  const known = new Map<string, Audience>();
  // Per table, the rows read: id → the rule's columns as the row is now, or undefined (no such row).
  const read = new Map<string, Map<number, Values | undefined>>();
  const readOf = (table: string) => {
    let rows = read.get(table);
    if (rows === undefined) read.set(table, (rows = new Map()));
    return rows;
  };

  /** The row as it is now: its id and the columns its table's rule reads; undefined when there is none. */
  function rowNow(table: string, id: number): Values | undefined {
    const rows = readOf(table);
    if (rows.has(id)) return rows.get(id);
    const row = store.row(table, ruleColumns(AUDIENCE_RULES[table]!), id);
    rows.set(id, row);
    return row;
  }

  function readAhead(changes: readonly ChangeRef[]): void {
    let wanted = new Map<string, Set<number>>();
    const want = (table: string, id: number) => {
      if (readOf(table).has(id)) return;
      let ids = wanted.get(table);
      if (ids === undefined) wanted.set(table, (ids = new Set()));
      ids.add(id);
    };
    for (const change of changes) if (change.rowId !== null && AUDIENCE_RULES[change.tbl] !== undefined && classOf(change.tbl) !== 'local') want(change.tbl, change.rowId);
    // The rows, then their parents, then theirs (as deep as ofRow goes).
    for (let depth = 0; depth <= 5 && wanted.size > 0; depth++) {
      const level = wanted;
      wanted = new Map();
      for (const [table, ids] of level) {
        const rule = AUDIENCE_RULES[table]!;
        const rows = readOf(table);
        const found = new Map<number, Values>();
        for (const row of store.rows(table, ruleColumns(rule), [...ids])) found.set(row.id, row);
        for (const id of ids) {
          const row = found.get(id);
          rows.set(id, row);
          const parentId = row && rule.parent ? row[rule.parent[0]] : undefined;
          if (typeof parentId === 'number' && AUDIENCE_RULES[rule.parent![1]] !== undefined) want(rule.parent![1], parentId);
        }
      }
    }
  }

  function ofRow(table: string, id: number, values: Values | undefined, depth: number): Audience {
    const key = `${table}:${id}`;
    const held = known.get(key);
    if (held) return held;
    const rule = AUDIENCE_RULES[table];
    const row = values ?? (rule === undefined ? undefined : rowNow(table, id));
    let found: Audience;
    if (rule === undefined) found = EVERYONE;
    else if (row === undefined || depth > 4) found = EVERYONE;
    else found = fromRule(rule, table, id, row, depth);
    known.set(key, found);
    return found;
  }

  function fromRule(rule: Rule, table: string, id: number, row: Values, depth: number): Audience {
    const branches = new Set<number>();
    for (const column of rule.branches ?? []) {
      const branch = row[column];
      if (typeof branch === 'number') branches.add(branch);
    }
    let orderId = table === 'sales_order' ? id : null;
    if (rule.parent) {
      const parentId = row[rule.parent[0]];
      if (typeof parentId === 'number') {
        const parent = ofRow(rule.parent[1], parentId, undefined, depth + 1);
        if (parent.audience === null) return { audience: null, orderId: parent.orderId };
        for (const branch of parent.audience) branches.add(branch);
        orderId = parent.orderId;
      }
    }
    // A branch-owned row that names no branch at all: everyone, rather than nobody.
    if (branches.size === 0) return { audience: null, orderId };
    return { audience: [...branches].sort((a, b) => a - b), orderId };
  }

  const audienceOf = (change: ChangeRef & { oldValues: Values | null; newValues: Values | null }): Audience => {
    const cls = classOf(change.tbl);
    if (cls === 'local') return NOBODY;
    if (AUDIENCE_RULES[change.tbl] === undefined || change.rowId === null) return EVERYONE;
    // The row as it is now; a row deleted since, as its changes last showed it.
    const now = rowNow(change.tbl, change.rowId);
    const values = now ?? Object.assign({}, change.oldValues, change.newValues);
    const found = ofRow(change.tbl, change.rowId, values, 0);
    // A branch the change takes the row away from (an order's collection moved elsewhere) hears of it too.
    const before = (AUDIENCE_RULES[change.tbl]!.branches ?? []).map((column) => change.oldValues?.[column]).filter((b): b is number => typeof b === 'number');
    if (found.audience === null || before.every((branch) => found.audience!.includes(branch))) return found;
    return { audience: [...new Set([...found.audience, ...before])].sort((a, b) => a - b), orderId: found.orderId };
  };
  return Object.assign(audienceOf, { readAhead });
}
