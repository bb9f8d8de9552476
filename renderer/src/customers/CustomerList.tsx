import { keepPreviousData } from '@tanstack/react-query';
import { api } from '../../../shared/endpoints/index.js';
import { useEndpoint } from '../core/service.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { ListScreen, SearchStatus } from '../ui/ListScreen.js';
import { rowRange } from '../ui/Pager.js';
import { hrefFor } from '../core/router.js';
import { formatDate } from '../ui/dates.js';
import { isInactive } from './names.js';
import { searchFilter, useCustomerSearch } from './search.js';

const PAGE_SIZE = 10;

export function CustomerList() {
  const { text, page, setText, setPage } = useCustomerSearch();
  const settled = useDebouncedValue(text, 250);
  const filter = searchFilter(settled);

  const list = useEndpoint(
    api.Customer.list,
    { body: { ...filter, ...rowRange(page, PAGE_SIZE) } },
    // Keep the previous rows on screen while the next keystroke's answer is on its way.
    { placeholderData: keepPreviousData },
  );

  const rows = list.data?.data ?? [];
  const searching = text !== settled || list.isFetching;
  const total = list.data && { rows: list.data.totalRows, exact: list.data.totalExact };

  return (
    <ListScreen
      id="customers"
      title="Customers"
      head={
        <a className="button button-primary" href={hrefFor({ name: 'customerNew' })}>
          New customer
        </a>
      }
      filters={
        <div className="field search-field">
          <label htmlFor="customer-search">Search by mobile or name</label>
          <input
            id="customer-search"
            type="search"
            autoFocus
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. 98765, 3210 or Priya"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <SearchStatus searching={searching} total={total} />
        </div>
      }
      query={list}
      errorAction="list customers"
      label="Customers"
      columns={[
        {
          id: 'name', header: 'Name',
          cell: (c) => (
            <>
              <a className="row-link" href={hrefFor({ name: 'customer', customerId: c.customerID, tab: 'profile' })}>
                {c.name}
              </a>
            </>
          ),
        },
        { id: 'mobile', header: 'Mobile', className: 'mono', cell: (c) => c.mobile ?? '—' },
        { id: 'city', header: 'City', cell: (c) => c.city ?? '—' },
        { id: 'last-visit', header: 'Last visit', cell: (c) => formatDate(c.visitingDate) ?? '—' },
        { id: 'status', header: 'Status', cell: (c) => isInactive(c.isActive) ? <span className="tag tag-muted">Inactive</span> : <span className="tag">Active</span> },
      ]}
      rows={rows}
      rowKey={(c) => c.customerID}
      empty={settled.trim() ? `No customer matches “${settled.trim()}”.` : 'No customers yet.'}
      total={total}
      paging={{ label: 'Customer pages', page, pageSize: PAGE_SIZE, onPage: setPage }}
    />
  );
}
