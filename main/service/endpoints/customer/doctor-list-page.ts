import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { rowRange } from '../../input/paging.js';
import { doctors } from '../../store/doctor.js';
import { doctorListItem, doctorSearch } from '../../customer/doctor-search.js';
import { extend } from '../../../../shared/extend.js';

export const doctorListPage = implement(api.Customer.doctorListPage, ({ body }, ctx) => {
  const { totalRows, rows } = doctors(ctx.db).search(extend(doctorSearch(ctx, body), rowRange(body.fromPage, body.toPage)));
  return { totalRows, data: rows.map((d) => doctorListItem(ctx, d)) };
});
