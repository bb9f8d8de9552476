/**
 * The installation's identity: its node number (for ids), its till code (in its document numbers,
 * issue 15) and its secret (for ENC ids; tokens are signed with auth/token-key.ts's key, kept
 * outside the store), in the `setting` table so a backup restores them.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { journalClock } from '../db/journal.js';
import { settings } from './setting.js';

export interface Installation {
  node: number;
  /** 1–3 letters or digits, unique among the tills of a branch: in every number this till issues. */
  tillCode: string;
  cipherKey: Buffer;
  macKey: Buffer;
}

function derive(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `optical-pos ${purpose}`, 32));
}

/** A till code as the numbers carry it: 1–3 capital letters or digits. */
export const TILL_CODE = /^[A-Z0-9]{1,3}$/;
const LARGEST_DEFAULT = 36 ** 3 - 1;

/** The till code a node has unless setup gave it another: the node number in base 36 (1 → '1', 10 → 'A'). */
export function defaultTillCode(node: number): string {
  if (!Number.isInteger(node) || node < 1 || node > LARGEST_DEFAULT) {
    throw new RangeError(`Node ${node} has no default till code (three characters reach node ${LARGEST_DEFAULT}); give one with --till-code`);
  }
  return node.toString(36).toUpperCase();
}

/** Reads a till code as typed (case-insensitive); throws RangeError, naming the rule, if it is not one. */
export function tillCodeOf(text: string): string {
  const code = text.trim().toUpperCase();
  if (!TILL_CODE.test(code)) throw new RangeError(`A till code is 1 to 3 letters or digits, got "${text}"`);
  return code;
}

/** Reads the installation, creating its secret, node and till code on first use. */
export function loadInstallation(db: Db, defaultNode = 1, defaultTill?: string): Installation {
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
  let tillCode = store.get('till_code');
  if (!tillCode) {
    tillCode = defaultTill === undefined ? defaultTillCode(Number(nodeText)) : tillCodeOf(defaultTill);
    store.set('till_code', tillCode);
  }
  // The journal's clock names this node in every time it gives (db/journal.ts).
  journalClock(db).setNode(Number(nodeText));
  const secret = Buffer.from(secretText, 'base64');
  return {
    node: Number(nodeText),
    tillCode,
    cipherKey: derive(secret, 'enc-id cipher'),
    macKey: derive(secret, 'enc-id mac'),
  };
}
