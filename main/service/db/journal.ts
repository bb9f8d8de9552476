/**
 * The change journal (issue 14): every insert, update and delete on a business table leaves an
 * append-only entry in the same transaction — sequence, time, who, which branch and till, the
 * table and row, the operation and the changed columns' old and new values.
 *
 * Written by SQLite triggers generated from the declared table lists below, so a write nobody
 * thought of (an import, a seeder, a migration, a new endpoint) is caught as well as the sales.
 * Who made the change is not known to SQLite: the triggers call functions registered on every
 * connection (registerJournal), which read the actor of the running command from an
 * AsyncLocalStorage that the HTTP edge, the setup tools and the migrations set (asActor). A
 * connection without those functions (the sqlite3 shell) cannot write a journaled table at all.
 *
 * The journal is the sync outbox to be: one ordered sequence, a stable row identity (row ids are
 * unique across nodes; a composite key as a JSON array), changed columns only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import { formatHlc, hlcReceive, hlcSend, hlcZero, parseHlc, type Hlc } from '../../../shared/domain/hlc.js';
import { extend } from '../../../shared/extend.js';
import { DERIVED_COLUMNS, HIDDEN } from '../../../shared/sync-rules.js';

type Db = Database.Database;

/** Where a change came from. */
export type JournalSource = 'app' | 'setup' | 'seed' | 'migration' | 'cli' | 'system' | 'sync';

/**
 * Changes applied from the hub (main/service/sync/) run as this source: the triggers skip them,
 * so another node's change is never journaled (and pushed) again as this node's own. Triggers that
 * keep figures (migration 014) are not journal triggers and still fire.
 */
export const SYNC_SOURCE: JournalSource = 'sync';

export interface Actor {
  /** app_user.id, or null for the system (migrations, setup before the first user). */
  userId: number | null;
  branchId: number | null;
  /** The till (PC) the request came from; '' when unknown. */
  till: string;
  source: JournalSource;
  /** The service's clock (tests move it); the wall clock when absent. */
  now?: () => Date;
}

const SYSTEM: Actor = { userId: null, branchId: null, till: '', source: 'system' };
const actors = new AsyncLocalStorage<Actor>();

/** Runs `fn` (and everything it awaits) as `actor`: its writes are journaled under that name. */
export function asActor<T>(actor: Actor, fn: () => T): T {
  return actors.run(actor, fn);
}

export function currentActor(): Actor {
  return actors.getStore() ?? SYSTEM;
}

/**
 * Business tables: every row change is journaled. A table in neither list fails
 * test/service/journal.test.ts, so a new table cannot be forgotten.
 */
export const JOURNALED_TABLES = [
  'app_user',
  'branch',
  'brand',
  'cancellation_reason',
  'card_type',
  'category',
  'company',
  'company_module',
  'country',
  'credit_note',
  'credit_note_movement',
  'customer',
  'customer_eye_info',
  'customer_eye_rx',
  'customer_merge',
  'customer_distinct',
  'customer_source',
  'doctor',
  'eye_checkup_recall',
  'financial_year',
  'goods_receipt',
  'goods_receipt_line',
  'fitter',
  'gender',
  'gst_rate',
  'insurance_company',
  'invoice',
  'item',
  'item_price',
  'item_type',
  'membership',
  'module',
  'number_series',
  'order_settlement',
  'payment_kind',
  'price_approval',
  'priority',
  'purchase_order',
  'purchase_order_item',
  'purchase_order_line',
  'recall_contact',
  'receipt',
  'role',
  'sales_order',
  'sales_order_line',
  'sales_return',
  'sales_return_line',
  'setting',
  'state',
  'stock_movement',
  'stock_take',
  'stock_take_line',
  'sub_category',
  'supplier',
  'supplier_return',
  'supplier_return_line',
  'till_cash_move',
  'till_session',
  'transfer',
  'transfer_line',
  'transfer_receipt',
  'transfer_receipt_line',
  'user_branch',
] as const;

/** Tables left out on purpose, each with its reason. */
export const UNJOURNALED_TABLES: Readonly<Record<string, string>> = {
  journal: 'the journal itself',
  cart: 'the counter’s scratch pad, emptied when the sale is saved; the sale it becomes is journaled row by row',
  cart_line: 'a line of a cart (see cart)',
  id_counter: 'where the next row id comes from; ids are facts of the rows that use them',
  stock: 'on hand per batch, kept by a trigger from stock_movement (journaled); derived, the sum of the movements',
  sales_order_tally: 'counts kept by triggers from sales_order for the dashboard; derived, rebuilt from the orders',
  branch_day_total: 'per branch and day, the sales, receipts and returns, kept by triggers (migration 038) for the reports; derived, each PC keeps its own',
  item_day_total: 'per branch, day and item, sold and returned, kept by triggers (migration 038); derived',
  payment_day_total: 'per branch, day and payment kind, the receipts, kept by triggers (migration 038); derived',
  seller_day_total: 'per branch, day and who booked, the orders, kept by triggers (migration 038); derived',
  stock_total: 'per branch and item, on hand, costed receipts and value at cost, kept by a trigger from stock_movement (migration 040); derived, the sum of the movements',
  branch_stock_total: 'per branch, on hand and value at cost summed from stock_total by triggers (migration 040); derived',
  item_search: 'the trigram word index of items (migration 022), kept by triggers from item and brand; derived',
  item_start: 'the trigram index of where words start (migration 025), for ranking item search; kept by triggers; derived',
  customer_search: 'the trigram word index of customers’ names and phones (migration 022), kept by triggers from customer; derived',
  sync_state: 'this node’s own sync bookkeeping (acknowledged entry, pull cursor, errors)',
  sync_clock: 'the clock time that last won per shared row and column: bookkeeping of the merge, not data',
  customer_merge_row: 'which rows this PC moved for a merge, so its undo moves back exactly those; each PC notes its own as it applies the merge (customer_merge is what travels)',
  sync_dead_letter: 'pulled changes this node could not apply, kept to be looked at; they are another node’s entries',
  sync_heard: 'the newest change this node received from each other node (the chain dashboard’s last sync per branch): bookkeeping of this node',
  sync_seen: 'when each node last reached the hub, as the hub told this one (the chain dashboard’s last sync per branch): bookkeeping of this node',
};

/** Columns whose values never enter the journal: a change shows as HIDDEN. */
export const REDACTED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  app_user: ['password_hash'],
};
export { HIDDEN };

/** Columns kept by triggers from a journaled movement table: declared with the sync rules (shared/sync-rules.ts). */
export { DERIVED_COLUMNS };

/** Events the app journals besides row changes (store/journal.ts event()). */
export const JOURNAL_EVENTS = ['sign_in', 'sign_in_failed', 'price_approval_refused', 'backup', 'branch_switch', 'customer_told'] as const;

export type JournalOp = 'insert' | 'update' | 'delete' | 'event';

/**
 * The functions the triggers call, on every connection that may write (openDatabase). They read
 * the actor of the command being run; the SQL they sit in is in triggerSql below.
 */
export function registerJournal(db: Db): void {
  const fn = (name: string, read: (a: Actor) => string | number | null) => db.function(name, { deterministic: false }, () => read(currentActor()));
  const clock = journalClock(db);
  clock.current(); // started now: a trigger cannot read the database from inside the function
  db.function('journal_hlc', { deterministic: false }, () => clock.send((currentActor().now?.() ?? new Date()).getTime()));
  fn('journal_at', (a) => (a.now ? a.now() : new Date()).toISOString());
  fn('journal_user', (a) => a.userId);
  fn('journal_branch', (a) => a.branchId);
  fn('journal_till', (a) => a.till);
  fn('journal_source', (a) => a.source);
}

/**
 * The database's hybrid logical clock (issue 15, shared/domain/hlc.ts): every journal entry gets
 * a time from send(), so last-writer-wins has a time per change; a change pulled from another node
 * is received into it, so what this node writes next is later. One clock per database file,
 * started from the latest time its journal holds or it received (a restart never goes back).
 */
export interface JournalClock {
  send(nowMs: number): string;
  receive(remote: string, nowMs: number): void;
  /** This node's number (setting 'node'), once the installation is loaded. */
  setNode(node: number): void;
  current(): string;
}

const clocks = new WeakMap<Db, JournalClock>();

export function journalClock(db: Db): JournalClock {
  let clock = clocks.get(db);
  if (clock) return clock;
  let state: Hlc | undefined;
  const has = (table: string, column: string) =>
    (db.prepare(`SELECT count(*) AS n FROM pragma_table_info('${table}') WHERE name = '${column}'`).get() as { n: number }).n > 0;
  const storedNode = (): number => {
    if (!has('setting', 'value')) return 1;
    const row = db.prepare("SELECT value FROM setting WHERE key = 'node'").get() as { value: string } | undefined;
    const n = Number(row?.value ?? 1);
    return Number.isInteger(n) && n >= 1 ? n : 1;
  };
  let node = 1;
  const start = (): Hlc => {
    if (state) return state;
    node = storedNode();
    let latest: Hlc = hlcZero(node);
    // Read before the first trigger fires (a statement cannot run inside a user function).
    // The journal by its index (migration 026); what was received, from the mark each pulled page
    // leaves in sync_state, since sync_clock (a row per synced row and column) has no index on its
    // time. A store not yet at migration 026 reads sync_clock whole, as before.
    const marked = has('sync_state', 'clock_high');
    for (const [table, column] of [['journal', 'hlc'], marked ? ['sync_state', 'clock_high'] : ['sync_clock', 'hlc']] as const) {
      if (!has(table, column)) continue;
      const row = db.prepare(`SELECT max(${column}) AS hlc FROM ${table}`).get() as { hlc: string | null };
      const seen = row.hlc ? parseHlc(row.hlc) : null;
      if (seen && (seen.wallMs > latest.wallMs || (seen.wallMs === latest.wallMs && seen.counter > latest.counter))) {
        latest = { wallMs: seen.wallMs, counter: seen.counter, node };
      }
    }
    return (state = latest);
  };
  clock = {
    send(nowMs) {
      // No drift limit here: a PC whose clock was set back keeps counting on from the last time
      // rather than refusing the sale (the hub refuses a time far in its future instead).
      const next = hlcSend(state ?? hlcZero(node), nowMs, Number.MAX_SAFE_INTEGER);
      state = next;
      return formatHlc(next);
    },
    receive(remote, nowMs) {
      const seen = parseHlc(remote);
      if (!seen) return;
      try {
        state = hlcReceive(start(), seen, nowMs);
      } catch {
        // A time too far ahead leaves our clock where it is (the hub refuses such times anyway).
      }
    },
    setNode(n) {
      state = undefined;
      const started = start();
      node = n;
      state = extend(started, { node: n });
    },
    current: () => formatHlc(start()),
  };
  clocks.set(db, clock);
  return clock;
}

interface Column {
  name: string;
  type: string;
  pk: number;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A column's value as JSON can hold it: a BLOB as hex, a redacted column as HIDDEN. */
function value(table: string, side: 'NEW' | 'OLD', c: Column): string {
  const ref = `${side}.${q(c.name)}`;
  if (REDACTED_COLUMNS[table]?.includes(c.name)) return `CASE WHEN ${ref} IS NULL THEN NULL ELSE ${lit(HIDDEN)} END`;
  if (/BLOB|ANY/i.test(c.type) || c.type === '') return `CASE typeof(${ref}) WHEN 'blob' THEN 'hex:' || hex(${ref}) ELSE ${ref} END`;
  return ref;
}

/** The row's identity: its integer id, or for another key the key's values as a JSON array. */
function identity(columns: readonly Column[], side: 'NEW' | 'OLD'): { rowId: string; rowKey: string } {
  const key = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  if (key.length === 1 && /^INTEGER$/i.test(key[0]!.type)) return { rowId: `${side}.${q(key[0]!.name)}`, rowKey: 'NULL' };
  const parts = (key.length > 0 ? key : columns).map((c) => `${side}.${q(c.name)}`);
  return { rowId: 'NULL', rowKey: `json_array(${parts.join(', ')})` };
}

const head = (withHlc: boolean) =>
  withHlc
    ? 'INSERT INTO journal (at, user_id, branch_id, till, source, tbl, row_id, row_key, op, old_values, new_values, hlc)\n  SELECT journal_at(), journal_user(), journal_branch(), journal_till(), journal_source()'
    : 'INSERT INTO journal (at, user_id, branch_id, till, source, tbl, row_id, row_key, op, old_values, new_values)\n  SELECT journal_at(), journal_user(), journal_branch(), journal_till(), journal_source()';
/** A change applied from the hub is not this node's: it is not journaled (SYNC_SOURCE). */
const NOT_SYNC = `journal_source() IS NOT '${SYNC_SOURCE}'`;

/** The three triggers that journal one table, named journal_<table>_<op>. */
export function triggerSql(table: string, columns: readonly Column[], withHlc = true): Array<{ name: string; sql: string }> {
  const t = lit(table);
  const HEAD = head(withHlc);
  const hlc = withHlc ? ', journal_hlc()' : '';
  const one = (side: 'NEW' | 'OLD') =>
    `(SELECT json_group_object(k, v) FROM (${columns.map((c) => `SELECT ${lit(c.name)} AS k, ${value(table, side, c)} AS v`).join(' UNION ALL ')}) WHERE v IS NOT NULL)`;
  const inserted = identity(columns, 'NEW');
  const deleted = identity(columns, 'OLD');
  const tracked = columns.filter((c) => !DERIVED_COLUMNS[table]?.includes(c.name));
  const differs = tracked.map((c) => `OLD.${q(c.name)} IS NOT NEW.${q(c.name)}`);
  const changed = tracked
    .map((c, i) => `SELECT ${lit(c.name)} AS k, ${value(table, 'OLD', c)} AS o, ${value(table, 'NEW', c)} AS n WHERE ${differs[i]}`)
    .join(' UNION ALL ');
  return [
    {
      name: `journal_${table}_insert`,
      sql: `CREATE TRIGGER journal_${table}_insert AFTER INSERT ON ${q(table)} WHEN ${NOT_SYNC} BEGIN\n  ${HEAD}, ${t}, ${inserted.rowId}, ${inserted.rowKey}, 'insert', NULL, ${one('NEW')}${hlc};\nEND`,
    },
    {
      name: `journal_${table}_update`,
      sql: `CREATE TRIGGER journal_${table}_update AFTER UPDATE ON ${q(table)} WHEN ${NOT_SYNC} AND (${differs.join(' OR ')}) BEGIN\n  ${HEAD}, ${t}, ${inserted.rowId}, ${inserted.rowKey}, 'update', json_group_object(k, o), json_group_object(k, n)${hlc} FROM (${changed});\nEND`,
    },
    {
      name: `journal_${table}_delete`,
      sql: `CREATE TRIGGER journal_${table}_delete AFTER DELETE ON ${q(table)} WHEN ${NOT_SYNC} BEGIN\n  ${HEAD}, ${t}, ${deleted.rowId}, ${deleted.rowKey}, 'delete', ${one('OLD')}, NULL${hlc};\nEND`,
    },
  ];
}

/**
 * Makes the journal's triggers match the tables as they are now: run after every migration (a
 * new column is journaled from the migration that adds it) and at every open. A trigger whose SQL
 * is unchanged is left alone, so an open that changes nothing writes nothing.
 */
export function refreshJournalTriggers(db: Db): void {
  const hasJournal = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'journal'").get();
  if (!hasJournal) return;
  const existing = new Map(
    (db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'journal!_%' ESCAPE '!'").all() as Array<{ name: string; sql: string }>).map((r) => [r.name, r.sql]),
  );
  const tables = new Set((db.prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table'").all() as Array<{ name: string }>).map((r) => r.name));
  const wanted = new Map<string, string>();
  // The clock column comes with migration 018: the migrations before it write without it.
  const withHlc = (db.prepare("SELECT count(*) AS n FROM pragma_table_info('journal') WHERE name = 'hlc'").get() as { n: number }).n > 0;
  for (const table of JOURNALED_TABLES) {
    if (!tables.has(table)) continue;
    const columns = db.prepare(`PRAGMA table_info(${q(table)})`).all() as Column[];
    for (const t of triggerSql(table, columns, withHlc)) wanted.set(t.name, t.sql);
  }
  for (const [name, sql] of existing) {
    if (name.startsWith('journal_no_')) continue;
    if (wanted.get(name) !== sql) db.exec(`DROP TRIGGER ${q(name)}`);
  }
  for (const [name, sql] of wanted) if (existing.get(name) !== sql) db.exec(sql);
}
