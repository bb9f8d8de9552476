/** Goods receipts of the branch, found again by receipt number, supplier invoice number or supplier. */
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import type { GoodsReceiptSummary } from '../../../shared/models/purchasing.js';
import { hrefFor } from '../core/router.js';
import { useEndpoint } from '../core/service.js';
import { PrintActions } from '../print/PrintActions.js';
import { moneyColumn } from '../ui/DataTable.js';
import { formatDate } from '../ui/dates.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { FilterBar, ListScreen, type Column } from '../ui/ListScreen.js';
import { pagedTotal, PurchasingTabs } from './parts.js';

const PAGE_SIZE = 20;

export function GoodsReceiptList() {
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const settled = useDebouncedValue(term, 250);
  const list = useEndpoint(api.Purchasing.receipts, { query: { term: settled || undefined, page, pageSize: PAGE_SIZE } }, { placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const columns: Column<GoodsReceiptSummary>[] = [
    { id: 'grNo', header: 'Receipt no', className: 'mono', cell: (g) => <a href={hrefFor({ name: 'goodsReceipt', goodsReceiptId: g.goodsReceiptID })}>{g.grNo}</a>, value: (g) => g.grNo },
    { id: 'date', header: 'Received', cell: (g) => formatDate(g.receiptDate) ?? '—' },
    { id: 'supplier', header: 'Supplier', cell: (g) => g.supplierName },
    { id: 'invoice', header: 'Supplier invoice', className: 'mono', cell: (g) => g.supplierInvoiceNo },
    { id: 'po', header: 'Order', className: 'mono', cell: (g) => g.poNo ?? '—' },
    { id: 'qty', header: 'Units', className: 'num', cell: (g) => String(g.qty) },
    moneyColumn('total', 'Invoice total', (g) => g.total),
    { id: 'print', header: 'Print', noExport: true, cell: (g) => <PrintActions compact doc={{ kind: 'goodsReceipt', id: g.goodsReceiptID, number: g.grNo }} printLabel="Print goods receipt" /> },
  ];
  return (
    <ListScreen
      id="goods-receipts"
      title="Goods receipts"
      head={
        <a className="button" href={hrefFor({ name: 'goodsReceiptNew', purchaseOrderId: null })}>
          Receive goods without an order
        </a>
      }
      filters={
        <>
          <PurchasingTabs current="goodsReceipts" />
          <FilterBar label="Find goods receipts" onClear={() => { setTerm(''); setPage(1); }}>
            <div className="field">
              <label htmlFor="gr-term">Receipt no, supplier invoice no or supplier</label>
              <input id="gr-term" type="search" value={term} onChange={(e) => { setTerm(e.target.value); setPage(1); }} />
            </div>
          </FilterBar>
        </>
      }
      query={list}
      errorAction="list goods receipts"
      label="Goods receipts"
      busy={list.isFetching}
      columns={columns}
      rows={rows}
      rowKey={(g) => g.goodsReceiptID}
      empty="No goods receipt matches."
      total={pagedTotal(page, PAGE_SIZE, rows.length, list.data?.hasMore)}
      paging={{ label: 'Goods receipt pages', page, pageSize: PAGE_SIZE, onPage: setPage }}
    />
  );
}
