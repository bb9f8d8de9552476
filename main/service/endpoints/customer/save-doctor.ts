import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { saveDoctor as save } from '../../customer/doctor.js';

/** Customer/saveDoctor: customer/doctor.ts checks and saves. */
export const saveDoctor = implement(api.Customer.saveDoctor, ({ body }, ctx) => save(ctx, body));
