import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { jobCard } from '../../print/job-card.js';
import { asHtml } from '../../print/output.js';

/** The A5 lab job card as one self-contained HTML page (a declared extension). */
export const jobCardPdfHtml = implement(api.Common.jobCardPdfHtml, ({ body }, ctx) => asHtml(ctx, jobCard(ctx, body)));
