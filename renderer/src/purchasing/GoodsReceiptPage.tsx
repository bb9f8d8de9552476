/** A goods receipt: the supplier's invoice, its lines with landed cost and GST, short and excess against the order, print. */
import { api } from '../../../shared/endpoints/index.js';
import type { GoodsReceiptDetail } from '../../../shared/models/purchasing.js';
import { hrefFor } from '../core/router.js';
import { useEndpoint } from '../core/service.js';
import { PrintActions } from '../print/PrintActions.js';
import { DataTable, moneyColumn, type DataColumn } from '../ui/DataTable.js';
import { formatDate } from '../ui/dates.js';
import { formatRupees } from '../ui/money.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { PurchasingTabs } from './parts.js';

type Line = GoodsReceiptDetail['lines'][number];
type Variance = GoodsReceiptDetail['variances'][number];

const lineColumns: DataColumn<Line>[] = [
  { id: 'no', header: '#', className: 'num', cell: (l) => String(l.lineNo) },
  { id: 'item', header: 'Item', cell: (l) => `${l.itemCode} ${l.itemName}` },
  { id: 'batch', header: 'Batch', cell: (l) => l.batchNo || '—' },
  { id: 'expiry', header: 'Expiry', cell: (l) => formatDate(l.expiryDate) ?? '—' },
  { id: 'qty', header: 'Qty', className: 'num', cell: (l) => String(l.qty) },
  moneyColumn('cost', 'Unit cost', (l) => l.unitCost),
  moneyColumn('taxable', 'Taxable', (l) => l.taxable),
  { id: 'rate', header: 'GST %', className: 'num', cell: (l) => `${l.ratePercent}%` },
  moneyColumn('tax', 'Tax', (l) => l.cgst + l.sgst + l.igst),
  moneyColumn('landed', 'Landed unit cost', (l) => l.landedUnitCost),
];

const varianceColumns: DataColumn<Variance>[] = [
  { id: 'item', header: 'Item', cell: (v) => `${v.itemCode} ${v.itemName}${v.power ? ` ${v.power}` : ''}` },
  { id: 'ordered', header: 'Ordered', className: 'num', cell: (v) => String(v.ordered) },
  { id: 'received', header: 'Received so far', className: 'num', cell: (v) => String(v.received) },
  { id: 'diff', header: 'Short / excess', cell: (v) => (v.difference < 0 ? `${-v.difference} short` : v.difference > 0 ? `${v.difference} excess` : 'in full') },
];

export function GoodsReceiptPage({ goodsReceiptId }: { goodsReceiptId: string }) {
  const receipt = useEndpoint(api.Purchasing.receipt, { params: { goodsReceiptId } });
  const g = receipt.data;
  return (
    <section className="panel screen screen-wide" aria-labelledby="gr-title">
      <header className="screen-head">
        <h1 id="gr-title">Goods receipt {g?.grNo ?? ''}</h1>
      </header>
      <PurchasingTabs current="goodsReceipt" />
      {receipt.isError && <ErrorBanner banner={bannerFor(receipt.error, 'open the goods receipt')} />}
      {g && (
        <>
          <dl className="facts">
            <div><dt>Supplier</dt><dd>{g.supplierName}{g.supplierGstin ? ` (GSTIN ${g.supplierGstin})` : ''}</dd></div>
            <div><dt>Supplier invoice</dt><dd>{g.supplierInvoiceNo} of {formatDate(g.supplierInvoiceDate)}</dd></div>
            <div><dt>Received</dt><dd>{formatDate(g.receiptDate)} by {g.createdBy}</dd></div>
            {g.poNo && g.purchaseOrderID && (
              <div>
                <dt>Purchase order</dt>
                <dd>
                  <a href={hrefFor({ name: 'purchaseOrder', purchaseOrderId: g.purchaseOrderID })}>{g.poNo}</a> — <span aria-label="Order status">{g.orderStatus}</span>
                </dd>
              </div>
            )}
            <div><dt>Taxable value</dt><dd>{formatRupees(g.taxable)}</dd></div>
            <div><dt>{g.intraState ? 'CGST + SGST' : 'IGST'}</dt><dd>{formatRupees((g.cgst + g.sgst + g.igst))}</dd></div>
            {g.charges > 0 && (<><div><dt>Freight and other charges</dt><dd>{formatRupees(g.charges)}</dd></div></>)}
            <div><dt>Invoice total</dt><dd>{formatRupees(g.total)}</dd></div>
          </dl>
          <DataTable listId="gr-lines" label="Received lines" columns={lineColumns} rows={g.lines} rowKey={(l) => l.lineNo} />
          {g.variances.length > 0 && (
            <>
              <h2>Against the order</h2>
              <DataTable listId="gr-variances" label="Against the order" columns={varianceColumns} rows={g.variances} rowKey={(v) => `${v.lineNo}-${v.itemCode}`} />
            </>
          )}
          <div className="actions">
            <PrintActions doc={{ kind: 'goodsReceipt', id: goodsReceiptId, number: g.grNo }} printLabel="Print goods receipt" />
            <a className="button button-secondary" href={hrefFor({ name: 'labels', goodsReceiptId })}>
              Labels for this receipt
            </a>
          </div>
        </>
      )}
    </section>
  );
}
