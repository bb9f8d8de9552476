/** The `node` table: enrolled branch PCs (issue 15). All of the hub's SQL lives in store/. */
import type pg from 'pg';

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
});

const COLUMNS = 'id, name, enrolled_at, last_seq, replaces, replaces_upto, replaced_by, branches';

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

/** When each node in use last reached the hub (not nodes re-keyed away, nor those never seen). */
export async function seenNodes(db: Queryable): Promise<Array<{ nodeId: number; at: string }>> {
  const { rows } = await db.query<{ id: number; seen_at: Date }>('SELECT id, seen_at FROM node WHERE seen_at IS NOT NULL AND replaced_by IS NULL ORDER BY id');
  return rows.map((row) => ({ nodeId: row.id, at: row.seen_at.toISOString() }));
}
