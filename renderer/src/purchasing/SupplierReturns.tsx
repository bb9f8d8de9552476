/**
 * Returns to a supplier: the list of debit notes, and a form to send goods back (damaged, wrong
 * power …) from stock, optionally against one of the supplier's goods receipts. The service
 * refuses more than a batch holds, naming the line, and saves nothing then.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import { RETURN_REASONS, type SupplierReturnDetail } from '../../../shared/models/purchasing.js';
import { hrefFor, navigate } from '../core/router.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { PrintActions } from '../print/PrintActions.js';
import { moneyColumn } from '../ui/DataTable.js';
import { formatDate } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { ListScreen, type Column } from '../ui/ListScreen.js';
import { pagedTotal, PurchasingTabs, SupplierSelect, typedNumber } from './parts.js';

const PAGE_SIZE = 20;
const REASON_WORDS: Record<(typeof RETURN_REASONS)[number], string> = { damaged: 'Damaged', wrong_power: 'Wrong power', wrong_item: 'Wrong item', expired: 'Expired', other: 'Other' };
type Row = Omit<SupplierReturnDetail, 'lines'>;

export function SupplierReturnList() {
  const [page, setPage] = useState(1);
  const list = useEndpoint(api.Purchasing.returns, { query: { page, pageSize: PAGE_SIZE } }, { placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const columns: Column<Row>[] = [
    { id: 'no', header: 'Debit note no', className: 'mono', cell: (r) => r.debitNoteNo, value: (r) => r.debitNoteNo },
    { id: 'date', header: 'Date', cell: (r) => formatDate(r.returnDate) ?? '—' },
    { id: 'supplier', header: 'Supplier', cell: (r) => r.supplierName },
    { id: 'gr', header: 'Goods receipt', className: 'mono', cell: (r) => r.grNo ?? '—' },
    { id: 'qty', header: 'Units', className: 'num', cell: (r) => String(r.qty) },
    moneyColumn('total', 'Total', (r) => r.total),
    { id: 'print', header: 'Print', noExport: true, cell: (r) => <PrintActions compact doc={{ kind: 'debitNote', id: r.supplierReturnID, number: r.debitNoteNo }} printLabel="Print debit note" /> },
  ];
  return (
    <ListScreen
      id="supplier-returns"
      title="Returns to suppliers"
      head={<a className="button" href={hrefFor({ name: 'supplierReturnNew' })}>New return to a supplier</a>}
      filters={<PurchasingTabs current="supplierReturns" />}
      query={list}
      errorAction="list returns to suppliers"
      label="Returns to suppliers"
      busy={list.isFetching}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.supplierReturnID}
      empty="Nothing has been returned to a supplier."
      total={pagedTotal(page, PAGE_SIZE, rows.length, list.data?.hasMore)}
      paging={{ label: 'Return pages', page, pageSize: PAGE_SIZE, onPage: setPage }}
    />
  );
}

interface Line { code: string; batchNo: string; qty: string; unitCost: string; reason: (typeof RETURN_REASONS)[number] }
const BLANK: Line = { code: '', batchNo: '', qty: '1', unitCost: '', reason: 'damaged' };

export function SupplierReturnForm() {
  const invalidate = useInvalidate();
  const [supplierID, setSupplier] = useState('');
  const [goodsReceiptID, setReceipt] = useState('');
  const [remarks, setRemarks] = useState('');
  const [lines, setLines] = useState<Line[]>([{ ...BLANK }]);
  const receipts = useEndpoint(api.Purchasing.receipts, supplierID ? { query: { supplierID, page: 1, pageSize: 50 } } : null, { enabled: supplierID !== '' });
  const save = useEndpointMutation(api.Purchasing.createReturn, {
    onSuccess: async () => {
      await invalidate(api.Purchasing.returns);
      navigate({ name: 'supplierReturns' });
    },
  });
  const set = (i: number, patch: Partial<Line>) => setLines(lines.map((l, n) => (n === i ? { ...l, ...patch } : l)));
  const cell = (i: number, k: 'code' | 'batchNo' | 'qty' | 'unitCost', label: string) => (
    <input aria-label={`Line ${i + 1} ${label}`} value={lines[i]![k]} onChange={(e) => set(i, { [k]: e.target.value })} />
  );
  return (
    <section className="panel screen" aria-labelledby="sr-new-title">
      <header className="screen-head">
        <h1 id="sr-new-title">New return to a supplier</h1>
      </header>
      <PurchasingTabs current="supplierReturnNew" />
      <form
        aria-label="Return to a supplier"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({
            body: {
              supplierID,
              goodsReceiptID: goodsReceiptID || null,
              remarks: remarks || null,
              lines: lines.filter((l) => l.code.trim()).map((l) => ({ code: l.code.trim(), batchNo: l.batchNo.trim() || null, qty: typedNumber(l.qty), unitCost: l.unitCost.trim() === '' ? null : Number(l.unitCost), reason: l.reason })),
            },
          });
        }}
      >
        <fieldset className="form-section">
          <legend className="visually-hidden">Details</legend>
          <SupplierSelect className="span-3" id="sr-supplier" value={supplierID} onChange={(id) => { setSupplier(id); setReceipt(''); }} />
          <div className="field span-2">
            <label htmlFor="sr-receipt">Goods receipt (optional)</label>
            <select id="sr-receipt" value={goodsReceiptID} onChange={(e) => setReceipt(e.target.value)}>
              <option value="">None</option>
              {receipts.data?.rows.map((g) => (
                <option key={g.goodsReceiptID} value={g.goodsReceiptID}>{`${g.grNo} (invoice ${g.supplierInvoiceNo})`}</option>
              ))}
            </select>
          </div>
          <div className="field span-2">
            <label htmlFor="sr-remarks">Remarks</label>
            <input id="sr-remarks" value={remarks} onChange={(e) => setRemarks(e.target.value)} />
          </div>
        </fieldset>
        <table className="data-table" aria-label="Return lines">
          <thead>
            <tr><th>#</th><th>Code or barcode</th><th>Batch</th><th>Qty</th><th>Unit cost (₹)</th><th>Reason</th></tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{cell(i, 'code', 'code')}</td>
                <td>{cell(i, 'batchNo', 'batch')}</td>
                <td>{cell(i, 'qty', 'quantity')}</td>
                <td>{cell(i, 'unitCost', 'unit cost')}</td>
                <td>
                  <select aria-label={`Line ${i + 1} reason`} value={l.reason} onChange={(e) => set(i, { reason: e.target.value as Line['reason'] })}>
                    {RETURN_REASONS.map((r) => <option key={r} value={r}>{REASON_WORDS[r]}</option>)}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ErrorBanner banner={save.error ? bannerFor(save.error, 'save the return') : null} />
        <div className="actions">
          <button type="button" onClick={() => setLines([...lines, { ...BLANK }])}>Add line</button>
          <button type="submit" disabled={save.isPending}>Save return and debit note</button>
        </div>
      </form>
    </section>
  );
}
