/** The `join_code` table (issue 15): one-time codes that let a new PC learn its node number. */
import type pg from 'pg';

type Queryable = pg.Pool | pg.PoolClient;

/** Keeps a new code's hash, good for `validHours` from now; answers when it expires. */
export async function insertJoinCode(db: Queryable, codeHash: string, nodeId: number, validHours: number): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO join_code (code_hash, node_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3::double precision * 3600))
     RETURNING expires_at`,
    [codeHash, nodeId, validHours],
  );
  return rows[0]!.expires_at;
}

/** Marks the code used and answers its node; null when there is no such unused, unexpired code. */
export async function spendJoinCode(db: Queryable, codeHash: string): Promise<{ nodeId: number; name: string } | null> {
  const { rows } = await db.query<{ node_id: number; name: string }>(
    `UPDATE join_code j SET used_at = now() FROM node n
      WHERE j.code_hash = $1 AND j.used_at IS NULL AND (j.expires_at IS NULL OR j.expires_at > now()) AND n.id = j.node_id
      RETURNING j.node_id, n.name`,
    [codeHash],
  );
  return rows[0] ? { nodeId: rows[0].node_id, name: rows[0].name } : null;
}

/** When an unused code expired, or null (no such code, used, or still good). */
export async function expiredJoinCode(db: Queryable, codeHash: string): Promise<Date | null> {
  const { rows } = await db.query<{ expires_at: Date }>(
    'SELECT expires_at FROM join_code WHERE code_hash = $1 AND used_at IS NULL AND expires_at <= now()',
    [codeHash],
  );
  return rows[0]?.expires_at ?? null;
}

/** Whether a node ever spent a join code (it joined). */
export async function nodeJoined(db: Queryable, nodeId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM join_code WHERE node_id = $1 AND used_at IS NOT NULL', [nodeId]);
  return rows.length > 0;
}

/** Ends the node's unused codes now (a new one replaces them). */
export async function expireJoinCodes(db: Queryable, nodeId: number): Promise<void> {
  await db.query('UPDATE join_code SET expires_at = now() WHERE node_id = $1 AND used_at IS NULL AND (expires_at IS NULL OR expires_at > now())', [nodeId]);
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
