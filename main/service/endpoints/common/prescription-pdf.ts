import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { prescriptionCard } from '../../print/prescription-card.js';
import { asPdf } from '../../print/output.js';

/** The A5 prescription card of an eye examination, as PDF (a declared extension). */
export const prescriptionPdf = implement(api.Common.prescriptionPdf, ({ body }, ctx) => asPdf(prescriptionCard(ctx, body)));
