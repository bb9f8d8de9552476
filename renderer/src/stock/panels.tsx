/**
 * The manager's stock panels: an item's ledger at a branch (a page at a time, newest or oldest
 * first), the stock at cost on a day, and the low-stock report (exported as CSV to order from).
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import { localDate } from '../../../shared/domain/calendar.js';
import type { LedgerEntry, LowStockLine, StockValueLine } from '../../../shared/models/stock.js';
import { hrefFor } from '../core/router.js';
import { useEndpoint } from '../core/service.js';
import { DataTable, type DataColumn } from '../ui/DataTable.js';
import { DateField, isDateEntry } from '../ui/DateField.js';
import { formatInstant } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { formatRupees } from '../ui/money.js';

const LEDGER_PAGE = 25;

const REASONS: Record<string, string> = {
  opening: 'Opening stock',
  sale: 'Sale',
  cancel: 'Sale cancelled',
  receipt: 'Goods received',
  transfer: 'Transfer',
  adjustment: 'Adjustment',
  count: 'Stock count',
  return: 'Customer return',
  supplier_return: 'Returned to supplier',
  write_off: 'Written off',
};

const DOCUMENTS: Record<string, string> = {
  sale: 'Sale',
  import: 'Import',
  goods_receipt: 'Goods receipt',
  supplier_return: 'Debit note',
  transfer: 'Transfer',
  stock_take: 'Stock-take',
  customer_return: 'Customer return',
  adjustment: 'Adjustment',
};

/** Rupees as the table shows them, and as its CSV exports them (a plain number). */
function rupeeColumn<Row>(id: string, header: string, amount: (row: Row) => number | null): DataColumn<Row> {
  return { id, header, className: 'num money', cell: (r) => (amount(r) === null ? '—' : formatRupees(amount(r)!)), value: amount };
}

export function StockLedgerPanel({ itemId, branchId, branchName }: { itemId: string; branchId: string; branchName: string }) {
  const [order, setOrder] = useState<'newest' | 'oldest'>('newest');
  // The `next` of each page shown so far: page n starts after cursors[n - 1].
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1);
  const ledger = useEndpoint(
    api.Stock.ledger,
    { query: { itemId, branchId, order, pageSize: LEDGER_PAGE, ...(after ? { after } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const columns: DataColumn<LedgerEntry>[] = [
    { id: 'at', header: 'When', cell: (r) => formatInstant(r.at) ?? r.at, value: (r) => r.at },
    { id: 'reason', header: 'Movement', cell: (r) => REASONS[r.reason] ?? r.reason },
    {
      id: 'document',
      header: 'Document',
      cell: (r) =>
        r.document === 'sale' && r.documentNo ? (
          <a className="row-link mono" href={hrefFor({ name: 'order', salesOrderNo: r.documentNo })}>
            {r.documentNo}
          </a>
        ) : (
          [r.document ? (DOCUMENTS[r.document] ?? r.document) : null, r.documentNo].filter(Boolean).join(' ') || '—'
        ),
      value: (r) => [r.document, r.documentNo].filter(Boolean).join(' '),
    },
    { id: 'batch', header: 'Batch', className: 'mono', cell: (r) => r.batchNo || '—' },
    { id: 'user', header: 'By', cell: (r) => r.user ?? '—' },
    { id: 'delta', header: 'Change', className: 'num', cell: (r) => (r.delta > 0 ? `+${r.delta}` : r.delta), value: (r) => r.delta },
    { id: 'balance', header: 'Balance', className: 'num', cell: (r) => r.balance, value: (r) => r.balance },
    rupeeColumn('unitCost', 'Unit cost', (r) => r.unitCost),
  ];
  const data = ledger.data;
  return (
    <section className="stock-ledger" aria-labelledby="stock-ledger-title">
      <h2 id="stock-ledger-title">Ledger at {branchName}</h2>
      <div className="list-toolbar">
        <div className="field">
          <label htmlFor="stock-ledger-order">Order</label>
          <select
            id="stock-ledger-order"
            value={order}
            onChange={(e) => {
              setOrder(e.target.value as 'newest' | 'oldest');
              setCursors([]);
            }}
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
        </div>
        {data && (
          <p className="muted" role="status">
            On hand {data.onHand} · sellable today {data.sellable}
          </p>
        )}
      </div>
      {ledger.isError && <ErrorBanner banner={bannerFor(ledger.error, 'show the ledger')} />}
      <DataTable
        listId="stock-ledger"
        label={`Stock ledger at ${branchName}`}
        columns={columns}
        rows={data?.rows ?? []}
        rowKey={(r) => r.movementID}
        busy={ledger.isFetching}
        empty={ledger.isSuccess ? 'No movements of this item at this branch.' : undefined}
      />
      <nav className="pager" aria-label="Ledger pages">
        <button type="button" className="button button-secondary button-small" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
          Previous page
        </button>
        <span className="muted">Page {cursors.length + 1}</span>
        <button type="button" className="button button-secondary button-small" disabled={!data?.next || ledger.isFetching} onClick={() => data?.next && setCursors([...cursors, data.next])}>
          Next page
        </button>
      </nav>
    </section>
  );
}

export function StockValuePanel() {
  const [date, setDate] = useState(() => localDate(new Date()));
  const ready = date !== '' && isDateEntry(date);
  const value = useEndpoint(api.Stock.valueAtCost, ready ? { query: { date } } : null, { placeholderData: keepPreviousData });
  const columns: DataColumn<StockValueLine>[] = [
    { id: 'code', header: 'Code', className: 'mono', cell: (r) => r.code, value: (r) => r.code, sortable: true },
    { id: 'name', header: 'Item', cell: (r) => r.name, value: (r) => r.name, sortable: true },
    { id: 'qty', header: 'Quantity', className: 'num', cell: (r) => r.qty, value: (r) => r.qty, sortable: true },
    rupeeColumn('unitCost', 'Unit cost', (r) => r.unitCost),
    { id: 'costFrom', header: 'Cost from', cell: (r) => ({ receipts: 'Receipts (average)', item: 'Item’s cost', none: 'No cost known' })[r.costFrom] },
    { ...rupeeColumn('value', 'Value', (r) => r.value), sortable: true },
  ];
  const data = value.data;
  return (
    <>
      <div className="list-toolbar">
        <DateField id="stock-value-date" label="Stock at the end of" value={date} onChange={setDate} />
        {data && (
          <p role="status">
            <strong>{data.branchName}</strong>: {data.totalQty} units worth <strong>{formatRupees(data.totalValue)}</strong> at cost
          </p>
        )}
      </div>
      {value.isError && <ErrorBanner banner={bannerFor(value.error, 'value the stock')} />}
      <DataTable
        listId="stock-value"
        label="Stock at cost"
        columns={columns}
        rows={data?.lines ?? []}
        rowKey={(r) => r.itemID}
        busy={value.isFetching}
        empty={value.isSuccess ? 'No stock at this branch on that day.' : undefined}
      />
    </>
  );
}

export function LowStockPanel() {
  const low = useEndpoint(api.Stock.lowStock, { query: {} });
  const columns: DataColumn<LowStockLine>[] = [
    { id: 'code', header: 'Code', className: 'mono', cell: (r) => r.code, value: (r) => r.code, sortable: true },
    { id: 'name', header: 'Item', cell: (r) => r.name, value: (r) => r.name, sortable: true },
    { id: 'brand', header: 'Brand', cell: (r) => r.brand ?? '—', value: (r) => r.brand },
    { id: 'sellable', header: 'Sellable', className: 'num', cell: (r) => r.sellable, value: (r) => r.sellable, sortable: true },
    { id: 'reorderLevel', header: 'Reorder level', className: 'num', cell: (r) => r.reorderLevel, value: (r) => r.reorderLevel },
    { id: 'toOrder', header: 'To order', className: 'num', cell: (r) => <strong>{r.toOrder}</strong>, value: (r) => r.toOrder, sortable: true },
  ];
  return (
    <>
      {low.data && (
        <p role="status">
          At <strong>{low.data.branchName}</strong>, {low.data.lines.length} {low.data.lines.length === 1 ? 'item is' : 'items are'} at or below the reorder level.
          Draft a purchase order from it, or export it as CSV.
        </p>
      )}
      {low.data && low.data.lines.length > 0 && (
        <p>
          <a className="button" href={hrefFor({ name: 'purchaseOrderNew', fromLowStock: true })}>
            Draft a purchase order
          </a>
        </p>
      )}
      {low.isError && <ErrorBanner banner={bannerFor(low.error, 'list low stock')} />}
      <DataTable
        listId="low-stock"
        label="Low stock"
        columns={columns}
        rows={low.data?.lines ?? []}
        rowKey={(r) => r.itemID}
        busy={low.isFetching}
        empty={low.isSuccess ? 'Nothing is at or below its reorder level.' : undefined}
      />
    </>
  );
}
