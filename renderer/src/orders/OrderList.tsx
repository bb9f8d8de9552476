/**
 * Orders: find one by customer (name or mobile), order number, status or booking dates, paged by
 * the service. The filters live in a store so that going back from an order returns to the same
 * search and page.
 */
import { createListSearch } from '../ui/list-search.js';
import { SALES_ORDER_STATUS, SALES_ORDER_STATUS_IDS, SALES_ORDER_STATUS_NAMES } from '../../../shared/contract/statuses.js';
import type { SalesOrderSearchRequest } from '../../../shared/models/order.js';
import { formatRupees } from '../ui/money.js';
import { formatDate } from '../ui/dates.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { ListScreen, SearchStatus, DateRangeFields } from '../ui/ListScreen.js';
import { moneyColumn } from '../ui/DataTable.js';
import { hrefFor } from '../core/router.js';
import { useOrderSearch } from './service.js';
import { StatusTag } from './StatusTag.js';
import { formatDue } from './DeliveryDue.js';
import { OrderLink } from './OrderLink.js';
import { ToSettlePanel } from './ToSettle.js';
import { useSession } from '../core/session.js';
import { hasRole, MANAGERS } from '../../../shared/contract/roles.js';

const PAGE_SIZE = 15;

export interface OrderFilters {
  customer: string;
  salesOrderNo: string;
  status: string;
  fromDate: string;
  toDate: string;
}

const NO_FILTERS: OrderFilters = { customer: '', salesOrderNo: '', status: '', fromDate: '', toDate: '' };

export const useOrderFilters = createListSearch(NO_FILTERS);

/** One customer box for both: digits are a mobile, anything else part of a name. */
export function searchRequest(filters: OrderFilters, page: number): SalesOrderSearchRequest {
  const request: SalesOrderSearchRequest = { pageNumber: page, pageSize: PAGE_SIZE };
  const customer = filters.customer.trim();
  const digits = customer.replace(/[\s().+-]/g, '');
  if (customer && /^\d+$/.test(digits)) request.customerMobile = digits;
  else if (customer) request.customerName = customer;
  if (filters.salesOrderNo.trim()) request.salesOrderNo = filters.salesOrderNo.trim();
  if (filters.status) request.status = filters.status;
  if (filters.fromDate) request.fromDate = filters.fromDate;
  if (filters.toDate) request.toDate = filters.toDate;
  return request;
}

export function OrderList() {
  const { filter: filters, page, set: setFilter, setPage, clear } = useOrderFilters();
  const settled = useDebouncedValue(filters, 250);
  const search = useOrderSearch(searchRequest(settled, page));
  const rows = search.data?.data ?? [];
  const searching = settled !== filters || search.isFetching;
  const filtered = Object.values(settled).some((v) => v.trim() !== '');
  const total = search.data && { rows: search.data.totalRows, exact: search.data.totalExact };
  const isManager = hasRole(useSession((s) => s.session?.userRole), MANAGERS);

  return (
    <ListScreen
      id="orders"
      title="Orders"
      wide
      head={
        <a className="button button-primary" href={hrefFor({ name: 'quickSale' })}>
          New sale
        </a>
      }
      filters={
        <div className="order-filters" role="group" aria-label="Filter the orders">
          <div className="field">
            <label htmlFor="order-customer">Customer name or mobile</label>
            <input
              id="order-customer"
              type="search"
              autoFocus
              autoComplete="off"
              spellCheck={false}
              placeholder="e.g. 98765 or Priya"
              value={filters.customer}
              onChange={(e) => setFilter({ customer: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="order-no">Order no.</label>
            <input
              id="order-no"
              type="search"
              autoComplete="off"
              spellCheck={false}
              value={filters.salesOrderNo}
              onChange={(e) => setFilter({ salesOrderNo: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="order-status">Status</label>
            <select id="order-status" value={filters.status} onChange={(e) => setFilter({ status: e.target.value })}>
              <option value="">Any status</option>
              {SALES_ORDER_STATUS_IDS.map((id) => (
                <option key={id} value={String(id)}>
                  {SALES_ORDER_STATUS_NAMES[id]}
                </option>
              ))}
            </select>
          </div>
          <DateRangeFields id="order" from={filters.fromDate} to={filters.toDate} onChange={setFilter} labels={['Booked from', 'to']} />
          <div className="order-filters-end">
            <button type="button" className="button button-ghost button-small" onClick={clear} disabled={!filtered}>
              Clear
            </button>
            <SearchStatus searching={searching} total={total} />
          </div>
        </div>
      }
      toolbar={isManager ? <ToSettlePanel /> : undefined}
      query={search}
      errorAction="search orders"
      label="Orders"
      busy={searching}
      columns={[
        { id: 'order-no', header: 'Order no.', cell: (o) => <OrderLink salesOrderNo={o.salesOrderNo} /> },
        // Booked on: left out on a 1024–1279 px screen (the number carries the year; Due is what the counter needs).
        { id: 'date', header: 'Date', className: 'wide-only', cell: (o) => formatDate(o.date) ?? '—' },
        { id: 'customer', header: 'Customer', cell: (o) => o.customerName },
        { id: 'mobile', header: 'Mobile', className: 'mono wide-only', cell: (o) => o.customerMobileNo ?? '—' },
        { id: 'items', header: 'Items', className: 'num', cell: (o) => o.itemCount },
        moneyColumn<(typeof rows)[number]>('net', 'Net', (o) => o.netAmount),
        { id: 'balance', header: 'Balance', className: 'num money', cell: (o) => o.statusID === SALES_ORDER_STATUS.Cancelled ? '—' : formatRupees(Math.max(0, o.balanceAmount)) },
        { id: 'due', header: 'Due', cell: (o) => o.statusID === SALES_ORDER_STATUS.Delivered || o.statusID === SALES_ORDER_STATUS.Cancelled ? '—' : formatDue(o.deliveryDateTime) ?? '—' },
        { id: 'status', header: 'Status', cell: (o) => <StatusTag statusId={o.statusID} name={o.status} /> },
      ]}
      rows={rows}
      rowKey={(o) => o.id}
      empty={filtered ? 'No order matches these filters.' : 'No orders yet. A sale at the counter makes one.'}
      total={total}
      paging={{ label: 'Order pages', page, pageSize: PAGE_SIZE, onPage: setPage }}
    />
  );
}
