import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { jobCard } from '../../print/job-card.js';
import { asPdf } from '../../print/output.js';

/** The A5 lab job card of a sales order, as PDF (a declared extension). */
export const jobCardPdf = implement(api.Common.jobCardPdf, ({ body }, ctx) => asPdf(jobCard(ctx, body)));
