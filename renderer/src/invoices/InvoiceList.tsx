import { createListSearch } from '../ui/list-search.js';
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '../../../shared/endpoints/index.js';
import type { SearchInvoice } from '../../../shared/models/invoice.js';
import { formatRupees } from '../catalog/money.js';
import { useState } from 'react';
import type { PrintCopy } from '../print/documents.js';
import { CopyChoice, PrintActions } from '../print/PrintActions.js';
import { useEndpoint } from '../app/service.js';
import { formatDate } from '../ui/dates.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { Pager, rowRange } from '../ui/Pager.js';
import { OrderLink } from '../orders/OrderLink.js';

const PAGE_SIZE = 15;

interface InvoiceFilter {
  customer: string;
  invoiceNo: string;
  orderNo: string;
  fromDate: string;
  toDate: string;
}

const EMPTY: InvoiceFilter = { customer: '', invoiceNo: '', orderNo: '', fromDate: '', toDate: '' };

const useInvoiceSearch = createListSearch(EMPTY);

/** The service filters a customer by mobile or by name; digits mean a mobile, as on Customers. */
export function invoiceFilter(f: InvoiceFilter): SearchInvoice {
  const body: SearchInvoice = {};
  const customer = f.customer.trim();
  const digits = customer.replace(/[\s().+-]/g, '');
  if (customer && /^\d+$/.test(digits)) body.customerMobile = digits;
  else if (customer) body.customerName = customer;
  if (f.invoiceNo.trim()) body.invoiceNumber = f.invoiceNo.trim();
  if (f.orderNo.trim()) body.salesOrderNo = f.orderNo.trim();
  if (f.fromDate) body.fromDate = f.fromDate;
  if (f.toDate) body.toDate = f.toDate;
  return body;
}

export function InvoiceList() {
  const [copy, setCopy] = useState<PrintCopy>('customer');
  const { filter, page, set, setPage, clear } = useInvoiceSearch();
  const settled = useDebouncedValue(filter, 250);
  const body = invoiceFilter(settled);

  const list = useEndpoint(
    api.Invoice.list,
    { body: { ...body, ...rowRange(page, PAGE_SIZE) } },
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.data ?? [];

  return (
    <section className="panel screen" aria-labelledby="invoices-title">
      <header className="screen-head">
        <h1 id="invoices-title">Invoices</h1>
        <span className="search-status muted" aria-live="polite">
          {filter !== settled || list.isFetching ? 'Searching…' : list.data ? `${list.data.totalRows}${list.data.totalExact === false ? '+' : ''} found` : ''}
        </span>
      </header>

      <div className="list-filters" role="group" aria-label="Filter invoices">
        <div className="field">
          <label htmlFor="inv-customer">Customer (name or mobile)</label>
          <input id="inv-customer" type="search" autoComplete="off" value={filter.customer} onChange={(e) => set({ customer: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="inv-no">Invoice no</label>
          <input id="inv-no" type="search" autoComplete="off" value={filter.invoiceNo} onChange={(e) => set({ invoiceNo: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="inv-order">Order no</label>
          <input id="inv-order" type="search" autoComplete="off" value={filter.orderNo} onChange={(e) => set({ orderNo: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="inv-from">From</label>
          <input id="inv-from" type="date" value={filter.fromDate} onChange={(e) => set({ fromDate: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="inv-to">To</label>
          <input id="inv-to" type="date" value={filter.toDate} onChange={(e) => set({ toDate: e.target.value })} />
        </div>
        <div className="list-filters-actions">
          <button type="button" className="button button-secondary" onClick={clear}>
            Clear
          </button>
        </div>
      </div>

      {list.isError && <ErrorBanner banner={bannerFor(list.error, 'list invoices')} />}

      <div className="list-toolbar">
        <CopyChoice kind="invoice" id="inv-copy" value={copy} onChange={setCopy} />
      </div>

      <table className="data-table" aria-label="Invoices" aria-busy={list.isFetching}>
        <thead>
          <tr>
            <th scope="col">Invoice no</th>
            <th scope="col">Date</th>
            <th scope="col">Order no</th>
            <th scope="col">Customer</th>
            <th scope="col">Mobile</th>
            <th scope="col" className="num">
              Net amount
            </th>
            <th scope="col">Print</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="mono">{r.invoiceNo}</td>
              <td>{formatDate(r.date) ?? '—'}</td>
              <td>
                <OrderLink salesOrderNo={r.salesOrderNo} />
              </td>
              <td>{r.customerName}</td>
              <td className="mono">{r.customerMobileNo ?? '—'}</td>
              <td className="num money">{formatRupees(r.netAmount)}</td>
              <td>
                <PrintActions compact doc={{ kind: 'invoice', id: r.id, number: r.invoiceNo, copy }} printLabel="Print invoice" />
              </td>
            </tr>
          ))}
          {list.isSuccess && rows.length === 0 && (
            <tr>
              <td colSpan={7} className="empty">
                No invoice matches these filters.
              </td>
            </tr>
          )}
        </tbody>
      </table>

      {list.data && <Pager label="Invoice pages" page={page} pageSize={PAGE_SIZE} totalRows={list.data.totalRows} exact={list.data.totalExact} onPage={setPage} />}
    </section>
  );
}
