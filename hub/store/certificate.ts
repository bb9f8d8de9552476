/** The `certificate` table: client certificates the hub's CA issued, for revocation (issue 15). */
import type pg from 'pg';

type Queryable = pg.Pool | pg.PoolClient;

export interface CertificateRow {
  serial: string;
  nodeId: number;
  subject: string;
  issuedAt: string;
  notAfter: string;
  revokedAt: string | null;
}

interface RawCertificate {
  serial: string;
  node_id: number;
  subject: string;
  issued_at: Date;
  not_after: Date;
  revoked_at: Date | null;
}

const toRow = (r: RawCertificate): CertificateRow => ({
  serial: r.serial,
  nodeId: r.node_id,
  subject: r.subject,
  issuedAt: r.issued_at.toISOString(),
  notAfter: r.not_after.toISOString(),
  revokedAt: r.revoked_at?.toISOString() ?? null,
});

export async function insertCertificate(db: Queryable, c: { serial: string; nodeId: number; subject: string; notAfter: Date }): Promise<void> {
  await db.query('INSERT INTO certificate (serial, node_id, subject, not_after) VALUES ($1, $2, $3, $4)', [c.serial, c.nodeId, c.subject, c.notAfter]);
}

export async function findCertificate(db: Queryable, serial: string): Promise<CertificateRow | null> {
  const { rows } = await db.query<RawCertificate>('SELECT * FROM certificate WHERE serial = $1', [serial]);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function certificatesOf(db: Queryable, nodeId: number): Promise<CertificateRow[]> {
  const { rows } = await db.query<RawCertificate>('SELECT * FROM certificate WHERE node_id = $1 ORDER BY issued_at', [nodeId]);
  return rows.map(toRow);
}

/** Revokes every live certificate of the node; answers how many were. */
export async function revokeCertificatesOf(db: Queryable, nodeId: number): Promise<number> {
  const { rowCount } = await db.query('UPDATE certificate SET revoked_at = now() WHERE node_id = $1 AND revoked_at IS NULL', [nodeId]);
  return rowCount ?? 0;
}
