import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { amendPrescription as amend } from '../../customer/prescription.js';

/** Customer/amend-prescription (issue 16): a new version, the old one kept as superseded. */
export const amendPrescription = implement(api.Customer.amendPrescription, ({ body }, ctx) => amend(ctx, body));
