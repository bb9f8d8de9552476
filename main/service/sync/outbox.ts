/**
 * The next batch to push (issue 15): this node's journal entries after the one the hub has
 * acknowledged, consecutive, as shared/sync.ts PushRequest with its hash. The batch is kept in
 * sync_state until the hub acknowledges it, so a resend after a lost answer (or a kill) sends the
 * very same bytes and the hub recognises it instead of seeing a different batch under its key.
 *
 * What leaves the PC differs from the journal in two places: a local table's entry goes without
 * its values (the hub needs every sequence number, nobody needs the values), and a user's password
 * hash, hidden in the journal, travels as the user's current hash so users sign in at every till
 * of their branches (the hub passes it on only to those: hub/store/audience.ts). Each change also
 * carries its audience, the branches whose PCs must receive it (sync/audience.ts).
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import { HIDDEN } from '../db/journal.js';
import { syncStore, type OutboxRow } from '../store/sync.js';
import { audienceReader, type AudienceReader } from './audience.js';
import { formatHlc, parseHlc } from '../../../shared/domain/hlc.js';
import { batchHashText, MAX_BATCH_CHANGES, PushRequest, readPushRequest, type SyncChange } from '../../../shared/sync.js';
import { classOf } from '../../../shared/sync-rules.js';
import { extend } from '../../../shared/extend.js';

/**
 * Entries in one batch: as many as the hub takes. Each batch costs a round trip, a PostgreSQL
 * transaction at the hub and two commits here (the batch kept, then acknowledged), so fewer,
 * larger batches are what lets a PC catch up after days offline at tens of thousands a second.
 */
export const PUSH_BATCH = MAX_BATCH_CHANGES;

/** A batch to push and its JSON, the very text kept in sync_state.pending_batch (the request's body). */
export interface OutgoingBatch {
  batch: PushRequest;
  body: string;
}

export function nextBatch(db: Db, nodeId: number, limit = PUSH_BATCH): OutgoingBatch | null {
  const store = syncStore(db);
  const state = store.state();
  if (state.pending_batch) {
    const json: unknown = JSON.parse(state.pending_batch);
    const pending = readPushRequest(json) ?? PushRequest.safeParse(json).data;
    if (pending && pending.firstSeq === state.acked_seq + 1 && pending.nodeId === nodeId) return { batch: pending, body: state.pending_batch };
  }
  const next = batchAfter(db, nodeId, state.acked_seq, limit);
  if (next) store.setState({ pending_batch: next.body });
  return next;
}

/**
 * The batch of the entries after `afterSeq`, not kept: the worker reads the next one while the one
 * before it travels, and keeps it as the pending batch when that one is acknowledged.
 */
export function batchAfter(db: Db, nodeId: number, afterSeq: number, limit = PUSH_BATCH): OutgoingBatch | null {
  const rows = syncStore(db).outbox(afterSeq, Math.min(limit, MAX_BATCH_CHANGES));
  if (rows.length === 0) return null;
  const audienceOf = audienceReader(db);
  audienceOf.readAhead(rows.map((row) => ({ tbl: row.tbl, rowId: row.row_id })));
  const changes = rows.map((row) => toChange(db, row, nodeId, audienceOf));
  const content = { nodeId, firstSeq: rows[0]!.seq, lastSeq: rows.at(-1)!.seq, changes };
  const batch: PushRequest = extend(content, { hash: createHash('sha256').update(batchHashText(content)).digest('hex') });
  return { batch, body: JSON.stringify(batch) };
}

function toChange(db: Db, row: OutboxRow, nodeId: number, audienceOf: AudienceReader): SyncChange {
  const local = classOf(row.tbl) === 'local';
  const newValues = local || row.new_values === null ? null : (JSON.parse(row.new_values) as Record<string, unknown>);
  if (row.tbl === 'app_user' && newValues?.password_hash === HIDDEN && row.row_id !== null) {
    newValues.password_hash = syncStore(db).passwordHash(row.row_id);
  }
  const oldValues = local || row.old_values === null ? null : (JSON.parse(row.old_values) as Record<string, unknown>);
  const { audience, orderId } = audienceOf({ tbl: row.tbl, rowId: row.row_id, oldValues, newValues });
  return {
    seq: row.seq,
    hlc: asSender(row.hlc, nodeId),
    at: row.at,
    userId: row.user_id,
    branchId: row.branch_id,
    till: row.till,
    source: row.source,
    tbl: row.tbl,
    rowId: row.row_id,
    rowKey: row.row_key,
    op: row.op,
    oldValues,
    newValues,
    audience,
    orderId,
  };
}

/**
 * A time names its sender: entries written before this PC knew its node number (the migrations
 * and settings of a store being joined) were stamped with node 1, and are sent as this node's.
 */
export function asSender(hlc: string, nodeId: number): string {
  const parsed = parseHlc(hlc);
  return parsed && parsed.node !== nodeId ? formatHlc(extend(parsed, { node: nodeId })) : hlc;
}
