/**
 * A new purchase order: the supplier, when the goods are expected, and its lines — an item by its
 * code or barcode, or a spectacle lens by its power (SPH, CYL, ADD) and eye — with quantity and
 * expected cost. The service names any line it refuses.
 */
import { useEffect, useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import type { PurchaseOrderLineInput } from '../../../shared/models/purchasing.js';
import { navigate } from '../core/router.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { PurchasingTabs, SupplierSelect, typedNumber } from './parts.js';

interface Line { code: string; sph: string; cyl: string; add: string; eye: '' | 'R' | 'L'; qty: string; cost: string }
const BLANK: Line = { code: '', sph: '', cyl: '', add: '', eye: '', qty: '1', cost: '' };
const power = (t: string) => (t.trim() === '' ? null : Number(t));

export function lineInput(l: Line): PurchaseOrderLineInput {
  return { code: l.code.trim(), sph: power(l.sph), cyl: power(l.cyl), add: power(l.add), eye: l.eye || null, qty: typedNumber(l.qty), expectedCost: l.cost.trim() === '' ? null : Number(l.cost) };
}

/** `fromLowStock`: the lines start as the branch's low-stock list, each with its quantity to order. */
export function PurchaseOrderForm({ fromLowStock = false }: { fromLowStock?: boolean }) {
  const invalidate = useInvalidate();
  const [supplierID, setSupplier] = useState('');
  const [expectedDate, setExpected] = useState('');
  const [remarks, setRemarks] = useState(fromLowStock ? 'Reorder: low stock' : '');
  const [lines, setLines] = useState<Line[]>([{ ...BLANK }]);
  const low = useEndpoint(api.Stock.lowStock, { query: {} }, { enabled: fromLowStock });
  useEffect(() => {
    if (low.data && low.data.lines.length > 0) setLines(low.data.lines.map((l) => ({ ...BLANK, code: l.code, qty: String(l.toOrder) })));
  }, [low.data]);
  const create = useEndpointMutation(api.Purchasing.createOrder, {
    onSuccess: async (o) => {
      await invalidate(api.Purchasing.orders);
      navigate({ name: 'purchaseOrder', purchaseOrderId: o.purchaseOrderID });
    },
  });
  const set = (i: number, patch: Partial<Line>) => setLines(lines.map((l, n) => (n === i ? { ...l, ...patch } : l)));
  const cell = (i: number, k: 'code' | 'sph' | 'cyl' | 'add' | 'qty' | 'cost', label: string) => (
    <input aria-label={`Line ${i + 1} ${label}`} value={lines[i]![k]} onChange={(e) => set(i, { [k]: e.target.value })} />
  );
  return (
    <section className="panel screen" aria-labelledby="po-new-title">
      <header className="screen-head">
        <h1 id="po-new-title">New purchase order</h1>
      </header>
      <PurchasingTabs current="purchaseOrderNew" />
      <form
        aria-label="New purchase order"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ body: { supplierID, expectedDate: expectedDate || null, remarks: remarks || null, lines: lines.filter((l) => l.code.trim()).map(lineInput) } });
        }}
      >
        <fieldset className="form-section">
          <legend className="visually-hidden">Details</legend>
          <SupplierSelect className="span-3" id="po-supplier" value={supplierID} onChange={setSupplier} />
          <div className="field span-2">
            <label htmlFor="po-expected">Expected by</label>
            <input id="po-expected" type="date" value={expectedDate} onChange={(e) => setExpected(e.target.value)} />
          </div>
          <div className="field span-2">
            <label htmlFor="po-remarks">Remarks</label>
            <input id="po-remarks" value={remarks} onChange={(e) => setRemarks(e.target.value)} />
          </div>
        </fieldset>
        <table className="data-table" aria-label="Order lines">
          <thead>
            <tr><th>#</th><th>Code or barcode</th><th>SPH</th><th>CYL</th><th>ADD</th><th>Eye</th><th>Qty</th><th>Expected cost (₹)</th></tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{cell(i, 'code', 'code')}</td>
                <td>{cell(i, 'sph', 'SPH')}</td>
                <td>{cell(i, 'cyl', 'CYL')}</td>
                <td>{cell(i, 'add', 'ADD')}</td>
                <td>
                  <select aria-label={`Line ${i + 1} eye`} value={l.eye} onChange={(e) => set(i, { eye: e.target.value as Line['eye'] })}>
                    <option value="">—</option>
                    <option value="R">R</option>
                    <option value="L">L</option>
                  </select>
                </td>
                <td>{cell(i, 'qty', 'quantity')}</td>
                <td>{cell(i, 'cost', 'expected cost')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ErrorBanner banner={create.error ? bannerFor(create.error, 'save the purchase order') : null} />
        <div className="actions">
          <button type="button" onClick={() => setLines([...lines, { ...BLANK }])}>
            Add line
          </button>
          <button type="submit" disabled={create.isPending}>
            Save purchase order
          </button>
        </div>
      </form>
    </section>
  );
}
