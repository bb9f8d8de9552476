import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { recallList as list } from '../../customer/recall.js';

/** Customer/recall-list (issue 16): the branch's due recalls, keyset-paged (customer/recall.ts). */
export const recallList = implement(api.Customer.recallList, ({ body }, ctx) => list(ctx, body));
