import { createListSearch } from '../ui/list-search.js';
import { keepPreviousData } from '@tanstack/react-query';
import { RECEIPT_STATUS_IDS, RECEIPT_STATUS_NAMES, type ReceiptStatusId } from '../../../shared/contract/statuses.js';
import { api } from '../../../shared/endpoints/index.js';
import type { ReceiptFilterRequest } from '../../../shared/models/receipt.js';
import { useState } from 'react';
import type { PrintCopy } from '../print/documents.js';
import { CopyChoice, PrintActions } from '../print/PrintActions.js';
import { useReceiptTypes } from '../quick-sale/service.js';
import { useEndpoint } from '../core/service.js';
import { formatDate } from '../ui/dates.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { FilterBar, ListScreen, SearchStatus, DateRangeFields, type Column } from '../ui/ListScreen.js';
import { moneyColumn } from '../ui/DataTable.js';
import { OrderLink } from '../orders/OrderLink.js';
import { Options } from '../ui/Options.js';

const PAGE_SIZE = 15;

interface ReceiptSearch {
  fromDate: string;
  toDate: string;
  receiptNo: string;
  orderNo: string;
  receiptTypeID: string;
  /** '' for any status. */
  statusID: '' | `${ReceiptStatusId}`;
}

const EMPTY: ReceiptSearch = { fromDate: '', toDate: '', receiptNo: '', orderNo: '', receiptTypeID: '', statusID: '' };

const useReceiptSearch = createListSearch(EMPTY);

export function receiptFilter(f: ReceiptSearch): ReceiptFilterRequest {
  const body: ReceiptFilterRequest = {};
  if (f.fromDate) body.fromDate = f.fromDate;
  if (f.toDate) body.toDate = f.toDate;
  if (f.receiptNo.trim()) body.receiptNo = f.receiptNo.trim();
  if (f.orderNo.trim()) body.salesOrderNo = f.orderNo.trim();
  if (f.receiptTypeID) body.receiptTypeID = f.receiptTypeID;
  const status = RECEIPT_STATUS_IDS.find((id) => String(id) === f.statusID);
  if (status !== undefined) body.statusID = status;
  return body;
}

export function ReceiptList() {
  const { filter, page, set, setPage, clear } = useReceiptSearch();
  const settled = useDebouncedValue(filter, 250);
  const body = receiptFilter(settled);
  const kinds = useReceiptTypes();
  const [copy, setCopy] = useState<PrintCopy>('customer');

  const list = useEndpoint(api.Receipts.listPaged, { body: { ...body, pageNumber: page, pageSize: PAGE_SIZE } }, {
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.items ?? [];
  const total = list.data && { rows: list.data.totalRecords, exact: list.data.totalExact };
  // The service pages the list: no column sorts one page as if it were all of them.
  const columns: Column<(typeof rows)[number]>[] = [
    { id: 'receiptNo', header: 'Receipt no', className: 'mono', cell: (r) => r.receiptNo, value: (r) => r.receiptNo },
    { id: 'date', header: 'Date', cell: (r) => formatDate(r.receiptDate) ?? '—' },
    { id: 'orderNo', header: 'Order no', cell: (r) => <OrderLink salesOrderNo={r.salesOrderNo} />, value: (r) => r.salesOrderNo },
    { id: 'customer', header: 'Customer', cell: (r) => r.customerName },
    { id: 'kind', header: 'Payment kind', cell: (r) => r.receiptType ?? '—' },
    {
      id: 'status',
      header: 'Status',
      cell: (r) => (r.statusID === 1 ? <span className="tag">{r.status}</span> : <span className="tag tag-muted">{r.status}</span>),
    },
    moneyColumn('amount', 'Amount', (r) => r.amount, { blank: '—' }),
    {
      id: 'print',
      header: 'Print',
      noExport: true,
      cell: (r) => <PrintActions compact doc={{ kind: 'receipt', id: r.receiptId, number: r.receiptNo, copy }} printLabel="Print receipt" />,
    },
  ];

  return (
    <ListScreen
      id="receipts"
      title="Receipts"
      head={<SearchStatus searching={filter !== settled || list.isFetching} total={total} />}
      filters={
        <FilterBar label="Filter receipts" onClear={clear}>
          <DateRangeFields id="rc" from={filter.fromDate} to={filter.toDate} onChange={set} />
          <div className="field">
            <label htmlFor="rc-no">Receipt no</label>
            <input id="rc-no" type="search" autoComplete="off" value={filter.receiptNo} onChange={(e) => set({ receiptNo: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="rc-order">Order no</label>
            <input id="rc-order" type="search" autoComplete="off" value={filter.orderNo} onChange={(e) => set({ orderNo: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="rc-kind">Payment kind</label>
            <select id="rc-kind" value={filter.receiptTypeID} onChange={(e) => set({ receiptTypeID: e.target.value })}>
              <option value="">Any kind</option>
              <Options of={kinds.data} />
            </select>
          </div>
          <div className="field">
            <label htmlFor="rc-status">Status</label>
            <select id="rc-status" value={filter.statusID} onChange={(e) => set({ statusID: e.target.value as ReceiptSearch['statusID'] })}>
              <option value="">Any status</option>
              {RECEIPT_STATUS_IDS.map((id) => (
                <option key={id} value={String(id)}>
                  {RECEIPT_STATUS_NAMES[id]}
                </option>
              ))}
            </select>
          </div>
        </FilterBar>
      }
      query={list}
      errorAction="list receipts"
      toolbar={<CopyChoice kind="receipt" id="rc-copy" value={copy} onChange={setCopy} />}
      label="Receipts"
      busy={list.isFetching}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.receiptId}
      empty="No receipt matches these filters."
      total={total}
      paging={{ label: 'Receipt pages', page, pageSize: PAGE_SIZE, onPage: setPage }}
    />
  );
}
