import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { mergeCustomers, undoMerge } from '../../customer/merge.js';
import { duplicateList, mergeList } from '../../customer/merge-view.js';

/** CustomerMerge: customer/merge.ts merges and undoes, each in one immediate transaction. */
export const mergeCandidates = implement(api.CustomerMerge.candidates, (_req, ctx) => duplicateList(ctx));

export const mergeCustomersHandler = implement(api.CustomerMerge.merge, ({ body }, ctx) => {
  const done = mergeCustomers(ctx, body);
  return {
    mergeId: ctx.enc.encode('customerMerge', done.mergeId),
    survivorCustomerId: ctx.enc.encode('customer', done.survivorId),
    moved: done.moved,
  };
});

export const undoMergeHandler = implement(api.CustomerMerge.undo, ({ body }, ctx) => {
  const done = undoMerge(ctx, body.mergeId);
  return {
    survivorCustomerId: ctx.enc.encode('customer', done.survivorId),
    mergedCustomerId: ctx.enc.encode('customer', done.mergedId),
    movedBack: done.movedBack,
  };
});

export const mergeListHandler = implement(api.CustomerMerge.list, (_req, ctx) => mergeList(ctx));
