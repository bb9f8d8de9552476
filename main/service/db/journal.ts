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

type Db = Database.Database;

/** Where a change came from. */
export type JournalSource = 'app' | 'setup' | 'seed' | 'migration' | 'cli' | 'system';

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
  'customer',
  'customer_eye_info',
  'customer_eye_rx',
  'customer_source',
  'doctor',
  'eye_checkup_recall',
  'financial_year',
  'fitter',
  'gender',
  'gst_rate',
  'insurance_company',
  'invoice',
  'item',
  'item_type',
  'membership',
  'module',
  'number_series',
  'payment_kind',
  'price_approval',
  'priority',
  'purchase_order',
  'purchase_order_line',
  'receipt',
  'role',
  'sales_order',
  'sales_order_line',
  'setting',
  'state',
  'stock',
  'stock_movement',
  'sub_category',
  'supplier',
  'till_cash_move',
  'till_session',
  'user_branch',
] as const;

/** Tables left out on purpose, each with its reason. */
export const UNJOURNALED_TABLES: Readonly<Record<string, string>> = {
  journal: 'the journal itself',
  cart: 'the counter’s scratch pad, emptied when the sale is saved; the sale it becomes is journaled row by row',
  cart_line: 'a line of a cart (see cart)',
  id_counter: 'where the next row id comes from; ids are facts of the rows that use them',
  sales_order_tally: 'counts kept by triggers from sales_order for the dashboard; derived, rebuilt from the orders',
};

/** Columns whose values never enter the journal: a change shows as HIDDEN. */
export const REDACTED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  app_user: ['password_hash'],
};
export const HIDDEN = '(hidden)';

/** Events the app journals besides row changes (store/journal.ts event()). */
export const JOURNAL_EVENTS = ['sign_in', 'sign_in_failed', 'price_approval_refused', 'backup', 'branch_switch'] as const;

export type JournalOp = 'insert' | 'update' | 'delete' | 'event';

/**
 * The functions the triggers call, on every connection that may write (openDatabase). They read
 * the actor of the command being run; the SQL they sit in is in triggerSql below.
 */
export function registerJournal(db: Db): void {
  const fn = (name: string, read: (a: Actor) => string | number | null) => db.function(name, { deterministic: false }, () => read(currentActor()));
  fn('journal_at', (a) => (a.now ? a.now() : new Date()).toISOString());
  fn('journal_user', (a) => a.userId);
  fn('journal_branch', (a) => a.branchId);
  fn('journal_till', (a) => a.till);
  fn('journal_source', (a) => a.source);
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

const HEAD =
  'INSERT INTO journal (at, user_id, branch_id, till, source, tbl, row_id, row_key, op, old_values, new_values)\n  SELECT journal_at(), journal_user(), journal_branch(), journal_till(), journal_source()';

/** The three triggers that journal one table, named journal_<table>_<op>. */
export function triggerSql(table: string, columns: readonly Column[]): Array<{ name: string; sql: string }> {
  const t = lit(table);
  const one = (side: 'NEW' | 'OLD') =>
    `(SELECT json_group_object(k, v) FROM (${columns.map((c) => `SELECT ${lit(c.name)} AS k, ${value(table, side, c)} AS v`).join(' UNION ALL ')}) WHERE v IS NOT NULL)`;
  const inserted = identity(columns, 'NEW');
  const deleted = identity(columns, 'OLD');
  const differs = columns.map((c) => `OLD.${q(c.name)} IS NOT NEW.${q(c.name)}`);
  const changed = columns
    .map((c) => `SELECT ${lit(c.name)} AS k, ${value(table, 'OLD', c)} AS o, ${value(table, 'NEW', c)} AS n WHERE ${differs[columns.indexOf(c)]}`)
    .join(' UNION ALL ');
  return [
    {
      name: `journal_${table}_insert`,
      sql: `CREATE TRIGGER journal_${table}_insert AFTER INSERT ON ${q(table)} BEGIN\n  ${HEAD}, ${t}, ${inserted.rowId}, ${inserted.rowKey}, 'insert', NULL, ${one('NEW')};\nEND`,
    },
    {
      name: `journal_${table}_update`,
      sql: `CREATE TRIGGER journal_${table}_update AFTER UPDATE ON ${q(table)} WHEN ${differs.join(' OR ')} BEGIN\n  ${HEAD}, ${t}, ${inserted.rowId}, ${inserted.rowKey}, 'update', json_group_object(k, o), json_group_object(k, n) FROM (${changed});\nEND`,
    },
    {
      name: `journal_${table}_delete`,
      sql: `CREATE TRIGGER journal_${table}_delete AFTER DELETE ON ${q(table)} BEGIN\n  ${HEAD}, ${t}, ${deleted.rowId}, ${deleted.rowKey}, 'delete', ${one('OLD')}, NULL;\nEND`,
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
  const tables = new Set((db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{ name: string }>).map((r) => r.name));
  const wanted = new Map<string, string>();
  for (const table of JOURNALED_TABLES) {
    if (!tables.has(table)) continue;
    const columns = db.prepare(`PRAGMA table_info(${q(table)})`).all() as Column[];
    for (const t of triggerSql(table, columns)) wanted.set(t.name, t.sql);
  }
  for (const [name, sql] of existing) {
    if (name.startsWith('journal_no_')) continue;
    if (wanted.get(name) !== sql) db.exec(`DROP TRIGGER ${q(name)}`);
  }
  for (const [name, sql] of wanted) if (existing.get(name) !== sql) db.exec(sql);
}
