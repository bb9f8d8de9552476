/**
 * Client certificates of enrolled PCs (issue 15): issued from the hub's CA and recorded, revoked
 * by node, and checked on every sync request when the hub speaks TLS. The TLS handshake already
 * refused any certificate the CA did not sign; this adds what a handshake cannot know: that the
 * certificate was not revoked, and that the node it names is the node the request speaks for.
 */
import type { TLSSocket } from 'node:tls';
import type pg from 'pg';
import { HubError } from '../errors.js';
import { certificatesOf, findCertificate, insertCertificate, revokeCertificatesOf, type CertificateRow } from '../store/certificate.js';
import { findNode, setRevoked } from '../store/node.js';
import { clientSubject, issueClientCert, type HubCa, type Issued } from '../tls/ca.js';

export async function issueNodeCertificate(pool: pg.Pool, ca: HubCa, nodeId: number): Promise<Issued> {
  const node = await findNode(pool, nodeId);
  if (!node) throw new HubError('invalid', 'NODE_NOT_ENROLLED', `No node ${nodeId} is enrolled`);
  const issued = await issueClientCert(ca, nodeId);
  await insertCertificate(pool, { serial: issued.serial, nodeId, subject: issued.subject, notAfter: issued.notAfter });
  // A new certificate takes a revoked PC back into use.
  await setRevoked(pool, nodeId, false);
  return issued;
}

export async function revokeNode(pool: pg.Pool, nodeId: number): Promise<number> {
  const node = await findNode(pool, nodeId);
  if (!node) throw new HubError('invalid', 'NODE_NOT_ENROLLED', `No node ${nodeId} is enrolled`);
  // Refused from its next request with TLS or without, and no longer holding the log back.
  await setRevoked(pool, nodeId, true);
  return revokeCertificatesOf(pool, nodeId);
}

export const nodeCertificates = (pool: pg.Pool, nodeId: number): Promise<CertificateRow[]> => certificatesOf(pool, nodeId);

/**
 * The node a TLS request may speak for: its certificate must have passed the handshake against
 * the hub's CA, be one the hub issued, not be revoked or past its end, and name `claimed`.
 */
export async function checkClient(pool: pg.Pool, socket: TLSSocket, claimed: number | undefined, now = new Date()): Promise<void> {
  if (!socket.authorized) {
    throw new HubError('unauthorized', 'CLIENT_CERTIFICATE_REQUIRED', 'This hub takes sync only from an enrolled PC with its certificate from this hub');
  }
  const peer = socket.getPeerCertificate();
  const row = peer.serialNumber ? await findCertificate(pool, peer.serialNumber.toUpperCase().replace(/^0+/, '')) : null;
  if (!row) throw new HubError('forbidden', 'CERTIFICATE_UNKNOWN', 'This certificate was not issued by this hub to any enrolled PC');
  if (row.revokedAt) throw new HubError('forbidden', 'CERTIFICATE_REVOKED', `The certificate of node ${row.nodeId} was revoked at ${row.revokedAt}`);
  if (Date.parse(row.notAfter) <= now.getTime()) throw new HubError('forbidden', 'CERTIFICATE_EXPIRED', `The certificate of node ${row.nodeId} ended at ${row.notAfter}`);
  if (claimed !== undefined && claimed !== row.nodeId) {
    throw new HubError('forbidden', 'CERTIFICATE_NODE_MISMATCH', `This certificate is node ${row.nodeId}'s (${clientSubject(row.nodeId)}); it cannot sync for node ${claimed}`);
  }
}
