/**
 * One record per person across a chain's branches: likely-duplicate pairs, merging one customer
 * into another field by field, and undoing a merge (declared extensions).
 */
import { z } from 'zod';
import { bounded, textField } from '../contract/lengths.js';

/** The fields a merge chooses between, each the survivor's or the merged-away record's. */
export const MERGE_FIELDS = ['name', 'birthDate', 'gender', 'mobile', 'phone', 'email', 'address', 'marriage', 'remarks', 'taxNo', 'bloodGroup'] as const;
export const MergeField = z.enum(MERGE_FIELDS);
export type MergeField = z.infer<typeof MergeField>;

/** Words for each field, as the screen and the refusals name them. */
export const MERGE_FIELD_NAMES: Record<MergeField, string> = {
  name: 'Name',
  birthDate: 'Birth date',
  gender: 'Gender',
  mobile: 'Mobile',
  phone: 'Phone',
  email: 'E-mail',
  address: 'Address',
  marriage: 'Marriage',
  remarks: 'Remarks',
  taxNo: 'GSTIN / tax no.',
  bloodGroup: 'Blood group',
};

export const DuplicateReason = z.enum(['mobile', 'email', 'name_birth_date', 'similar_name']);
export type DuplicateReason = z.infer<typeof DuplicateReason>;
export const DUPLICATE_REASON_NAMES: Record<DuplicateReason, string> = {
  mobile: 'Same mobile',
  email: 'Same e-mail',
  name_birth_date: 'Same name and birth date',
  similar_name: 'Similar name',
};

/** One record as the side-by-side view shows it: each field in words, and its history's size. */
export const MergeSide = z.object({
  customerID: z.string(),
  branch: z.string(),
  createdDate: z.string(),
  fields: z.record(MergeField, z.string().nullable()),
  history: z.object({
    orders: z.number().int(),
    prescriptions: z.number().int(),
    receipts: z.number().int(),
    creditNotes: z.number().int(),
    recalls: z.number().int(),
    returns: z.number().int(),
  }),
});
export type MergeSide = z.infer<typeof MergeSide>;

export const DuplicatePair = z.object({ a: MergeSide, b: MergeSide, reasons: z.array(DuplicateReason) });
export type DuplicatePair = z.infer<typeof DuplicatePair>;

export const DuplicateList = z.object({ pairs: z.array(DuplicatePair) });
export type DuplicateList = z.infer<typeof DuplicateList>;

export const MergeRequest = z.object({
  /** The record that stays. */
  survivorCustomerId: bounded('id'),
  /** The record merged into it: its history moves, its ENC id opens the survivor from now on. */
  mergedCustomerId: bounded('id'),
  /** Per field, whose value stays; a field left out keeps the survivor's. */
  keep: z
    .object(Object.fromEntries(MERGE_FIELDS.map((f) => [f, z.enum(['survivor', 'merged']).optional()])) as Record<MergeField, z.ZodOptional<z.ZodEnum<{ survivor: 'survivor'; merged: 'merged' }>>>)
    .optional(),
});
export type MergeRequest = z.infer<typeof MergeRequest>;

export const MergeResult = z.object({
  mergeId: z.string(),
  survivorCustomerId: z.string(),
  /** Rows that now name the survivor: orders, prescriptions, receipts, credit notes, recalls … */
  moved: z.number().int(),
});
export type MergeResult = z.infer<typeof MergeResult>;

export const UndoMergeRequest = z.object({ mergeId: bounded('id') });
export type UndoMergeRequest = z.infer<typeof UndoMergeRequest>;

export const UndoMergeResult = z.object({ survivorCustomerId: z.string(), mergedCustomerId: z.string(), movedBack: z.number().int() });
export type UndoMergeResult = z.infer<typeof UndoMergeResult>;

export const MergeListItem = z.object({
  mergeId: z.string(),
  survivorCustomerId: z.string(),
  survivorName: z.string(),
  mergedName: z.string(),
  branch: z.string(),
  by: z.string(),
  at: z.string(),
  undoneAt: z.string().nullable(),
  /** Why it can no longer be undone here, in words; null when it can. */
  undoBlocked: z.string().nullable(),
});
export type MergeListItem = z.infer<typeof MergeListItem>;

export const MergeList = z.object({ merges: z.array(MergeListItem) });
export type MergeList = z.infer<typeof MergeList>;

/** "Not the same person": a proposed pair a manager says are two people, left out of the pairs at every PC. */
export const NotSameRequest = z.object({ customerAId: bounded('id'), customerBId: bounded('id') });
export type NotSameRequest = z.infer<typeof NotSameRequest>;

export const NotSameResult = z.object({ notSameId: z.string() });
export type NotSameResult = z.infer<typeof NotSameResult>;

export const UndoNotSameRequest = z.object({ notSameId: bounded('id') });
export type UndoNotSameRequest = z.infer<typeof UndoNotSameRequest>;

export const NotSameItem = z.object({
  notSameId: z.string(),
  /** The two records, each "name · branch". */
  one: z.string(),
  other: z.string(),
  /** Where it was said, and by whom. */
  branch: z.string(),
  by: z.string(),
  at: z.string(),
  undoneAt: z.string().nullable(),
  /** Why it cannot be undone here, in words; null when it can. */
  undoBlocked: z.string().nullable(),
});
export type NotSameItem = z.infer<typeof NotSameItem>;

export const NotSameList = z.object({ marks: z.array(NotSameItem) });
export type NotSameList = z.infer<typeof NotSameList>;

/** The counter's check before a new customer is saved (the customer form, Quick sale's new customer). */
export const LikelySameRequest = z.object({
  firstName: bounded('name'),
  lastName: bounded('name'),
  mobile: bounded('phone').nullish(),
  email: textField('email'),
  birthDate: bounded('date').nullish(),
});
export type LikelySameRequest = z.infer<typeof LikelySameRequest>;

export const LikelySameMatch = z.object({
  customerID: z.string(),
  name: z.string(),
  /** As this user may see it (masked for a role that must not). */
  mobile: z.string().nullable(),
  branch: z.string(),
  reasons: z.array(DuplicateReason),
});
export type LikelySameMatch = z.infer<typeof LikelySameMatch>;

export const LikelySameResult = z.object({ matches: z.array(LikelySameMatch) });
export type LikelySameResult = z.infer<typeof LikelySameResult>;
