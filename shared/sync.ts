/**
 * The sync protocol between a branch node and the head-office hub (issue 15), as zod schemas both
 * sides use: the hub validates with them, the branch's sync worker (a later step) builds its
 * batches with them. A change is one entry of the branch's change journal (the outbox), with its
 * hybrid logical clock time (shared/domain/hlc.ts).
 *
 *   POST /hub/v1/push  PushRequest → PushResponse   one batch of a node's consecutive journal entries
 *   GET  /hub/v1/pull  PullQuery   → PullResponse   what the OTHER nodes changed after a cursor
 *   GET  /hub/v1/join              → JoinInfo       the hub's CA, checked against the join code
 *   POST /hub/v1/join  JoinRequest → JoinResponse   a new PC spends its code (and gets its certificate)
 *   GET  /hub/v1/rows/:table  RowsQuery → RowsResponse   head office reads a synced table's current rows
 *   GET  /hub/v1/order  OrderQuery  → OrderResponse  a branch PC fetches another branch's order it does not hold
 *   POST /hub/v1/snapshot  SnapshotOpen → SnapshotOpened   a joining PC opens a read of the current rows at a mark
 *   GET  /hub/v1/snapshot/:id  SnapshotQuery → SnapshotPage   a page of one table's rows of that read
 *   DELETE /hub/v1/snapshot/:id  SnapshotQuery            the PC has every page: the read is closed
 *
 * A batch is keyed (node, lastSeq, hash): `hash` is the SHA-256 (hex) of batchHashText(), so a
 * resend after a lost answer is recognised and a different batch under the same key refused.
 * This module imports zod only.
 */
import { z } from 'zod';
import { MAX_HLC_NODE, parseHlc, type Hlc } from './domain/hlc.js';

export const SYNC_PATHS = { push: '/hub/v1/push', pull: '/hub/v1/pull', join: '/hub/v1/join', rows: '/hub/v1/rows', order: '/hub/v1/order', snapshot: '/hub/v1/snapshot' } as const;

/** At most this many changes in one pushed batch. */
export const MAX_BATCH_CHANGES = 2000;
export const MAX_PULL_LIMIT = 2000;
export const DEFAULT_PULL_LIMIT = 500;
/** At most this many journal times in a re-key request (a week offline at a busy till is far fewer). */
export const MAX_REKEY_ENTRIES = 500_000;

export const JOURNAL_OPS = ['insert', 'update', 'delete', 'event'] as const;

const nodeId = z.number().int().min(1).max(MAX_HLC_NODE);
const seq = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const rowId = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
/** A journal entry's changed columns: JSON object (column → value), or null. */
const values = z.record(z.string(), z.unknown()).nullable();

export const SyncChange = z.object({
  seq,
  hlc: z.string().refine((text) => parseHlc(text) !== null, 'must be a clock time WWWWWWWWWWWWWWW-CCCCC-NNNNNNN'),
  /** When the change was made at the branch (ISO 8601, as the journal wrote it). */
  at: z.string().min(1).max(40).refine((text) => !Number.isNaN(Date.parse(text)), 'must be a date and time'),
  userId: z.number().int().nullable(),
  branchId: z.number().int().nullable(),
  till: z.string().max(40),
  source: z.string().min(1).max(40),
  tbl: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a table name'),
  rowId: rowId.nullable(),
  rowKey: z.string().max(200).nullable(),
  op: z.enum(JOURNAL_OPS),
  oldValues: values,
  newValues: values,
  /**
   * A declared extension of the protocol (the spec's change has no such member): the branches whose
   * PCs must receive the change, as the writer's PC reads them from its store (sync/audience.ts):
   * an order's booking and collection branches, a branch-owned row's branch, a transfer's two
   * branches; null for everyone (customers, master data…). The hub sends a branch PC only the
   * changes whose audience names one of its branches (hub/store/audience.ts). Absent (a PC older
   * than the member): everyone.
   */
  audience: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).max(64).nullable().optional(),
  /**
   * With the audience: the order the change belongs to (the order, its lines, receipts, returns…),
   * so the hub adds the branches that fetched that order on demand (order_follower) to its audience.
   */
  orderId: rowId.nullable().optional(),
});
export type SyncChange = z.infer<typeof SyncChange>;

export const PushRequest = z
  .object({
    nodeId,
    firstSeq: seq,
    lastSeq: seq,
    hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in lowercase hex'),
    changes: z.array(SyncChange).min(1).max(MAX_BATCH_CHANGES),
  })
  .superRefine((batch, ctx) => {
    if (batch.lastSeq < batch.firstSeq) {
      ctx.addIssue({ code: 'custom', path: ['lastSeq'], message: 'must not be before firstSeq' });
      return;
    }
    if (batch.lastSeq - batch.firstSeq + 1 !== batch.changes.length) {
      ctx.addIssue({ code: 'custom', path: ['changes'], message: `must hold exactly the entries firstSeq..lastSeq (${batch.lastSeq - batch.firstSeq + 1})` });
      return;
    }
    batch.changes.forEach((change, i) => {
      if (change.seq !== batch.firstSeq + i) {
        ctx.addIssue({ code: 'custom', path: ['changes', i, 'seq'], message: `must be ${batch.firstSeq + i}: a batch is consecutive journal entries in order` });
      }
      const hlc = parseHlc(change.hlc);
      if (hlc && hlc.node !== batch.nodeId) {
        ctx.addIssue({ code: 'custom', path: ['changes', i, 'hlc'], message: `must be a time of node ${batch.nodeId}, the sender` });
      }
    });
  });
export type PushRequest = z.infer<typeof PushRequest>;

export const PushResponse = z.object({
  /** The last sequence the hub holds for the node (the batch's lastSeq). */
  acknowledged: seq,
  /** The hub's cursor after the batch's last change. */
  cursor: z.number().int().min(0),
  /** True when this was a resend of a batch already applied (nothing was written). */
  duplicate: z.boolean(),
});
export type PushResponse = z.infer<typeof PushResponse>;

const integerText = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,16}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const PullQuery = z.object({
  nodeId: integerText(1, MAX_HLC_NODE),
  after: integerText(0, Number.MAX_SAFE_INTEGER).default(0),
  limit: integerText(1, MAX_PULL_LIMIT).default(DEFAULT_PULL_LIMIT),
  /**
   * The newest last contact (`seen[].at`) the PC was told of: the last page's `seen` then lists
   * only the nodes that reached the hub after it, and is left out when none did. Without it,
   * every node.
   */
  seenAfter: z.string().datetime().optional(),
  /**
   * A declared extension: where the PC's copy of other branches' stock stands (`levelsNext` of the
   * last answer that carried levels; '' for none yet). A PC that serves some branches is then sent,
   * with the last page, the stock levels of the other branches that changed since (see `levels`).
   */
  levelsAfter: z.string().max(200).optional(),
});
export type PullQuery = z.infer<typeof PullQuery>;

/**
 * Another branch's stock of one item and batch as the hub adds it up from that branch's movements
 * (a branch PC holds only its own branches' movements): on hand, and the expiry its movements last
 * stated, as a PC's own `stock` row keeps them.
 */
export const StockLevel = z.object({
  itemId: z.number().int(),
  branchId: z.number().int(),
  batchNo: z.string(),
  onHand: z.number().int(),
  expiryDate: z.string().nullable(),
});
export type StockLevel = z.infer<typeof StockLevel>;

export const PulledChange = SyncChange.extend({
  /** The hub's order of arrival: pull again after the last one seen. */
  cursor: z.number().int().min(1),
  nodeId,
});
export type PulledChange = z.infer<typeof PulledChange>;

export const PullResponse = z.object({
  changes: z.array(PulledChange),
  /** The cursor to pull after next time (the last change's, or the one asked for). */
  next: z.number().int().min(0),
  /** More changes wait after `next`. */
  more: z.boolean(),
  /**
   * The asking node's last entry the hub holds. A node that counts fewer as sent went back (a
   * restored backup): it must stop before it pulls past what it lost, and be re-keyed.
   */
  held: z.number().int().min(0).optional(),
  /**
   * With the last page: when each node last reached the hub (a push or a pull, the hub's clock).
   * A branch whose PC syncs with nothing new is told from one whose PC is not reaching the hub.
   * With the pull's `seenAfter`: only the nodes that reached the hub since (left out when none).
   */
  seen: z.array(z.object({ nodeId: z.number().int().min(1), at: z.string().datetime() })).optional(),
  /**
   * A declared extension, with the last page to a PC that serves some branches and asked with
   * `levelsAfter`: other branches' stock levels changed since, each standing for every movement up
   * to `next` (never beyond, so the PC holds what its own movements add to them). More may wait
   * (`more` is then true): ask again with `levelsAfter` = `levelsNext`.
   */
  levels: z.array(StockLevel).optional(),
  levelsNext: z.string().max(200).optional(),
});
export type PullResponse = z.infer<typeof PullResponse>;

/*
 * Written-out checks of a pushed batch (at the hub) and a pulled page (at the PC), for the sync's
 * hot paths: zod copies every change and every value of a 2,000-change batch (about 25 ms a batch).
 * Each answers the body itself when the schema takes it exactly as it is, and undefined otherwise:
 * the caller then runs the schema, for its refusal naming the field (or for its copy, when the body
 * holds members the schema leaves out). So what is taken and refused, and how a refusal reads, is
 * the schema's; test/unit/sync-checks.test.ts holds the two to agreeing on good and bad bodies.
 * The checks follow zod 4's own: whole numbers are safe integers, text lengths count code points.
 */

const PUSH_MEMBERS = new Set(['nodeId', 'firstSeq', 'lastSeq', 'hash', 'changes']);
const CHANGE_MEMBERS = new Set(Object.keys(SyncChange.shape));
const PULLED_MEMBERS = new Set(Object.keys(PulledChange.shape));
const PULL_MEMBERS = new Set(Object.keys(PullResponse.shape));
const OPS: ReadonlySet<unknown> = new Set(JOURNAL_OPS);
const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const SeenList = PullResponse.shape.seen;
const SEEN_MEMBERS = new Set(['nodeId', 'at']);
const LEVEL_MEMBERS = new Set(Object.keys(StockLevel.shape));
const levelOk = (level: Record<string, unknown>) =>
  wholeIn(level.itemId, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) &&
  wholeIn(level.branchId, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) &&
  wholeIn(level.onHand, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) &&
  typeof level.batchNo === 'string' &&
  (level.expiryDate === null || typeof level.expiryDate === 'string');

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const wholeIn = (value: unknown, min: number, max: number): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
const wholeOrNull = (value: unknown, min = -Number.MAX_SAFE_INTEGER) => value === null || wholeIn(value, min, Number.MAX_SAFE_INTEGER);

/** Text of at most `max` characters as zod counts them (code points: a surrogate pair is one). */
function textUpTo(value: unknown, max: number): value is string {
  if (typeof value !== 'string') return false;
  if (value.length <= max) return true;
  let count = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    if ((value.charCodeAt(i) & 0xfc00) === 0xd800 && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count <= max;
}

/** A plain object (as JSON.parse makes) of only the given members, each own (zod's copy is a plain object of just those). */
function onlyMembers(value: Record<string, unknown>, members: ReadonlySet<string>): boolean {
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) if (!members.has(key) || !Object.hasOwn(value, key)) return false;
  return true;
}

/**
 * zod's record check (a plain object) of an object as JSON.parse makes it, with no `__proto__`
 * member: zod's copy of any other (an object without a prototype, one with such a member) differs.
 */
function valuesOk(value: unknown): boolean {
  if (value === null) return true;
  if (!isObject(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const made = value.constructor;
  if (made !== undefined && typeof made === 'function') {
    const prototype = (made as { prototype?: unknown }).prototype;
    if (!isObject(prototype) || !Object.hasOwn(prototype, 'isPrototypeOf')) return false;
  }
  return !Object.hasOwn(value, '__proto__');
}

/** The SyncChange schema's checks of one change's members (not which members it has); its clock time parsed, or null. */
function changeOk(change: Record<string, unknown>): Hlc | null {
  const { seq, hlc, at, audience } = change;
  if (!wholeIn(seq, 1, Number.MAX_SAFE_INTEGER) || typeof hlc !== 'string') return null;
  const time = parseHlc(hlc);
  if (time === null) return null;
  if (!textUpTo(at, 40) || at.length === 0 || Number.isNaN(Date.parse(at))) return null;
  if (!wholeOrNull(change.userId, Number.MIN_SAFE_INTEGER) || !wholeOrNull(change.branchId, Number.MIN_SAFE_INTEGER)) return null;
  if (!textUpTo(change.till, 40)) return null;
  const { source, tbl, rowKey } = change;
  if (!textUpTo(source, 40) || source.length === 0) return null;
  if (typeof tbl !== 'string' || !TABLE_NAME.test(tbl)) return null;
  if (!wholeOrNull(change.rowId) || !(rowKey === null || textUpTo(rowKey, 200))) return null;
  if (!OPS.has(change.op) || !valuesOk(change.oldValues) || !valuesOk(change.newValues)) return null;
  if (audience !== undefined && audience !== null) {
    if (!Array.isArray(audience) || audience.length > 64) return null;
    for (const branch of audience) if (!wholeIn(branch, 1, Number.MAX_SAFE_INTEGER)) return null;
  }
  if (change.orderId !== undefined && !wholeOrNull(change.orderId)) return null;
  return time;
}

/** PushRequest's check written out (see above): the body itself, or undefined (ask the schema). */
export function readPushRequest(body: unknown): PushRequest | undefined {
  if (!isObject(body) || !onlyMembers(body, PUSH_MEMBERS)) return undefined;
  const { nodeId, firstSeq, lastSeq, hash, changes } = body;
  if (!wholeIn(nodeId, 1, MAX_HLC_NODE) || !wholeIn(firstSeq, 1, Number.MAX_SAFE_INTEGER) || !wholeIn(lastSeq, 1, Number.MAX_SAFE_INTEGER)) return undefined;
  if (typeof hash !== 'string' || !SHA256_HEX.test(hash)) return undefined;
  if (!Array.isArray(changes) || changes.length < 1 || changes.length > MAX_BATCH_CHANGES) return undefined;
  // The schema's refinement: consecutive entries firstSeq..lastSeq, each a time of the sender.
  if (lastSeq - firstSeq + 1 !== changes.length) return undefined;
  for (let i = 0; i < changes.length; i++) {
    const change: unknown = changes[i];
    if (!isObject(change) || !onlyMembers(change, CHANGE_MEMBERS)) return undefined;
    const time = changeOk(change);
    if (time === null || change.seq !== firstSeq + i || time.node !== nodeId) return undefined;
  }
  return body as PushRequest;
}

/** PullResponse's check written out (see above): the body itself, or undefined (ask the schema). */
export function readPullResponse(body: unknown): PullResponse | undefined {
  if (!isObject(body) || !onlyMembers(body, PULL_MEMBERS)) return undefined;
  const { changes, next, more, held, seen, levels, levelsNext } = body;
  if (!Array.isArray(changes) || !wholeIn(next, 0, Number.MAX_SAFE_INTEGER) || typeof more !== 'boolean') return undefined;
  if (held !== undefined && !wholeIn(held, 0, Number.MAX_SAFE_INTEGER)) return undefined;
  for (const change of changes as unknown[]) {
    if (!isObject(change) || !onlyMembers(change, PULLED_MEMBERS)) return undefined;
    if (changeOk(change) === null || !wholeIn(change.cursor, 1, Number.MAX_SAFE_INTEGER) || !wholeIn(change.nodeId, 1, MAX_HLC_NODE)) return undefined;
  }
  // The last page's few contacts: by the schema, taken when its copy is the list as it is.
  if (seen !== undefined) {
    if (!Array.isArray(seen)) return undefined;
    for (const contact of seen as unknown[]) if (!isObject(contact) || !onlyMembers(contact, SEEN_MEMBERS)) return undefined;
    if (!SeenList.safeParse(seen).success) return undefined;
  }
  if (levelsNext !== undefined && (typeof levelsNext !== 'string' || levelsNext.length > 200)) return undefined;
  if (levels !== undefined) {
    if (!Array.isArray(levels)) return undefined;
    for (const level of levels as unknown[]) if (!isObject(level) || !onlyMembers(level, LEVEL_MEMBERS) || !levelOk(level)) return undefined;
  }
  return body as PullResponse;
}

/**
 * Head office reads a synced table's current rows as the hub holds them (row_state): every
 * branch's, or one branch's (`branch`, the rows' own branch_id), a page in key order after `after`.
 */
export const RowsQuery = z.object({
  /** The asking node: a head-office node (its client certificate, on a hub with mutual TLS). */
  nodeId: integerText(1, MAX_HLC_NODE),
  branch: integerText(1, Number.MAX_SAFE_INTEGER).optional(),
  after: z.string().max(200).default(''),
  limit: integerText(1, MAX_PULL_LIMIT).default(DEFAULT_PULL_LIMIT),
});
export type RowsQuery = z.infer<typeof RowsQuery>;

export const RowsResponse = z.object({
  rows: z.array(
    z.object({
      /** The row id, or a composite key as its JSON array. */
      key: z.string(),
      branchId: z.number().int().nullable(),
      /** Column → value as the PCs' journal writes it (a BLOB as 'hex:…'); a column left out is null. */
      values: z.record(z.string(), z.unknown()),
      /** The hub's cursor of the change that last changed the row. */
      cursor: z.number().int(),
    }),
  ),
  /** The rows are every change up to this cursor, applied. */
  mark: z.number().int().min(0),
  /** Ask again with after = next for the following page; null when this was the last. */
  next: z.string().nullable(),
});
export type RowsResponse = z.infer<typeof RowsResponse>;

/**
 * A branch PC fetches an order it does not hold (another branch's, asked for at its counter): the
 * hub answers the order and its rows (lines, receipts, returns, credit notes, settlement…) as it
 * holds them now, as changes to apply, and sends the PC every later change of that order.
 */
export const OrderQuery = z.object({
  nodeId: integerText(1, MAX_HLC_NODE),
  /** The order's number as printed (AMD1/2026/000123). */
  orderNo: z.string().trim().min(1).max(60),
});
export type OrderQuery = z.infer<typeof OrderQuery>;

export const OrderResponse = z.object({
  /** The order's rows as inserts, the order first; empty when the hub holds no such order. */
  changes: z.array(PulledChange),
});
export type OrderResponse = z.infer<typeof OrderResponse>;

/**
 * What a user's password hash reads at a PC of a branch the user does not work at: the hub sends
 * this instead of the hash (no password verifies against it), so a stolen branch PC gives away
 * only its own branch's users' hashes.
 */
export const HASH_NOT_SENT = 'not-sent:the user does not work at this PC’s branch';

/**
 * A joining PC's snapshot (hub/sync/snapshot.ts): the company's current rows (row_state) as of
 * its mark, all pages of one read, then the PC pulls the changes after the mark as usual.
 */
export const SnapshotOpen = z.object({ nodeId });
export type SnapshotOpen = z.infer<typeof SnapshotOpen>;

export const SnapshotOpened = z.object({
  /** Names the read in the page requests; the hub closes it when the PC is done or idle too long. */
  id: z.string().min(8).max(64),
  /** The rows are every change up to this cursor, applied: the PC pulls after it. */
  mark: z.number().int().min(0),
  /** The latest clock time among the changes up to the mark (null: none): the PC's clock starts after it. */
  clockHigh: z.string().max(40).nullable(),
});
export type SnapshotOpened = z.infer<typeof SnapshotOpened>;

export const MAX_SNAPSHOT_LIMIT = 20_000;
export const DEFAULT_SNAPSHOT_LIMIT = 5_000;

export const SnapshotQuery = z.object({
  nodeId: integerText(1, MAX_HLC_NODE),
  table: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a table name').optional(),
  after: z.string().max(200).default(''),
  limit: integerText(1, MAX_SNAPSHOT_LIMIT).default(DEFAULT_SNAPSHOT_LIMIT),
});
export type SnapshotQuery = z.infer<typeof SnapshotQuery>;

export const SnapshotRow = z.object({
  /** The row id as text, or a composite key as its JSON array (as row_state keys it). */
  key: z.string(),
  /** Column → value as the PCs' journal writes it; null: the row was deleted (only its clock times travel). */
  values: z.record(z.string(), z.unknown()).nullable(),
  /** Column → the clock time that last won it; '*' an examination's time (on its header row). */
  colHlc: z.record(z.string(), z.string()),
  /** The cursor and node of the change that last wrote the row (a row kept out at the PC is noted with them). */
  cursor: z.number().int().optional(),
  nodeId: z.number().int().optional(),
});
export type SnapshotRow = z.infer<typeof SnapshotRow>;

export const SnapshotPage = z.object({
  rows: z.array(SnapshotRow),
  /** Ask again with after = next for the table's following page; null when this was its last. */
  next: z.string().nullable(),
});
export type SnapshotPage = z.infer<typeof SnapshotPage>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isWhole = (value: unknown) => value === undefined || Number.isInteger(value);

/**
 * SnapshotPage's check, written out for the join's hot path: it accepts and refuses exactly what
 * the schema does (test/unit/snapshot-page.test.ts), without copying each row as zod does (a page
 * of 5,000 rows: about 60 ms with the schema, 1 ms here; a 1M-order company has thousands).
 * Answers the body itself.
 */
export function readSnapshotPage(body: unknown): SnapshotPage {
  const refuse = (where: string): never => {
    throw new Error(`The hub's snapshot page is not as expected at ${where}`);
  };
  if (!isRecord(body) || !Array.isArray(body.rows)) return refuse('rows');
  if (body.next !== null && typeof body.next !== 'string') refuse('next');
  const rows = body.rows as unknown[];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!isRecord(row) || typeof row.key !== 'string') return refuse(`rows.${i}.key`);
    if (row.values !== null && !isRecord(row.values)) refuse(`rows.${i}.values`);
    if (!isRecord(row.colHlc)) return refuse(`rows.${i}.colHlc`);
    for (const hlc of Object.values(row.colHlc)) if (typeof hlc !== 'string') refuse(`rows.${i}.colHlc`);
    if (!isWhole(row.cursor) || !isWhole(row.nodeId)) refuse(`rows.${i}.cursor`);
  }
  return body as SnapshotPage;
}

/** A new PC joins the company with a one-time code head office made (`npm run hub -- join-code NAME`). */
export const JoinRequest = z.object({
  code: z.string().min(4).max(40),
  /**
   * Re-keying a PC whose store went back (a restored backup): the code's new node replaces
   * `nodeId`. `hlcs` are the PC's journal times for its entries after `after` (the last one the hub
   * acknowledged to it), in order, as it would send them: the hub keeps the PC's entries up to the
   * last one it holds with the same time, and the new node goes on from there.
   */
  rekey: z
    .object({
      nodeId,
      after: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      hlcs: z.array(z.string().max(40)).max(MAX_REKEY_ENTRIES),
      /** The cursor the PC has pulled up to: the log must still hold what comes after it. */
      pulled: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    })
    .optional(),
  /**
   * On a hub with its own CA: the PC's public key (SPKI PEM, ECDSA P-256) made on the PC, whose
   * private key never leaves it; the hub answers a client certificate for it.
   */
  publicKey: z.string().min(100).max(1000).optional(),
  /** The PC proves it holds that key: its signature (base64, ECDSA SHA-256) over joinProofText(code). */
  proof: z.string().min(16).max(200).optional(),
});
export type JoinRequest = z.infer<typeof JoinRequest>;

/** GET /hub/v1/join: what a PC checks before it sends its code, the hub's CA (null: no CA, plain HTTP). */
export const JoinInfo = z.object({ caCertificate: z.string().nullable() });
export type JoinInfo = z.infer<typeof JoinInfo>;

/**
 * A join code as head office reads it out: the one-time secret (12 letters and digits), then on a
 * hub with its own CA the first 16 hex digits of the SHA-256 of the hub's CA certificate, so the
 * PC can tell it reached the hub the code was made for before it sends the secret:
 * `ABCD-EFGH-JKLM-9F3A-0C21-77B4-E5D0`. Spaces, dashes and case do not matter.
 */
export const JOIN_FINGERPRINT_DIGITS = 16;

export function formatJoinCode(secret: string, caFingerprint?: string | null): string {
  const groups = (text: string) => text.match(/.{1,4}/g)!.join('-');
  const tail = caFingerprint ? `-${groups(caFingerprint.replace(/:/g, '').slice(0, JOIN_FINGERPRINT_DIGITS).toUpperCase())}` : '';
  return `${groups(secret)}${tail}`;
}

/** The code's secret (what the hub keeps the hash of) and the CA fingerprint it carries, if any (lower-case hex). */
export function parseJoinCode(text: string): { secret: string; caFingerprint: string | null } {
  const flat = text.replace(/[\s-]/g, '').toUpperCase();
  const cut = flat.length - JOIN_FINGERPRINT_DIGITS;
  if (cut >= 12 && /^[0-9A-F]+$/.test(flat.slice(cut))) return { secret: flat.slice(0, cut), caFingerprint: flat.slice(cut).toLowerCase() };
  return { secret: flat, caFingerprint: null };
}

/** Whether a CA fingerprint (full SHA-256 hex, with or without colons) is the one a join code carries. */
export const fingerprintMatches = (full: string, short: string): boolean => full.replace(/:/g, '').toLowerCase().startsWith(short.toLowerCase());

/** What a PC signs with its new key when it joins: bound to the code, so the signature is good for that join only. */
export const joinProofText = (secret: string): string => `optical-pos-join:${parseJoinCode(secret).secret}`;

export const JoinResponse = z.object({
  /** The PC's node number: part of every row id it mints and of its clock times. */
  nodeId,
  /** The name head office gave the PC. */
  name: z.string(),
  /** The company's installation secret (base64), so ENC ids read the same on every PC. */
  installationSecret: z.string().min(1),
  /** The nodes whose master data (items, prices, users, settings…) this PC accepts. */
  headOffice: z.array(nodeId).min(1),
  /** For a re-key: the node replaced and its last entry the hub keeps as the PC's (the new node sends after it). */
  rekey: z.object({ replaced: nodeId, commonSeq: z.number().int().min(0) }).optional(),
  /** For a `publicKey` on a hub with its own CA: the PC's client certificate (PEM) and the hub's CA certificate. */
  certificate: z.string().optional(),
  caCertificate: z.string().optional(),
});
export type JoinResponse = z.infer<typeof JoinResponse>;

/**
 * The text a batch's hash is taken over: the node, the range and the changes as canonical JSON
 * (object keys sorted at every level), so both sides hash the same bytes whatever order a
 * serialiser wrote the keys in. Both sides run it over every change of every batch: a change of
 * the usual shape (its thirteen members, or fifteen with audience and order, flat values) is
 * copied into an object whose members, and its values' columns, are in sorted order, and written
 * by one JSON.stringify: the same bytes as canonicalJson() at a quarter of the cost of writing it
 * out member by member (test/unit/sync-checks.test.ts pins the hash of a fixed batch, and
 * test/hub/push.test.ts compares the text with canonicalJson()).
 */
export function batchHashText(batch: Pick<PushRequest, 'nodeId' | 'firstSeq' | 'lastSeq' | 'changes'>): string {
  const parts: string[] = [];
  for (const change of batch.changes) parts.push(changeJson(change) ?? canonicalJson(change));
  return `{"changes":[${parts.join(',')}],"firstSeq":${canonicalJson(batch.firstSeq)},"lastSeq":${canonicalJson(batch.lastSeq)},"nodeId":${canonicalJson(batch.nodeId)}}`;
}

/** A SyncChange's members in canonical (sorted) order: without, and with, its audience and order. */
const CHANGE_KEYS = ['at', 'branchId', 'hlc', 'newValues', 'oldValues', 'op', 'rowId', 'rowKey', 'seq', 'source', 'tbl', 'till', 'userId'] as const;
const AUDIENCE_KEYS = ['at', 'audience', 'branchId', 'hlc', 'newValues', 'oldValues', 'op', 'orderId', 'rowId', 'rowKey', 'seq', 'source', 'tbl', 'till', 'userId'] as const;

/** A member JSON.stringify writes as canonicalJson does: text, a number, true/false or null. */
const isScalar = (item: unknown) => item === null || typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean';

/** canonicalJson(change) for a change with exactly CHANGE_KEYS (or AUDIENCE_KEYS) and flat values; null for any other. */
function changeJson(change: SyncChange): string | null {
  const record = change as unknown as Record<string, unknown>;
  const count = Object.keys(record).length;
  const order = count === CHANGE_KEYS.length ? CHANGE_KEYS : count === AUDIENCE_KEYS.length ? AUDIENCE_KEYS : null;
  if (order === null) return null;
  for (const key of order) if (!Object.hasOwn(record, key)) return null;
  const { at, branchId, hlc, op, rowId, rowKey, seq, source, tbl, till, userId } = change;
  if (!isScalar(at) || !isScalar(branchId) || !isScalar(hlc) || !isScalar(op) || !isScalar(rowId) || !isScalar(rowKey) || !isScalar(seq)) return null;
  if (!isScalar(source) || !isScalar(tbl) || !isScalar(till) || !isScalar(userId)) return null;
  const table = typeof tbl === 'string' ? tbl : '';
  const newValues = sortedValues(table, change.newValues);
  const oldValues = sortedValues(table, change.oldValues);
  if (newValues === undefined || oldValues === undefined) return null;
  // Members in sorted order, written in that order by JSON.stringify.
  if (order === CHANGE_KEYS) return JSON.stringify({ at, branchId, hlc, newValues, oldValues, op, rowId, rowKey, seq, source, tbl, till, userId });
  const { audience, orderId } = change;
  if (!isScalar(orderId) || !(audience === null || (Array.isArray(audience) && audience.every((n) => typeof n === 'number')))) return null;
  return JSON.stringify({ at, audience, branchId, hlc, newValues, oldValues, op, orderId, rowId, rowKey, seq, source, tbl, till, userId });
}

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * Per table, the lists of column names its changes' values were seen with (the journal's order)
 * and each sorted (null: a column is named like an array index, which JSON.stringify would write
 * first, or `__proto__`, which an object built member by member would not hold as its own). A batch's thousands of values share a few such lists: each is sorted once, and found
 * again by comparing names, without building a key for a map.
 */
const KEY_ORDERS = new Map<string, Array<{ keys: readonly string[]; sorted: readonly string[] | null }>>();
const MAX_KEY_ORDERS = 64;

function sortedKeys(table: string, keys: readonly string[]): readonly string[] | null {
  let seen = KEY_ORDERS.get(table);
  if (seen === undefined) {
    seen = [];
    if (KEY_ORDERS.size < 10_000) KEY_ORDERS.set(table, seen);
  }
  next: for (const known of seen) {
    if (known.keys.length !== keys.length) continue;
    for (let i = 0; i < keys.length; i++) if (known.keys[i] !== keys[i]) continue next;
    return known.sorted;
  }
  const sorted = keys.some((key) => ARRAY_INDEX.test(key) || key === '__proto__') ? null : [...keys].sort();
  if (seen.length < MAX_KEY_ORDERS) seen.push({ keys, sorted });
  return sorted;
}

/**
 * A change's values with their columns in sorted order, when every value is a string, number,
 * boolean or null and no column is named like an array index: JSON.stringify then writes them as
 * canonicalJson() does. Null stays null; undefined for values of any other kind.
 */
function sortedValues(table: string, values: unknown): Record<string, unknown> | null | undefined {
  if (values === null) return null;
  if (typeof values !== 'object' || Array.isArray(values)) return undefined;
  const record = values as Record<string, unknown>;
  const order = sortedKeys(table, Object.keys(record));
  if (order === null) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of order) {
    const item = record[key];
    if (!isScalar(item)) return undefined;
    out[key] = item;
  }
  return out;
}

/** JSON with object keys sorted, undefined members left out as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}
