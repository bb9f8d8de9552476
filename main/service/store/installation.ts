/**
 * The installation's identity: its node number (for ids) and its secret (for ENC ids; tokens are signed
 * with auth/token-key.ts's key, kept outside the store), in the `setting` table so a backup restores both.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { journalClock } from '../db/journal.js';
import { settings } from './setting.js';

export interface Installation {
  node: number;
  cipherKey: Buffer;
  macKey: Buffer;
}

function derive(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `optical-pos ${purpose}`, 32));
}

/** Reads the installation, creating its secret on first use. */
export function loadInstallation(db: Db, defaultNode = 1): Installation {
  const store = settings(db);
  let secretText = store.get('installation_secret');
  if (!secretText) {
    secretText = randomBytes(32).toString('base64');
    store.set('installation_secret', secretText);
  }
  let nodeText = store.get('node');
  if (!nodeText) {
    nodeText = String(defaultNode);
    store.set('node', nodeText);
  }
  // The journal's clock names this node in every time it gives (db/journal.ts).
  journalClock(db).setNode(Number(nodeText));
  const secret = Buffer.from(secretText, 'base64');
  return {
    node: Number(nodeText),
    cipherKey: derive(secret, 'enc-id cipher'),
    macKey: derive(secret, 'enc-id mac'),
  };
}
