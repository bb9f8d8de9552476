import { keepPreviousData } from '@tanstack/react-query';
import { api } from '../../../shared/endpoints/index.js';
import { useEndpoint } from '../app/service.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { Pager, rowRange } from '../ui/Pager.js';
import { hrefFor } from '../app/router.js';
import { formatDate } from '../ui/dates.js';
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

  return (
    <section className="panel screen" aria-labelledby="customers-title">
      <header className="screen-head">
        <h1 id="customers-title">Customers</h1>
        <a className="button button-primary" href={hrefFor({ name: 'customerNew' })}>
          New customer
        </a>
      </header>

      <div className="field search-field">
        <label htmlFor="customer-search">Search by mobile or name</label>
        <input
          id="customer-search"
          type="search"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. 98765 or Priya"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <span className="search-status muted" aria-live="polite">
          {searching ? 'Searching…' : list.data ? `${list.data.totalRows}${list.data.totalExact === false ? '+' : ''} found` : ''}
        </span>
      </div>

      {list.isError && <ErrorBanner banner={bannerFor(list.error, 'list customers')} />}

      <table className="data-table" aria-label="Customers">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Mobile</th>
            <th scope="col">City</th>
            <th scope="col">Last visit</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.customerID}>
              <td>
                <a className="row-link" href={hrefFor({ name: 'customer', customerId: c.customerID, tab: 'profile' })}>
                  {c.name}
                </a>
              </td>
              <td className="mono">{c.mobile ?? '—'}</td>
              <td>{c.city ?? '—'}</td>
              <td>{formatDate(c.visitingDate) ?? '—'}</td>
              <td>{isInactive(c.isActive) ? <span className="tag tag-muted">Inactive</span> : <span className="tag">Active</span>}</td>
            </tr>
          ))}
          {list.isSuccess && rows.length === 0 && (
            <tr>
              <td colSpan={5} className="empty">
                {settled.trim() ? `No customer matches “${settled.trim()}”.` : 'No customers yet.'}
              </td>
            </tr>
          )}
        </tbody>
      </table>

      {list.data && (
        <Pager label="Customer pages" page={page} pageSize={PAGE_SIZE} totalRows={list.data.totalRows} exact={list.data.totalExact} onPage={setPage} />
      )}
    </section>
  );
}

/** The list carries isActive as text ("true"/"false", as the spec types it). */
export function isInactive(value: string | null): boolean {
  return value !== null && /^(false|0)$/i.test(value);
}
