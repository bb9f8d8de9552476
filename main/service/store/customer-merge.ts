/**
 * SQL of merging customers (migration 037): the merge row, re-pointing a customer's rows, and the
 * likely-duplicate pairs. Re-pointing runs as the sync source, so it is never journaled: the merge
 * row is the one change that travels, and every PC that applies it re-points the rows it holds
 * with these same functions (sync/apply.ts, customer/merge.ts).
 */
import type { Db } from '../db/database.js';
import { asActor, currentActor, SYNC_SOURCE } from '../db/journal.js';
import { perDatabase } from './per-database.js';
import { syncStore } from './sync.js';
import { extend } from '../../../shared/extend.js';
import { CUSTOMER_TABLES, isCustomerTable, lateEdits, PERSON_COLUMNS, survivorOf, type CustomerTable, type PersonColumn } from '../../../shared/customer-merge.js';

export { CUSTOMER_TABLES, PERSON_COLUMNS, type CustomerTable, type PersonColumn } from '../../../shared/customer-merge.js';

export interface MergeRow {
  id: number;
  company_id: number;
  branch_id: number;
  survivor_id: number;
  merged_id: number;
  survivor_before: string;
  chosen: string;
  merged_seen: string;
  created_by: number;
  created_at: string;
  undone_by: number | null;
  undone_at: string | null;
}

export interface MergeListRow extends MergeRow {
  survivor_name: string;
  merged_name: string;
  branch_name: string;
  created_by_name: string;
}

/** One side of a likely-duplicate pair: who, where, and how much history they have. */
export interface DuplicateSide {
  id: number;
  branch_id: number;
  branch_name: string;
  first_name: string;
  last_name: string;
  mobile_digits: string | null;
  birth_date: string | null;
}

/** Runs `fn` unjournaled: a PC's own application of a merge, the same at every PC. */
const unjournaled = <T>(fn: () => T): T => asActor(extend(currentActor(), { source: SYNC_SOURCE }), fn);

export const customerMerges = perDatabase((db: Db) => {
  const byId = db.prepare<[number], MergeRow>('SELECT * FROM customer_merge WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO customer_merge (id, company_id, branch_id, survivor_id, merged_id, survivor_before, chosen, merged_seen, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @survivor_id, @merged_id, @survivor_before, @chosen, @merged_seen, @created_by, @created_at)`,
  );
  const markUndone = db.prepare('UPDATE customer_merge SET undone_by = ?, undone_at = ? WHERE id = ? AND undone_at IS NULL');
  const activeOf = db.prepare<[number], MergeRow>('SELECT * FROM customer_merge WHERE merged_id = ? AND undone_at IS NULL ORDER BY id DESC LIMIT 1');
  const mergedInto = db.prepare<[number], { merged_into: number | null }>('SELECT merged_into FROM customer WHERE id = ?');
  const setMergedInto = db.prepare('UPDATE customer SET merged_into = ? WHERE id = ?');
  const noteRow = db.prepare('INSERT OR IGNORE INTO customer_merge_row (merge_id, tbl, row_id) VALUES (?, ?, ?)');
  const repointCarts = db.prepare('UPDATE cart SET customer_id = ? WHERE customer_id = ?');
  const movedRows = db.prepare<[number], { tbl: string; row_id: number }>('SELECT tbl, row_id FROM customer_merge_row WHERE merge_id = ?');
  const forgetRows = db.prepare('DELETE FROM customer_merge_row WHERE merge_id = ?');
  const rowsOf = new Map(CUSTOMER_TABLES.map((t) => [t, db.prepare<[number], { id: number }>(`SELECT id FROM ${t} WHERE customer_id = ?`)]));
  const repoint = new Map(CUSTOMER_TABLES.map((t) => [t, db.prepare(`UPDATE ${t} SET customer_id = ? WHERE id = ? AND customer_id = ?`)]));
  const newSince = new Map(
    CUSTOMER_TABLES.map((t) => [
      t,
      db.prepare<[number, string, number], { n: number }>(
        `SELECT count(*) AS n FROM ${t} WHERE customer_id = ? AND created_at > ?
           AND id NOT IN (SELECT row_id FROM customer_merge_row WHERE merge_id = ? AND tbl = '${t}')`,
      ),
    ]),
  );
  const list = db.prepare<[number, number], MergeListRow>(
    `SELECT m.*, s.first_name || ' ' || s.last_name AS survivor_name, x.first_name || ' ' || x.last_name AS merged_name,
            b.name AS branch_name, u.user_name AS created_by_name
       FROM customer_merge m JOIN customer s ON s.id = m.survivor_id JOIN customer x ON x.id = m.merged_id
       JOIN branch b ON b.id = m.branch_id JOIN app_user u ON u.id = m.created_by
      WHERE m.company_id = ? ORDER BY m.created_at DESC, m.id DESC LIMIT ?`,
  );
  const names = db.prepare<[number], { branch: string; gender: string | null }>(
    'SELECT b.name AS branch, g.name AS gender FROM customer c JOIN branch b ON b.id = c.branch_id LEFT JOIN gender g ON g.id = c.gender_id WHERE c.id = ?',
  );
  const counts = db.prepare<{ id: number }, Record<CustomerTable, number>>(
    `SELECT ${CUSTOMER_TABLES.map((t) => `(SELECT count(*) FROM ${t} WHERE customer_id = @id) AS ${t}`).join(', ')}`,
  );

  /** Where a customer lives now: itself, or the end of its chain of merges. */
  function current(id: number): number {
    return survivorOf(id, (at) => mergedInto.get(at)?.merged_into ?? null);
  }

  /**
   * Applies a merge at this PC: moves every row naming the merged-away customer to the survivor
   * (noting each), marks the merged-away customer, and carries onto the survivor any field of the
   * merged-away record that was edited after the manager saw it and is newer than the survivor's
   * own (the same last-writer-wins as any shared column, so every PC comes out the same).
   */
  function apply(mergeId: number): number {
    const m = byId.get(mergeId);
    if (!m || m.undone_at !== null) return 0;
    return unjournaled(() => {
      let moved = 0;
      for (const t of CUSTOMER_TABLES) {
        for (const { id } of rowsOf.get(t)!.all(m.merged_id)) {
          repoint.get(t)!.run(m.survivor_id, id, m.merged_id);
          noteRow.run(mergeId, t, id);
          moved++;
        }
      }
      repointCarts.run(m.survivor_id, m.merged_id);
      setMergedInto.run(m.survivor_id, m.merged_id);
      carryLateEdits(m);
      return moved;
    });
  }

  function carryLateEdits(m: MergeRow): void {
    const sync = syncStore(db);
    const seen = JSON.parse(m.merged_seen) as Record<string, unknown>;
    const merged = db.prepare<[number], Record<string, unknown>>('SELECT * FROM customer WHERE id = ?').get(m.merged_id);
    if (!merged) return;
    const winner = (id: number, col: string) =>
      maxHlc(sync.clockOf('customer', String(id), col), sync.localColumnHlc('customer', id, null, col));
    for (const { col, value, hlc } of lateEdits(merged, seen, (who, col) => winner(who === 'merged' ? m.merged_id : m.survivor_id, col))) {
      db.prepare(`UPDATE customer SET ${col} = ? WHERE id = ?`).run(value, m.survivor_id);
      sync.setClock('customer', String(m.survivor_id), col, hlc);
    }
  }

  /** Undoes a merge at this PC: the rows it moved go back, the merged-away customer is itself again. */
  function unapply(mergeId: number): number {
    const m = byId.get(mergeId);
    if (!m) return 0;
    return unjournaled(() => {
      let moved = 0;
      for (const { tbl, row_id } of movedRows.all(mergeId)) {
        if (isCustomerTable(tbl)) moved += repoint.get(tbl)!.run(m.merged_id, row_id, m.survivor_id).changes;
      }
      forgetRows.run(mergeId);
      if (mergedInto.get(m.merged_id)?.merged_into === m.survivor_id) setMergedInto.run(null, m.merged_id);
      return moved;
    });
  }

  return {
    byId: (id: number) => byId.get(id),
    list: (companyId: number, limit: number) => list.all(companyId, limit),
    insert: (row: Omit<MergeRow, 'undone_by' | 'undone_at'>) => insert.run(row),
    markUndone: (id: number, by: { userId: number; at: string }) => markUndone.run(by.userId, by.at, id).changes,
    activeOf: (mergedId: number) => activeOf.get(mergedId),
    /** The customer this one was merged into (one step), or null. */
    mergedInto: (id: number) => mergedInto.get(id)?.merged_into ?? null,
    current,
    apply,
    unapply,
    noteRow: (mergeId: number, tbl: string, rowId: number) => noteRow.run(mergeId, tbl, rowId),
    /** Carries late edits of a merged-away record onto its survivor (see apply). */
    carry(mergeId: number): void {
      const m = byId.get(mergeId);
      if (m && m.undone_at === null) unjournaled(() => carryLateEdits(m));
    },
    isCustomerTable,
    /** The customer's branch and gender by name. */
    names: (customerId: number) => names.get(customerId) ?? { branch: '', gender: null },
    /** How many rows of each kind name the customer. */
    counts: (customerId: number) => counts.get({ id: customerId })!,
    /** Rows recorded for the survivor since the merge that the merge did not bring: a reason an undo would lose work. */
    newSince(m: MergeRow): Partial<Record<CustomerTable, number>> {
      const out: Partial<Record<CustomerTable, number>> = {};
      for (const t of CUSTOMER_TABLES) {
        const n = newSince.get(t)!.get(m.survivor_id, m.created_at, m.id)!.n;
        if (n > 0) out[t] = n;
      }
      return out;
    },
    /** A customer's person fields as they are now. */
    person(id: number): Record<PersonColumn, unknown> | undefined {
      return db.prepare<[number], Record<PersonColumn, unknown>>(`SELECT ${PERSON_COLUMNS.join(', ')} FROM customer WHERE id = ?`).get(id);
    },
    /** Sets some person fields of the survivor, journaled as the caller's edit. */
    setPerson(id: number, values: Partial<Record<PersonColumn, unknown>>, by: { userId: number; at: string }) {
      const cols = Object.keys(values).filter((c): c is PersonColumn => (PERSON_COLUMNS as readonly string[]).includes(c));
      db.prepare(`UPDATE customer SET ${[...cols.map((c) => `${c} = @${c}`), 'modified_by = @by', 'modified_at = @at'].join(', ')} WHERE id = @id`).run(
        extend(values, { id, by: by.userId, at: by.at }),
      );
    },

    /**
     * Customers who may be the person about to be created: the same mobile or e-mail, or a last name starting
     * with the same two letters (the caller compares the names), at most 300.
     */
    near(companyId: number, p: { mobileDigits: string | null; email: string | null; lastName: string }): Array<DuplicateSide & { email: string | null }> {
      const start = p.lastName.slice(0, 2);
      return db
        .prepare<Record<string, unknown>, DuplicateSide & { email: string | null }>(
          `SELECT c.id, c.branch_id, b.name AS branch_name, c.first_name, c.last_name, c.mobile_digits, c.birth_date, c.email
             FROM customer c JOIN branch b ON b.id = c.branch_id
            WHERE c.id IN (SELECT id FROM customer WHERE company_id = @companyId AND mobile_digits = @mobile
                           UNION SELECT id FROM customer WHERE company_id = @companyId AND email = @email
                           UNION SELECT id FROM customer WHERE company_id = @companyId AND last_name >= @start AND last_name < @top)
              AND c.merged_into IS NULL AND c.is_active = 1
            LIMIT 300`,
        )
        .all({ companyId, mobile: p.mobileDigits, email: p.email, start, top: start + '\u{10FFFF}' });
    },
    /** Customers of the company still on their own (not merged away), for the duplicate search. */
    sides(companyId: number): DuplicateSide[] {
      return db
        .prepare<[number], DuplicateSide>(
          `SELECT c.id, c.branch_id, b.name AS branch_name, c.first_name, c.last_name, c.mobile_digits, c.birth_date
             FROM customer c JOIN branch b ON b.id = c.branch_id
            WHERE c.company_id = ? AND c.merged_into IS NULL AND c.is_active = 1`,
        )
        .all(companyId);
    },
  };
});

function maxHlc(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}
