import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { markRecall } from '../../customer/recall.js';

/** Customer/recall-mark (issue 16): one call about a recall, journaled as a recall_contact row. */
export const recallMark = implement(api.Customer.recallMark, ({ body }, ctx) => markRecall(ctx, body));
