/**
 * One record per person across a chain's branches: declared extensions, as the spec has no
 * merging of customers (only a duplicate check before one is created).
 */
import { endpoint } from '../contract/endpoint.js';
import { CLINICAL_ROLES, MANAGERS } from '../contract/roles.js';
import {
  DuplicateList,
  LikelySameRequest,
  LikelySameResult,
  MergeList,
  MergeRequest,
  MergeResult,
  NotSameList,
  NotSameRequest,
  NotSameResult,
  UndoMergeRequest,
  UndoMergeResult,
  UndoNotSameRequest,
} from '../models/customer-merge.js';

const group = 'Customer Merge';

const ONE_RECORD =
  'A chain registers one person at several branches: the spec can warn before a duplicate is created but cannot join two records, so a manager finds likely duplicates, merges them field by field (every order, prescription, receipt, credit note, recall and return moves to the kept record) and can undo it; the merge syncs as one operation.';

const NOT_SAME =
  'The likely-duplicate pairs are proposals: two people may share a mobile (a family) or a name. Without a way to say "not the same person" the pair is proposed again at every PC for ever, so a manager marks it (a branch’s fact that syncs, undoable at that branch).';

export const CustomerMerge = {
  candidates: endpoint({
    group,
    name: 'CustomerMerge.candidates',
    method: 'GET',
    path: '/api/customer-merge/candidates',
    summary: 'Pairs of the company’s customers that may be one person (same mobile, same name and birth date, or a similar name), both records side by side.',
    response: DuplicateList,
    auth: MANAGERS,
    extension: ONE_RECORD,
    note: 'Strongest first, at most 200 pairs; customers are the company’s, shared by its branches.',
  }),
  likelySame: endpoint({
    group,
    name: 'CustomerMerge.likelySame',
    method: 'POST',
    path: '/api/customer-merge/likely-same',
    summary: 'Before a new customer is saved: who of the company (any branch) may be the same person, with their branch.',
    body: LikelySameRequest,
    response: LikelySameResult,
    auth: CLINICAL_ROLES,
    extension: ONE_RECORD,
    note: 'The same rules as the candidates: same mobile, same name and birth date, a similar name (case, spaces, doubled letters, ee/i, an initial); two different birth dates are two people. At most five, strongest first.',
  }),
  merge: endpoint({
    group,
    name: 'CustomerMerge.merge',
    method: 'POST',
    path: '/api/customer-merge/merge',
    summary: 'Merges one customer into another: the chosen fields onto the kept record, every row of the other moved to it.',
    body: MergeRequest,
    response: MergeResult,
    auth: MANAGERS,
    errors: [400],
    extension: ONE_RECORD,
    note: 'Merging a record into itself, or a customer not of the company (or merged away already), is a 400 naming the field; nothing is written.',
  }),
  undo: endpoint({
    group,
    name: 'CustomerMerge.undo',
    method: 'POST',
    path: '/api/customer-merge/undo',
    summary: 'Undoes a merge while nothing new was written to the kept record since.',
    body: UndoMergeRequest,
    response: UndoMergeResult,
    auth: MANAGERS,
    errors: [403, 404, 409],
    extension: ONE_RECORD,
    note: '409 MERGE_HAS_NEW_WORK when the kept record has an order, receipt, invoice, credit note, prescription, recall, return or edit since the merge; 403 OTHER_BRANCH at a branch other than the one that merged.',
  }),
  list: endpoint({
    group,
    name: 'CustomerMerge.list',
    method: 'GET',
    path: '/api/customer-merge/list',
    summary: 'The company’s merges, newest first, with whether each can still be undone here.',
    response: MergeList,
    auth: MANAGERS,
    extension: ONE_RECORD,
  }),
  notSame: endpoint({
    group,
    name: 'CustomerMerge.notSame',
    method: 'POST',
    path: '/api/customer-merge/not-same',
    summary: 'Marks a proposed pair as two different people: the pair is no longer listed among the likely duplicates, at any PC.',
    body: NotSameRequest,
    response: NotSameResult,
    auth: MANAGERS,
    errors: [400, 409],
    extension: NOT_SAME,
    note: 'The same customer twice, or one not of the company (or merged away), is a 400 naming the field; a pair marked already is a 409 ALREADY_NOT_SAME. Nothing is written then.',
  }),
  undoNotSame: endpoint({
    group,
    name: 'CustomerMerge.undoNotSame',
    method: 'POST',
    path: '/api/customer-merge/not-same/undo',
    summary: 'Undoes a "not the same person": the pair is proposed again (if its records still look alike).',
    body: UndoNotSameRequest,
    response: NotSameResult,
    auth: MANAGERS,
    errors: [403, 404, 409],
    extension: NOT_SAME,
    note: '403 OTHER_BRANCH at a branch other than the one that marked it; 409 NOT_SAME_UNDONE when undone already.',
  }),
  notSameList: endpoint({
    group,
    name: 'CustomerMerge.notSameList',
    method: 'GET',
    path: '/api/customer-merge/not-same',
    summary: 'The company’s pairs marked as different people, newest first, with whether each can be undone here.',
    response: NotSameList,
    auth: MANAGERS,
    extension: NOT_SAME,
  }),
};
