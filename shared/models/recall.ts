/** The recall list (issue 16): customers due for their eye check-up, and the calls made to them. */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { noutStr } from '../contract/primitives.js';

/** What came of a call: the customer was reached, booked a visit, or does not want one. */
export const RECALL_OUTCOMES = ['contacted', 'booked', 'notInterested'] as const;
export type RecallOutcome = (typeof RECALL_OUTCOMES)[number];
export const RECALL_OUTCOME_NAMES: Record<RecallOutcome, string> = {
  contacted: 'Contacted',
  booked: 'Booked',
  notInterested: 'Not interested',
};

export const RecallListRequest = z.object({
  from: bounded('date').describe('First recall date of the range (yyyy-mm-dd), inclusive.'),
  to: bounded('date').describe('Last recall date of the range (yyyy-mm-dd), inclusive; at most a year after from.'),
  status: z.enum(['open', 'all']).nullish().describe('open (default): recalls nobody has marked yet; all: marked ones too.'),
  after: bounded('id').nullish().describe('Keyset paging: the nextPage the previous page answered.'),
  pageSize: z.number().int().min(1).max(200).nullish().describe('Rows per page, 50 unless given.'),
});
export type RecallListRequest = z.infer<typeof RecallListRequest>;

export const RecallListItem = z.object({
  recallID: z.string(),
  customerID: z.string(),
  customerName: z.string(),
  mobile: noutStr(),
  recallDate: z.string(),
  lastVisit: noutStr().describe('The date of the customer’s newest current examination.'),
  lastRx: noutStr().describe('Its figures in short: "R -1.50 / -0.75 × 90, L -1.25" (distance first).'),
  lastRxID: noutStr().describe('That examination (ENC id), to open it.'),
  outcome: z.enum(RECALL_OUTCOMES).nullable().describe('The latest mark, null when nobody has called yet.'),
  ...{ outcomeNote: noutStr(), markedBy: noutStr(), markedAt: noutStr() },
});
export type RecallListItem = z.infer<typeof RecallListItem>;

export const RecallListResult = z.object({
  rows: z.array(RecallListItem),
  nextPage: noutStr().describe('Pass as after for the next page; null on the last page.'),
});
export type RecallListResult = z.infer<typeof RecallListResult>;

export const RecallMarkRequest = z.object({
  recallID: bounded('id').describe('The recall (ENC id) as the list answers it.'),
  outcome: bounded('name').describe(`One of ${RECALL_OUTCOMES.join(', ')}.`),
  note: bounded('remarks').nullish().describe('What was said (optional, at most 500 characters).'),
});
export type RecallMarkRequest = z.infer<typeof RecallMarkRequest>;

export const RecallMarkResult = z.object({
  message: z.string(),
  outcome: z.enum(RECALL_OUTCOMES),
  markedBy: z.string(),
  markedAt: z.string(),
});
export type RecallMarkResult = z.infer<typeof RecallMarkResult>;
