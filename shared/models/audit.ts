/**
 * The change journal as people read it (issue 14): an order's history on its page, and the
 * manager's Audit screen. Declared extensions: the spec has no journal.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';

export const JOURNAL_OPS = ['insert', 'update', 'delete', 'event'] as const;

/** One column of a change, its value before and after as the screen shows it. */
export const JournalChange = z.object({
  column: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

export const AuditEntry = z.object({
  seq: z.number().int(),
  /** ISO instant. */
  at: z.string(),
  /** Who: null for the system (a migration, the setup). */
  userName: z.string().nullable(),
  branchName: z.string().nullable(),
  till: z.string(),
  /** app | setup | seed | migration | cli | system */
  source: z.string(),
  /** The table changed, or the kind of event (sign_in, sign_in_failed, backup …). */
  table: z.string(),
  /** The record's ENC id where it has one. */
  recordId: z.string().nullable(),
  op: z.enum(JOURNAL_OPS),
  /** One line in words: "Order SO/25-26/0001 changed: status Ordered → In lab". */
  what: z.string(),
  changes: z.array(JournalChange),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditSearchRequest = z.object({
  /** ENC user id. */
  userId: bounded('search').trim().optional(),
  /** Or the user's sign-in name, as the screen types it. */
  userName: bounded('search').trim().optional(),
  /** Days on the store's calendar, YYYY-MM-DD, both included. */
  fromDate: bounded('date').trim().optional(),
  toDate: bounded('date').trim().optional(),
  /** A table (sales_order, receipt …) or an event kind (sign_in …). */
  table: bounded('name').trim().optional(),
  /** The record's ENC id; needs `table`. */
  recordId: bounded('search').trim().optional(),
  op: z.enum(JOURNAL_OPS).optional(),
  /** The `next` of the page before: entries older than it. */
  before: z.number().int().min(1).optional(),
  pageSize: z.number().int().min(1).max(200).optional(),
});

export const AuditSearchResponse = z.object({
  data: z.array(AuditEntry),
  /** Pass as `before` for the next (older) page; null at the end. */
  next: z.number().int().nullable(),
});

export const OrderHistoryEntry = z.object({
  at: z.string(),
  userName: z.string().nullable(),
  till: z.string(),
  /** "Status: Ordered → In lab", "Receipt R/25-26/0003 for ₹500.00 (Cash)", "Cancelled: Customer changed mind" … */
  what: z.string(),
});

export const OrderHistoryResponse = z.object({ data: z.array(OrderHistoryEntry) });
