import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { doctors } from '../../store/doctor.js';
import { doctorListItem, doctorSearch } from '../../customer/doctor-search.js';

/** Unpaged, for pickers: a store works with tens of doctors, not thousands. */
export const doctorList = implement(api.Customer.doctorList, ({ body }, ctx) =>
  doctors(ctx.db)
    .search(doctorSearch(ctx, body))
    .rows.map((d) => doctorListItem(ctx, d)),
);
