/** The `node` table: enrolled branch PCs (issue 15). All of the hub's SQL lives in store/. */
import type pg from 'pg';


/** Head office's node: the store made by `npm run setup` (not --join) and enrolled first. */
export const HEAD_OFFICE_NODES = [1] as const;

export interface NodeRow {
  id: number;
  name: string;
  enrolledAt: string;
  lastSeq: number;
  /** The node this one replaced (a re-keyed PC), and the old node's last entry that was this PC's own. */
  replaces: number | null;
  replacesUpto: number;
  /** The node that replaced this one: it is refused from then on. */
  replacedBy: number | null;
  /** The branches the PC serves (`join-code --branch`): it receives only their changes; null: head office, everything. */
  branches: number[] | null;
  /** The cursor its last pull asked after (it holds the others' changes up to it); null: never pulled. */
  pulledUpto: number | null;
  /** When head office revoked it (refused from then on); null: in use. */
  revokedAt: string | null;
}

type Queryable = pg.Pool | pg.PoolClient;

interface RawNode {
  id: number;
  name: string;
  enrolled_at: Date;
  last_seq: string;
  replaces: number | null;
  replaces_upto: string;
  replaced_by: number | null;
  branches: string[] | null;
  pulled_upto: string | null;
  revoked_at: Date | null;
}

const toNode = (row: RawNode): NodeRow => ({
  id: row.id,
  name: row.name,
  enrolledAt: row.enrolled_at.toISOString(),
  lastSeq: Number(row.last_seq),
  replaces: row.replaces,
  replacesUpto: Number(row.replaces_upto),
  replacedBy: row.replaced_by,
  branches: row.branches === null ? null : row.branches.map(Number),
  pulledUpto: row.pulled_upto === null ? null : Number(row.pulled_upto),
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

const COLUMNS = 'id, name, enrolled_at, last_seq, replaces, replaces_upto, replaced_by, branches, pulled_upto, revoked_at';

export async function insertNode(db: Queryable, name: string): Promise<NodeRow | null> {
  const { rows } = await db.query<RawNode>(
    'INSERT INTO node (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING ' + COLUMNS,
    [name],
  );
  return rows[0] ? toNode(rows[0]) : null;
}

export async function findNodeByName(db: Queryable, name: string): Promise<NodeRow | null> {
  const { rows } = await db.query<RawNode>(`SELECT ${COLUMNS} FROM node WHERE name = $1`, [name]);
  return rows[0] ? toNode(rows[0]) : null;
}

export async function findNode(db: Queryable, id: number): Promise<NodeRow | null> {
  const { rows } = await db.query<RawNode>(`SELECT ${COLUMNS} FROM node WHERE id = $1`, [id]);
  return rows[0] ? toNode(rows[0]) : null;
}

export async function listNodes(db: Queryable): Promise<NodeRow[]> {
  const { rows } = await db.query<RawNode>(`SELECT ${COLUMNS} FROM node ORDER BY id`);
  return rows.map(toNode);
}

export async function setLastSeq(db: Queryable, id: number, lastSeq: number): Promise<void> {
  await db.query('UPDATE node SET last_seq = $2 WHERE id = $1', [id, lastSeq]);
}

/** Locks the node's row for the rest of the transaction (a re-key against a push of the same node). */
export async function findNodeForUpdate(db: Queryable, id: number): Promise<NodeRow | null> {
  const { rows } = await db.query<RawNode>(`SELECT ${COLUMNS} FROM node WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ? toNode(rows[0]) : null;
}

/** `replacement` takes over from `old`: it starts after entry `upto`, which the old node's entries up to are its own. */
export async function replaceNode(db: Queryable, old: number, replacement: number, upto: number): Promise<void> {
  // The replacement serves the old PC's branches unless its code named its own.
  await db.query(
    'UPDATE node SET replaces = $1, replaces_upto = $3, last_seq = $3, branches = coalesce(branches, (SELECT branches FROM node WHERE id = $1)) WHERE id = $2',
    [old, replacement, upto],
  );
  await db.query('UPDATE node SET replaced_by = $2 WHERE id = $1', [old, replacement]);
}

/**
 * The node reached the hub just now (a push or a pull). Written at most once a minute per node:
 * the chain dashboard asks "within the hour", and a pull every few seconds from every PC should not
 * each be a write at the hub.
 */
export async function markSeen(db: Queryable, id: number): Promise<void> {
  await db.query("UPDATE node SET seen_at = now() WHERE id = $1 AND (seen_at IS NULL OR seen_at < now() - interval '1 minute')", [id]);
}

/**
 * A pull after `after`, in one statement: the node holds every other node's change up to `after`,
 * so that is its pulled cursor (written only when it moved, with its last contact at most once a
 * minute as markSeen does: a PC pulling every few seconds with nothing new writes nothing). Answers
 * the cursor up to which the log was removed (change_pruned), read after the page was: a pull
 * after an earlier cursor is refused, and its cursor is not recorded (it holds nothing back).
 */
export async function notePull(db: Queryable, id: number, after: number): Promise<{ pruned: number }> {
  const { rows } = await db.query<{ pruned: string }>(
    `WITH pruned AS (SELECT cursor FROM change_pruned),
     noted AS (
       UPDATE node SET pulled_upto = $2,
              seen_at = CASE WHEN seen_at IS NULL OR seen_at < now() - interval '1 minute' THEN now() ELSE seen_at END
        WHERE id = $1 AND $2 >= (SELECT cursor FROM pruned)
          AND (pulled_upto IS DISTINCT FROM $2 OR seen_at IS NULL OR seen_at < now() - interval '1 minute')
        RETURNING 1
     )
     SELECT cursor AS pruned FROM pruned`,
    [id, after],
  );
  return { pruned: Number(rows[0]?.pruned ?? 0) };
}

/**
 * When each node in use last reached the hub (not nodes re-keyed away, nor those never seen); with
 * `after`, only those whose last contact is later (to the millisecond, as the PC was told it).
 */
export async function seenNodes(db: Queryable, after?: string): Promise<Array<{ nodeId: number; at: string }>> {
  const { rows } = await db.query<{ id: number; seen_at: Date }>(
    `SELECT id, seen_at FROM node
      WHERE seen_at IS NOT NULL AND replaced_by IS NULL AND ($1::timestamptz IS NULL OR date_trunc('milliseconds', seen_at) > $1::timestamptz)
      ORDER BY id`,
    [after ?? null],
  );
  return rows.map((row) => ({ nodeId: row.id, at: row.seen_at.toISOString() }));
}

/** Head office revoked the node: it is refused, and no longer holds the log back. */
export async function setRevoked(db: Queryable, id: number, revoked: boolean): Promise<void> {
  await db.query(`UPDATE node SET revoked_at = ${revoked ? 'coalesce(revoked_at, now())' : 'NULL'} WHERE id = $1`, [id]);
}
