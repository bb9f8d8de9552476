import { api } from '../../../../shared/endpoints/index.js';
import { searchAudit } from '../../audit/search.js';
import { implement } from '../../http/handler.js';

/** A filter no index serves can read much of a long journal: off the main thread, with the read time limit. */
export const auditSearch = implement(api.Audit.search, ({ body }, ctx) => searchAudit(ctx, body), { offThread: true });
