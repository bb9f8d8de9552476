import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { savePrescription as save } from '../../customer/prescription.js';

/** Customer/savePrescription: customer/prescription.ts checks and saves in one transaction. */
export const savePrescription = implement(api.Customer.savePrescription, ({ body }, ctx) => save(ctx, body));
