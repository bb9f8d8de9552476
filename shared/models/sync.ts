/** Branch sync (issue 15, declared extensions): what the sync chip in the top bar shows. */
import { z } from 'zod';

export const SyncDeadLetter = z.object({
  /** The hub's cursor of the change, the node and entry it came from. */
  cursor: z.number(),
  nodeId: z.number(),
  seq: z.number(),
  table: z.string(),
  op: z.string(),
  reason: z.string(),
  at: z.string(),
});
export type SyncDeadLetter = z.infer<typeof SyncDeadLetter>;

export const SyncStatus = z.object({
  /** False when this PC has no hub (POS_HUB_URL unset): the chip is not shown. */
  configured: z.boolean(),
  /** The last round reached the hub. */
  online: z.boolean(),
  /** This PC's changes the hub has not acknowledged yet. */
  waiting: z.number(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Set when the hub refused this PC for good (a rewound store): sync does not run until it is re-keyed. */
  stopped: z.string().nullable(),
  deadLetterCount: z.number(),
  /** The newest dead letters (at most 50). */
  deadLetters: z.array(SyncDeadLetter),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

export const SyncNowRequest = z.object({});
