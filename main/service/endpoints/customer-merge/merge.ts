import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { mergeCustomers, undoMerge } from '../../customer/merge.js';
import { duplicateList, mergeList } from '../../customer/merge-view.js';
import { likelySame } from '../../customer/duplicates.js';
import { digitsOf, masksMobiles, mobileShown } from '../../customer/mobile.js';
import { calendarDate } from '../../input/dates.js';
import { customers } from '../../store/customer.js';

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

export const likelySameHandler = implement(api.CustomerMerge.likelySame, ({ body }, ctx) => {
  const mask = masksMobiles(ctx);
  const birthDate = calendarDate(body.birthDate, 'birthDate') ?? null;
  const found = likelySame(ctx, { firstName: body.firstName, lastName: body.lastName, mobileDigits: digitsOf(body.mobile), email: body.email?.trim() || null, birthDate });
  return {
    matches: found.map((m) => {
      const row = customers(ctx.db).byId(ctx.user.companyId, m.id)!;
      return { customerID: ctx.enc.encode('customer', m.id), name: `${m.first_name} ${m.last_name}`, mobile: mobileShown(mask, row.mobile), branch: m.branch_name, reasons: m.reasons };
    }),
  };
});
