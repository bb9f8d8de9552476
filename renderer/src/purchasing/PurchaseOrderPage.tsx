/** A purchase order: its lines with what has come in and what is pending, receive, close, print. */
import { api } from '../../../shared/endpoints/index.js';
import type { PurchaseOrderLine } from '../../../shared/models/purchasing.js';
import { hrefFor } from '../core/router.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { PrintActions } from '../print/PrintActions.js';
import { DataTable, moneyColumn, type DataColumn } from '../ui/DataTable.js';
import { formatDate } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { PurchasingTabs } from './parts.js';

const columns: DataColumn<PurchaseOrderLine>[] = [
  { id: 'no', header: '#', className: 'num', cell: (l) => String(l.lineNo) },
  { id: 'code', header: 'Code', className: 'mono', cell: (l) => l.itemCode },
  { id: 'item', header: 'Item', cell: (l) => l.itemName },
  { id: 'power', header: 'Power', cell: (l) => l.power ?? '—' },
  { id: 'qty', header: 'Ordered', className: 'num', cell: (l) => String(l.qty) },
  { id: 'received', header: 'Received', className: 'num', cell: (l) => String(l.received) },
  { id: 'pending', header: 'Pending', className: 'num', cell: (l) => String(l.pending) },
  moneyColumn('cost', 'Expected cost', (l) => l.expectedCost, { blank: '—' }),
];

export function PurchaseOrderPage({ purchaseOrderId }: { purchaseOrderId: string }) {
  const order = useEndpoint(api.Purchasing.order, { params: { purchaseOrderId } });
  const invalidate = useInvalidate();
  const close = useEndpointMutation(api.Purchasing.closeOrder, { onSuccess: () => invalidate(api.Purchasing.order, api.Purchasing.orders) });
  const o = order.data;
  const receivable = o && (o.status === 'open' || o.status === 'part received');
  return (
    <section className="panel screen" aria-labelledby="po-title">
      <header className="screen-head">
        <h1 id="po-title">Purchase order {o?.poNo ?? ''}</h1>
        {o && <span className="tag" aria-label="Status">{o.status}</span>}
      </header>
      <PurchasingTabs current="purchaseOrder" />
      {order.isError && <ErrorBanner banner={bannerFor(order.error, 'open the purchase order')} />}
      {o && (
        <>
          <dl className="facts">
            <div><dt>Supplier</dt><dd>{o.supplierName}</dd></div>
            <div><dt>Date</dt><dd>{formatDate(o.orderDate)}</dd></div>
            <div><dt>Expected by</dt><dd>{formatDate(o.expectedDate) ?? '—'}</dd></div>
            <div><dt>Ordered / received</dt><dd>{o.ordered} / {o.received}</dd></div>
            {o.remarks && (<><div><dt>Remarks</dt><dd>{o.remarks}</dd></div></>)}
          </dl>
          <DataTable listId="po-lines" label="Order lines" columns={columns} rows={o.lines} rowKey={(l) => l.lineID} />
          <div className="actions">
            {receivable && (
              <a className="button" href={hrefFor({ name: 'goodsReceiptNew', purchaseOrderId })}>
                Receive goods
              </a>
            )}
            {receivable && (
              <button type="button" disabled={close.isPending} onClick={() => close.mutate({ params: { purchaseOrderId }, body: {} })}>
                Close order
              </button>
            )}
            <PrintActions doc={{ kind: 'purchaseOrder', id: purchaseOrderId, number: o.poNo }} printLabel="Print purchase order" />
          </div>
          <ErrorBanner banner={close.error ? bannerFor(close.error, 'close the order') : null} />
        </>
      )}
    </section>
  );
}
