/** The `join_code` table (issue 15): one-time codes that let a new PC learn its node number. */
import type pg from 'pg';

type Queryable = pg.Pool | pg.PoolClient;

export async function insertJoinCode(db: Queryable, codeHash: string, nodeId: number): Promise<void> {
  await db.query('INSERT INTO join_code (code_hash, node_id) VALUES ($1, $2)', [codeHash, nodeId]);
}

/** Marks the code used and answers its node; null when there is no such unused code. */
export async function spendJoinCode(db: Queryable, codeHash: string): Promise<{ nodeId: number; name: string } | null> {
  const { rows } = await db.query<{ node_id: number; name: string }>(
    `UPDATE join_code j SET used_at = now() FROM node n
      WHERE j.code_hash = $1 AND j.used_at IS NULL AND n.id = j.node_id
      RETURNING j.node_id, n.name`,
    [codeHash],
  );
  return rows[0] ? { nodeId: rows[0].node_id, name: rows[0].name } : null;
}

/** The company's installation secret as head office's node last pushed it (its `setting` row). */
export async function installationSecretOf(db: Queryable, headOffice: number): Promise<string | null> {
  const { rows } = await db.query<{ value: string | null }>(
    `SELECT new_values->>'value' AS value FROM change
      WHERE node_id = $1 AND tbl = 'setting' AND row_key = '["installation_secret"]' AND new_values ? 'value'
      ORDER BY cursor DESC LIMIT 1`,
    [headOffice],
  );
  return rows[0]?.value ?? null;
}
