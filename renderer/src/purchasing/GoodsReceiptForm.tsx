/**
 * Receiving goods: the supplier and its invoice (number, date, freight and other charges), then
 * each line scanned (a barcode and Enter) or typed, with quantity, unit cost before GST, and for
 * contact lenses the batch and expiry. Against an order, its pending lines are listed and each
 * shows short or excess as the quantities are counted. Saving is one transaction at the service;
 * a refused line is named there and nothing is saved.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../../../shared/client.js';
import { api } from '../../../shared/endpoints/index.js';
import { navigate } from '../core/router.js';
import { client, useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { PurchasingTabs, SupplierSelect } from './parts.js';
import { addScan, difference, linesOfOrder, receiptRequest, type ReceiptLine } from './receipt-lines.js';

const todayText = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

export function GoodsReceiptForm({ purchaseOrderId }: { purchaseOrderId: string | null }) {
  const invalidate = useInvalidate();
  const order = useEndpoint(api.Purchasing.order, purchaseOrderId ? { params: { purchaseOrderId } } : null, { enabled: purchaseOrderId !== null });
  const [supplierID, setSupplier] = useState('');
  const [invoiceNo, setInvoiceNo] = useState('');
  const [invoiceDate, setInvoiceDate] = useState(todayText());
  const [charges, setCharges] = useState('');
  const [lines, setLines] = useState<ReceiptLine[]>([]);
  const [scan, setScan] = useState('');
  const [scanProblem, setScanProblem] = useState<string | null>(null);

  useEffect(() => {
    if (order.data) {
      setSupplier(order.data.supplierID);
      setLines(linesOfOrder(order.data));
    }
  }, [order.data]);

  const save = useEndpointMutation(api.Purchasing.createReceipt, {
    onSuccess: async (g) => {
      await invalidate(api.Purchasing.receipts, api.Purchasing.orders, api.Purchasing.order);
      navigate({ name: 'goodsReceipt', goodsReceiptId: g.goodsReceiptID });
    },
  });

  async function onScan() {
    const code = scan.trim();
    if (!code) return;
    setScan('');
    try {
      const item = await client.call(api.QuickSale.itemDetailFromCode, { query: { code } });
      setLines((now) => addScan(now, item, code));
      setScanProblem(null);
    } catch (err) {
      setScanProblem(err instanceof ApiError && err.status === 404 ? `No item has the code or barcode ${code}.` : `Could not look up ${code}.`);
    }
  }

  const set = (i: number, patch: Partial<ReceiptLine>) => setLines(lines.map((l, n) => (n === i ? { ...l, ...patch } : l)));
  const input = (i: number, k: 'qty' | 'unitCost' | 'batchNo' | 'expiryDate', label: string, type = 'text') => (
    <input aria-label={`Line ${i + 1} ${label}`} type={type} value={lines[i]![k]} onChange={(e) => set(i, { [k]: e.target.value })} />
  );

  return (
    <section className="panel screen screen-wide" aria-labelledby="gr-new-title">
      <header className="screen-head">
        <h1 id="gr-new-title">Receive goods{order.data ? ` against ${order.data.poNo}` : ''}</h1>
      </header>
      <PurchasingTabs current="goodsReceiptNew" />
      <form
        aria-label="Goods receipt"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ body: receiptRequest({ supplierID, purchaseOrderID: purchaseOrderId, invoiceNo, invoiceDate, charges }, lines) });
        }}
      >
        <fieldset className="form-section">
          <legend className="visually-hidden">Details</legend>
          <SupplierSelect className="span-3" id="gr-supplier" value={supplierID} onChange={setSupplier} disabled={purchaseOrderId !== null} />
          <div className="field span-2">
            <label htmlFor="gr-invoice">Supplier invoice no</label>
            <input id="gr-invoice" value={invoiceNo} onChange={(e) => setInvoiceNo(e.target.value)} />
          </div>
          <div className="field span-2">
            <label htmlFor="gr-invoice-date">Invoice date</label>
            <input id="gr-invoice-date" type="date" value={invoiceDate} onChange={(e) => setInvoiceDate(e.target.value)} />
          </div>
          <div className="field span-2">
            <label htmlFor="gr-charges">Freight and other charges (₹)</label>
            <input id="gr-charges" inputMode="decimal" value={charges} onChange={(e) => setCharges(e.target.value)} />
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor="gr-scan">Scan or type a barcode</label>
          <input
            id="gr-scan"
            autoComplete="off"
            value={scan}
            onChange={(e) => setScan(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void onScan();
              }
            }}
          />
          {scanProblem && <p className="field-error" role="alert">{scanProblem}</p>}
        </div>
        <table className="data-table" aria-label="Receipt lines">
          <thead>
            <tr><th>#</th><th>Item</th><th>Ordered</th><th>Qty</th><th>Short / excess</th><th>Unit cost (₹)</th><th>Batch</th><th>Expiry</th></tr>
          </thead>
          <tbody>
            {lines.map((l, i) => {
              const d = difference(l);
              return (
                <tr key={l.key}>
                  <td>{i + 1}</td>
                  <td>{l.code} {l.name}{l.power ? ` ${l.power}` : ''}</td>
                  <td className="num">{l.ordered === null ? '—' : l.ordered - l.receivedBefore}</td>
                  <td>{input(i, 'qty', 'quantity')}</td>
                  <td className="num" aria-label={`Line ${i + 1} short or excess`}>{d === null ? '—' : d < 0 ? `${-d} short` : d > 0 ? `${d} excess` : 'in full'}</td>
                  <td>{input(i, 'unitCost', 'unit cost')}</td>
                  <td>{input(i, 'batchNo', 'batch')}</td>
                  <td>{input(i, 'expiryDate', 'expiry', 'date')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <ErrorBanner banner={save.error ? bannerFor(save.error, 'save the goods receipt') : null} />
        <div className="actions">
          <button type="submit" disabled={save.isPending || lines.length === 0}>
            Save goods receipt
          </button>
        </div>
      </form>
    </section>
  );
}
