/**
 * The hub's own certificate authority (issue 15): branches talk to the hub over HTTPS with mutual
 * TLS, and the only certificates either side trusts are the ones this CA signed.
 *
 * - The CA (ECDSA P-256, ten years) is made at the first TLS start and kept in
 *   `HUB_DATA_DIR/tls/ca.key` (0600) and `ca.crt`. Whoever holds ca.key can mint branch identities:
 *   back the folder up like the database, and keep it off shared drives.
 * - The hub's server certificate is issued from it for the names branches dial (`--tls-names`),
 *   and re-issued when those names change or it nears its end.
 * - Each enrolled PC gets a client certificate (CN `node-<n>`, extended key usage clientAuth, two
 *   years); its serial is recorded in the hub's database (store/certificate.ts) so it can be revoked.
 *
 * - A PC that joins by code makes its own key pair and sends only the public key
 *   (certifyClientKey): the hub signs it, and the private key never leaves the PC.
 *
 * Certificates are built with @peculiar/x509 over Node's WebCrypto; keys leave as PKCS#8 PEM.
 */
import { createPrivateKey, createPublicKey, KeyObject, randomBytes, webcrypto } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
const CA_DAYS = 3650;
export const LEAF_DAYS = 730;
/** A server certificate with fewer days left than this is re-issued at start. */
const RENEW_DAYS = 30;

export interface Pem {
  cert: string;
  key: string;
}

export interface HubCa extends Pem {
  /** SHA-256 of the CA certificate (hex, colon-free): what a branch can check it joined the right hub with. */
  fingerprint: string;
}

export interface Issued extends Pem {
  /** Upper-case hex without leading zeros, as Node's TLSSocket.getPeerCertificate() names it. */
  serial: string;
  subject: string;
  notAfter: Date;
}

const keyPem = (key: CryptoKey): string => KeyObject.from(key).export({ type: 'pkcs8', format: 'pem' }).toString();

async function importSigningKey(pem: string): Promise<CryptoKey> {
  const der = createPrivateKey(pem).export({ type: 'pkcs8', format: 'der' });
  return webcrypto.subtle.importKey('pkcs8', der, ALGORITHM, false, ['sign']) as Promise<CryptoKey>;
}

/** A positive 128-bit serial, as hex with its leading byte below 0x80 (DER integers are signed). */
function newSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x10;
  return bytes.toString('hex');
}

/** How Node names a serial: upper-case hex, leading zeros dropped. */
export const normaliseSerial = (hex: string): string => hex.replace(/^0+/, '').toUpperCase() || '0';

function writePrivate(file: string, text: string): void {
  writeFileSync(file, text, { mode: 0o600 });
  if (process.platform !== 'win32') chmodSync(file, 0o600);
}

/** Loads the CA from `dir` (HUB_DATA_DIR/tls), making it on first use. */
export async function loadOrCreateCa(dir: string, now = new Date()): Promise<HubCa> {
  const certFile = path.join(dir, 'ca.crt');
  const keyFile = path.join(dir, 'ca.key');
  if (existsSync(certFile) && existsSync(keyFile)) {
    const cert = readFileSync(certFile, 'utf8');
    return { cert, key: readFileSync(keyFile, 'utf8'), fingerprint: await fingerprintOf(cert) };
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: newSerial(),
    name: `CN=Optical POS hub CA ${now.toISOString().slice(0, 10)}`,
    notBefore: new Date(now.getTime() - DAY_MS),
    notAfter: new Date(now.getTime() + CA_DAYS * DAY_MS),
    signingAlgorithm: ALGORITHM,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  const cert = ca.toString('pem');
  const key = keyPem(keys.privateKey);
  writePrivate(keyFile, key);
  writeFileSync(certFile, cert);
  return { cert, key, fingerprint: await fingerprintOf(cert) };
}

export async function fingerprintOf(certPem: string): Promise<string> {
  return Buffer.from(await new x509.X509Certificate(certPem).getThumbprint('SHA-256')).toString('hex');
}

interface LeafRequest {
  subject: string;
  usage: 'server' | 'client';
  names?: readonly string[];
  now?: Date;
}

async function issue(ca: HubCa, request: LeafRequest): Promise<Issued> {
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  return { ...(await sign(ca, request, keys.publicKey)), key: keyPem(keys.privateKey) };
}

async function sign(ca: HubCa, request: LeafRequest, publicKey: CryptoKey): Promise<Omit<Issued, 'key'>> {
  const now = request.now ?? new Date();
  const caCert = new x509.X509Certificate(ca.cert);
  const serial = newSerial();
  const notAfter = new Date(now.getTime() + LEAF_DAYS * DAY_MS);
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
    new x509.ExtendedKeyUsageExtension([request.usage === 'server' ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth]),
    await x509.AuthorityKeyIdentifierExtension.create(caCert),
  ];
  if (request.names && request.names.length > 0) {
    extensions.push(new x509.SubjectAlternativeNameExtension(request.names.map((name): x509.JsonGeneralName => (isIP(name) ? { type: 'ip', value: name } : { type: 'dns', value: name }))));
  }
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial,
    subject: `CN=${request.subject}`,
    issuer: caCert.subject,
    notBefore: new Date(now.getTime() - DAY_MS),
    notAfter,
    signingAlgorithm: ALGORITHM,
    publicKey,
    signingKey: await importSigningKey(ca.key),
    extensions,
  });
  return { cert: cert.toString('pem'), serial: normaliseSerial(serial), subject: request.subject, notAfter };
}

/** The client certificate of an enrolled PC: CN node-<n>. */
export const clientSubject = (nodeId: number): string => `node-${nodeId}`;

export function issueClientCert(ca: HubCa, nodeId: number, now?: Date): Promise<Issued> {
  return issue(ca, { subject: clientSubject(nodeId), usage: 'client', ...(now ? { now } : {}) });
}

/**
 * The client certificate of an enrolled PC for a public key the PC made itself (SPKI PEM, ECDSA
 * P-256, as `setup --join` sends it): the hub never sees that key's private half. Null when the
 * text is not such a key.
 */
export async function certifyClientKey(ca: HubCa, nodeId: number, spkiPem: string, now?: Date): Promise<Omit<Issued, 'key'> | null> {
  const publicKey = p256PublicKey(spkiPem);
  if (!publicKey) return null;
  const der = publicKey.export({ type: 'spki', format: 'der' });
  const key = (await webcrypto.subtle.importKey('spki', der, ALGORITHM, true, ['verify'])) as CryptoKey;
  return sign(ca, { subject: clientSubject(nodeId), usage: 'client', ...(now ? { now } : {}) }, key);
}

/** The key in an SPKI PEM when it is an ECDSA P-256 public key; null otherwise. */
export function p256PublicKey(spkiPem: string): KeyObject | null {
  try {
    const key = createPublicKey({ key: spkiPem, format: 'pem' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? key : null;
  } catch {
    return null;
  }
}

/**
 * The hub's server certificate for `names` (host names and addresses branches dial), kept in
 * `dir` as hub.crt/hub.key and re-issued when the names change or it has under 30 days left.
 */
export async function serverCertificate(ca: HubCa, dir: string, names: readonly string[], now = new Date()): Promise<Pem> {
  const certFile = path.join(dir, 'hub.crt');
  const keyFile = path.join(dir, 'hub.key');
  const wanted = [...new Set(names)].sort();
  if (existsSync(certFile) && existsSync(keyFile)) {
    const cert = readFileSync(certFile, 'utf8');
    const parsed = new x509.X509Certificate(cert);
    const san = parsed.getExtension(x509.SubjectAlternativeNameExtension);
    const has = (san?.names.items ?? []).map((n) => n.value).sort();
    const fresh = parsed.notAfter.getTime() - now.getTime() > RENEW_DAYS * DAY_MS;
    const sameCa = parsed.issuer === new x509.X509Certificate(ca.cert).subject;
    if (fresh && sameCa && JSON.stringify(has) === JSON.stringify(wanted)) return { cert, key: readFileSync(keyFile, 'utf8') };
  }
  const issued = await issue(ca, { subject: wanted[0] ?? 'hub', usage: 'server', names: wanted, now });
  writePrivate(keyFile, issued.key);
  writeFileSync(certFile, issued.cert);
  return { cert: issued.cert, key: issued.key };
}
