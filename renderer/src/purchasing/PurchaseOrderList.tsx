/** The branch's purchase orders to suppliers: by status, supplier or number, newest first. */
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus, type PurchaseOrderSummary } from '../../../shared/models/purchasing.js';
import { hrefFor } from '../core/router.js';
import { useEndpoint } from '../core/service.js';
import { moneyColumn } from '../ui/DataTable.js';
import { formatDate } from '../ui/dates.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { FilterBar, ListScreen, type Column } from '../ui/ListScreen.js';
import { pagedTotal, PurchasingTabs } from './parts.js';

const PAGE_SIZE = 20;

export function PurchaseOrderList() {
  const [term, setTerm] = useState('');
  const [status, setStatus] = useState<PurchaseOrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const settled = useDebouncedValue(term, 250);
  const list = useEndpoint(api.Purchasing.orders, { query: { term: settled || undefined, status: status || undefined, page, pageSize: PAGE_SIZE } }, { placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const columns: Column<PurchaseOrderSummary>[] = [
    { id: 'poNo', header: 'Order no', className: 'mono', cell: (o) => <a href={hrefFor({ name: 'purchaseOrder', purchaseOrderId: o.purchaseOrderID })}>{o.poNo}</a>, value: (o) => o.poNo },
    { id: 'date', header: 'Date', cell: (o) => formatDate(o.orderDate) ?? '—' },
    { id: 'supplier', header: 'Supplier', cell: (o) => o.supplierName },
    { id: 'expected', header: 'Expected by', cell: (o) => formatDate(o.expectedDate) ?? '—' },
    { id: 'status', header: 'Status', cell: (o) => <span className="tag">{o.status}</span>, value: (o) => o.status },
    { id: 'ordered', header: 'Ordered', className: 'num', cell: (o) => String(o.ordered) },
    { id: 'received', header: 'Received', className: 'num', cell: (o) => String(o.received) },
    moneyColumn('value', 'Expected value', (o) => o.expectedValue),
  ];
  return (
    <ListScreen
      id="purchase-orders"
      title="Purchase orders"
      head={
        <a className="button" href={hrefFor({ name: 'purchaseOrderNew' })}>
          New purchase order
        </a>
      }
      filters={
        <>
          <PurchasingTabs current="purchaseOrders" />
          <FilterBar label="Filter purchase orders" onClear={() => { setTerm(''); setStatus(''); setPage(1); }}>
            <div className="field">
              <label htmlFor="po-term">Order no or supplier</label>
              <input id="po-term" type="search" value={term} onChange={(e) => { setTerm(e.target.value); setPage(1); }} />
            </div>
            <div className="field">
              <label htmlFor="po-status">Status</label>
              <select id="po-status" value={status} onChange={(e) => { setStatus(e.target.value as PurchaseOrderStatus | ''); setPage(1); }}>
                <option value="">Any status</option>
                {PURCHASE_ORDER_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
              </select>
            </div>
          </FilterBar>
        </>
      }
      query={list}
      errorAction="list purchase orders"
      label="Purchase orders"
      busy={list.isFetching}
      columns={columns}
      rows={rows}
      rowKey={(o) => o.purchaseOrderID}
      empty="No purchase order matches."
      total={pagedTotal(page, PAGE_SIZE, rows.length, list.data?.hasMore)}
      paging={{ label: 'Purchase order pages', page, pageSize: PAGE_SIZE, onPage: setPage }}
    />
  );
}
