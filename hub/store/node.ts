/** The `node` table: enrolled branch PCs (issue 15). All of the hub's SQL lives in store/. */
import type pg from 'pg';

export interface NodeRow {
  id: number;
  name: string;
  enrolledAt: string;
  lastSeq: number;
}

type Queryable = pg.Pool | pg.PoolClient;

interface RawNode {
  id: number;
  name: string;
  enrolled_at: Date;
  last_seq: string;
}

const toNode = (row: RawNode): NodeRow => ({ id: row.id, name: row.name, enrolledAt: row.enrolled_at.toISOString(), lastSeq: Number(row.last_seq) });

export async function insertNode(db: Queryable, name: string): Promise<NodeRow | null> {
  const { rows } = await db.query<RawNode>(
    'INSERT INTO node (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING id, name, enrolled_at, last_seq',
    [name],
  );
  return rows[0] ? toNode(rows[0]) : null;
}

export async function findNodeByName(db: Queryable, name: string): Promise<NodeRow | null> {
  const { rows } = await db.query<RawNode>('SELECT id, name, enrolled_at, last_seq FROM node WHERE name = $1', [name]);
  return rows[0] ? toNode(rows[0]) : null;
}

export async function findNode(db: Queryable, id: number): Promise<NodeRow | null> {
  const { rows } = await db.query<RawNode>('SELECT id, name, enrolled_at, last_seq FROM node WHERE id = $1', [id]);
  return rows[0] ? toNode(rows[0]) : null;
}

export async function listNodes(db: Queryable): Promise<NodeRow[]> {
  const { rows } = await db.query<RawNode>('SELECT id, name, enrolled_at, last_seq FROM node ORDER BY id');
  return rows.map(toNode);
}

export async function setLastSeq(db: Queryable, id: number, lastSeq: number): Promise<void> {
  await db.query('UPDATE node SET last_seq = $2 WHERE id = $1', [id, lastSeq]);
}
