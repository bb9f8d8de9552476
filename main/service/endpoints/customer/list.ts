import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { rowRange } from '../../input/paging.js';
import { customers } from '../../store/customer.js';
import { listItem } from '../../customer/customer-view.js';
import { masksMobiles } from '../../customer/mobile.js';
import { customerSearch } from '../../customer/search-filter.js';
import { extend } from '../../../../shared/extend.js';

export const list = implement(api.Customer.list, ({ body }, ctx) => {
  const search = customerSearch(ctx, body);
  const { totalRows, totalExact, rows } = customers(ctx.db).search(extend(search, rowRange(body.fromPage, body.toPage)));
  const mask = masksMobiles(ctx);
  return { totalRows, totalExact, data: rows.map((r) => listItem(ctx, mask, r)) };
}, { offThread: true });
