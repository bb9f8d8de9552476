import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { prescriptionCard } from '../../print/prescription-card.js';
import { asHtml } from '../../print/output.js';

/** The A5 prescription card as one self-contained HTML page (a declared extension). */
export const prescriptionPdfHtml = implement(api.Common.prescriptionPdfHtml, ({ body }, ctx) => asHtml(ctx, prescriptionCard(ctx, body)));
