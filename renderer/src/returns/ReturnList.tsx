/**
 * The branch's returns and exchanges, newest first: what came back, where it went (stock or the
 * damaged bin), how the money was settled, and the papers to print again. A return starts from
 * its order: type the order number to open it here, or use the order page's button.
 */
import { useState, type FormEvent } from 'react';
import { hasRole, MANAGERS } from '../../../shared/contract/roles.js';
import type { ReturnListItem } from '../../../shared/models/returns.js';
import { navigate } from '../core/router.js';
import { useSession } from '../core/session.js';
import { OrderLink } from '../orders/OrderLink.js';
import { PrintActions } from '../print/PrintActions.js';
import { formatDate } from '../ui/dates.js';
import { moneyColumn } from '../ui/DataTable.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { createListSearch } from '../ui/list-search.js';
import { DateRangeFields, FilterBar, ListScreen, SearchStatus, type Column } from '../ui/ListScreen.js';
import { useReturnList, useReturnWindow, useSetReturnWindow } from './service.js';

const PAGE_SIZE = 15;
const EMPTY = { fromDate: '', toDate: '', orderNo: '' };
const useReturnSearch = createListSearch(EMPTY);

const SETTLED: Record<ReturnListItem['settlement'], string> = { refund: 'Refunded', credit_note: 'Credit note', exchange: 'Exchange' };

const COLUMNS: Column<ReturnListItem>[] = [
  { id: 'returnNo', header: 'Return no', className: 'mono', cell: (r) => r.returnNo, value: (r) => r.returnNo },
  { id: 'date', header: 'Date', cell: (r) => formatDate(r.returnDate) ?? '—' },
  { id: 'orderNo', header: 'Order no', cell: (r) => <OrderLink salesOrderNo={r.salesOrderNo} />, value: (r) => r.salesOrderNo },
  { id: 'customer', header: 'Customer', cell: (r) => r.customerName },
  { id: 'reason', header: 'Reason', cell: (r) => r.reason },
  { id: 'where', header: 'To stock / damaged', className: 'num', cell: (r) => `${r.stockQty} / ${r.damagedQty}`, value: (r) => r.damagedQty },
  { id: 'settled', header: 'Settled', cell: (r) => (r.exchangeOrderNo ? <>Exchange for <OrderLink salesOrderNo={r.exchangeOrderNo} /></> : r.creditNoteNo && r.settlement === 'credit_note' ? `Credit note ${r.creditNoteNo}` : SETTLED[r.settlement]) },
  moneyColumn('amount', 'Value', (r) => r.amount),
  moneyColumn('refund', 'Refunded', (r) => (r.refundAmount > 0 ? r.refundAmount : null), { blank: '—' }),
  { id: 'approved', header: 'Approved by', cell: (r) => r.approvedBy ?? '—' },
  {
    id: 'print',
    header: 'Print',
    noExport: true,
    cell: (r) => (
      <div className="row-actions">
        <PrintActions compact doc={{ kind: 'returnReceipt', id: r.salesReturnID, number: r.returnNo }} printLabel="Print return" />
        {r.gstCreditNoteNo && <PrintActions compact doc={{ kind: 'gstCreditNote', id: r.salesReturnID, number: r.gstCreditNoteNo }} printLabel="Print credit note" />}
      </div>
    ),
  },
];

export function ReturnList() {
  const { filter, page, set, setPage, clear } = useReturnSearch();
  const settled = useDebouncedValue(filter, 250);
  const list = useReturnList({
    fromDate: settled.fromDate || null, toDate: settled.toDate || null, orderNo: settled.orderNo.trim() || null, pageNumber: page, pageSize: PAGE_SIZE,
  });
  const total = list.data && { rows: list.data.totalRecords };
  return (
    <>
      <StartReturn />
      <ListScreen
        id="returns"
        title="Returns and exchanges"
        head={<SearchStatus searching={filter !== settled || list.isFetching} total={total} />}
        filters={
          <FilterBar label="Filter returns" onClear={clear}>
            <DateRangeFields id="rt" from={filter.fromDate} to={filter.toDate} onChange={set} />
            <div className="field">
              <label htmlFor="rt-order">Order no</label>
              <input id="rt-order" type="search" autoComplete="off" value={filter.orderNo} onChange={(e) => set({ orderNo: e.target.value })} />
            </div>
          </FilterBar>
        }
        query={list}
        errorAction="list returns"
        label="Returns"
        busy={list.isFetching}
        columns={COLUMNS}
        rows={list.data?.items ?? []}
        rowKey={(r) => r.salesReturnID}
        empty="No return matches these filters."
        total={total}
        paging={{ label: 'Return pages', page, pageSize: PAGE_SIZE, onPage: setPage }}
      />
      <WindowSetting />
    </>
  );
}

/** A return starts from its order: the number on the customer's receipt or invoice. */
function StartReturn() {
  const [orderNo, setOrderNo] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (orderNo.trim()) navigate({ name: 'returnOrder', salesOrderNo: orderNo.trim() });
  };
  return (
    <form className="panel return-start" aria-labelledby="return-start-title" onSubmit={submit}>
      <h2 id="return-start-title">Take a return or an exchange</h2>
      <div className="field">
        <label htmlFor="return-start-order">Order no</label>
        <input id="return-start-order" autoComplete="off" value={orderNo} onChange={(e) => setOrderNo(e.target.value)} placeholder="From the receipt or invoice" />
      </div>
      <button type="submit" className="button" disabled={!orderNo.trim()}>
        Open the order’s return
      </button>
    </form>
  );
}

/** The store's return window: every one reads it; managers change it. */
function WindowSetting() {
  const role = useSession((s) => s.session?.userRole);
  const window = useReturnWindow();
  const save = useSetReturnWindow();
  const [days, setDays] = useState('');
  if (!window.data) return null;
  const manager = hasRole(role, MANAGERS);
  return (
    <section className="panel" aria-labelledby="return-window-title">
      <h2 id="return-window-title">Return window</h2>
      <p>
        The counter takes goods back within <strong>{window.data.days} days</strong> of delivery; after that a manager approves.
      </p>
      {manager && (
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (days.trim()) save.mutate({ body: { days: Number(days) } }, { onSuccess: () => setDays('') });
          }}
        >
          <div className="field">
            <label htmlFor="return-window-days">Days from delivery</label>
            <input id="return-window-days" type="number" min={0} max={365} value={days} placeholder={String(window.data.days)} onChange={(e) => setDays(e.target.value)} />
          </div>
          <button type="submit" className="button button-secondary" disabled={!days.trim() || save.isPending}>
            Set the window
          </button>
          {save.isError && <ErrorBanner banner={bannerFor(save.error, 'set the return window')} />}
        </form>
      )}
    </section>
  );
}
