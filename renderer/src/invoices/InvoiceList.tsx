import { createListSearch } from '../ui/list-search.js';
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '../../../shared/endpoints/index.js';
import type { SearchInvoice } from '../../../shared/models/invoice.js';
import { useState } from 'react';
import type { PrintCopy } from '../print/documents.js';
import { CopyChoice, PrintActions } from '../print/PrintActions.js';
import { useEndpoint } from '../core/service.js';
import { formatDate } from '../ui/dates.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { FilterBar, ListScreen, SearchStatus, type Column, DateRangeFields } from '../ui/ListScreen.js';
import { moneyColumn } from '../ui/DataTable.js';
import { rowRange } from '../ui/Pager.js';
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
  const total = list.data && { rows: list.data.totalRows, exact: list.data.totalExact };
  // The service pages the list: no column sorts one page as if it were all of them.
  const columns: Column<(typeof rows)[number]>[] = [
    { id: 'invoiceNo', header: 'Invoice no', className: 'mono', cell: (r) => r.invoiceNo, value: (r) => r.invoiceNo },
    { id: 'date', header: 'Date', cell: (r) => formatDate(r.date) ?? '—' },
    { id: 'orderNo', header: 'Order no', cell: (r) => <OrderLink salesOrderNo={r.salesOrderNo} />, value: (r) => r.salesOrderNo },
    { id: 'customer', header: 'Customer', cell: (r) => r.customerName },
    { id: 'mobile', header: 'Mobile', className: 'mono', cell: (r) => r.customerMobileNo ?? '—' },
    moneyColumn('net', 'Net amount', (r) => r.netAmount),
    {
      id: 'print',
      header: 'Print',
      noExport: true,
      cell: (r) => <PrintActions compact doc={{ kind: 'invoice', id: r.id, number: r.invoiceNo, copy }} printLabel="Print invoice" />,
    },
  ];

  return (
    <ListScreen
      id="invoices"
      title="Invoices"
      head={<SearchStatus searching={filter !== settled || list.isFetching} total={total} />}
      filters={
        <FilterBar label="Filter invoices" onClear={clear}>
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
          <DateRangeFields id="inv" from={filter.fromDate} to={filter.toDate} onChange={set} />
        </FilterBar>
      }
      query={list}
      errorAction="list invoices"
      toolbar={<CopyChoice kind="invoice" id="inv-copy" value={copy} onChange={setCopy} />}
      label="Invoices"
      busy={list.isFetching}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      empty="No invoice matches these filters."
      total={total}
      paging={{ label: 'Invoice pages', page, pageSize: PAGE_SIZE, onPage: setPage }}
    />
  );
}
