/**
 * One transfer: its document (printed from here), both branches with their GSTINs, how it travels
 * (the e-way bill's particulars), its lines, and what arrived. At the receiving branch, while it is
 * in transit, the goods are received here: each scan counts one more received on its line; the
 * damaged are typed; what is neither is short. The service refuses more than was sent, naming the line.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/endpoints/index.js';
import type { TransferDetail, TransferLineModel } from '../../../shared/models/transfer.js';
import { hrefFor } from '../core/router.js';
import { useEndpoint, useEndpointMutation, useInvalidate, endpointKey } from '../core/service.js';
import { DataTable, moneyColumn, type DataColumn } from '../ui/DataTable.js';
import { formatDate, formatInstant } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { formatGstRate, formatRupees } from '../ui/money.js';
import { receiveScan, shortOf, type ReceivingLine } from './lines.js';
import { printTab, printTransfer } from './print.js';
import { DOCUMENT_NAMES, StatusTag } from './words.js';

const MODES: Record<string, string> = { road: 'Road', rail: 'Rail', air: 'Air', ship: 'Ship', hand: 'Carried by hand' };

const lineColumns: DataColumn<TransferLineModel>[] = [
  { id: 'item', header: 'Item', cell: (l) => `${l.name} (${l.code})` },
  { id: 'batch', header: 'Batch', className: 'mono', cell: (l) => (l.batchNo ? `${l.batchNo}${l.expiryDate ? ` · exp ${formatDate(l.expiryDate)}` : ''}` : '—') },
  { id: 'hsn', header: 'HSN', className: 'mono', cell: (l) => l.hsnCode ?? '—' },
  { id: 'qty', header: 'Sent', className: 'num', cell: (l) => l.qty, value: (l) => l.qty },
  moneyColumn('value', 'Value/unit', (l) => l.unitValue),
  { id: 'gst', header: 'GST', className: 'num', cell: (l) => (l.tax ? formatGstRate(l.gstRate) : '—') },
  moneyColumn('tax', 'Tax', (l) => l.tax),
  { id: 'received', header: 'Received', className: 'num', cell: (l) => l.received ?? '—', value: (l) => l.received },
  { id: 'damaged', header: 'Damaged', className: 'num', cell: (l) => l.damaged ?? '—', value: (l) => l.damaged },
  { id: 'short', header: 'Short', className: 'num', cell: (l) => l.short ?? '—', value: (l) => l.short },
];

function Facts({ t }: { t: TransferDetail }) {
  const rows: [string, string][] = [
    ['Document', `${DOCUMENT_NAMES[t.documentKind]} ${t.documentNo}`],
    ['From', `${t.from.name} · GSTIN ${t.from.gstin ?? '—'}`],
    ['To', `${t.to.name} · GSTIN ${t.to.gstin ?? '—'}`],
    ['Dispatched', `${formatInstant(t.dispatchedAt) ?? ''}${t.dispatchedBy ? ` by ${t.dispatchedBy}` : ''}`],
    ['Value', `${formatRupees(t.taxable)} + tax ${formatRupees(t.cgst + t.sgst + t.igst)}${t.igst ? ' IGST' : ''} = ${formatRupees(t.total)}`],
    ['Transport', [t.transportMode ? MODES[t.transportMode] : null, t.vehicleNo, t.distanceKm !== null ? `${t.distanceKm} km` : null, t.transporter].filter(Boolean).join(' · ') || '—'],
    ['E-way bill', t.ewayBillRequired ? 'Required: over ₹50,000 (its particulars are printed on the document)' : 'Not required (₹50,000 or less)'],
  ];
  if (t.receivedAt) rows.push(['Received', `${formatInstant(t.receivedAt) ?? ''}${t.receivedBy ? ` by ${t.receivedBy}` : ''}`]);
  if (t.inputTax && t.documentKind === 'transfer_invoice') rows.push(['Input tax taken', formatRupees(t.inputTax.cgst + t.inputTax.sgst + t.inputTax.igst)]);
  if (t.note) rows.push(['Note', t.note]);
  if (t.receiptNote) rows.push(['Receiver’s note', t.receiptNote]);
  return (
    <dl className="facts facts-columns">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReceiveForm({ t }: { t: TransferDetail }) {
  const invalidate = useInvalidate();
  const [lines, setLines] = useState<ReceivingLine[]>(() => t.lines.map((l) => ({ lineId: l.lineId, code: l.code, barcode: l.barcode, qty: l.qty, received: 0, damaged: 0 })));
  const [code, setCode] = useState('');
  const [scanProblem, setScanProblem] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const receive = useEndpointMutation(api.Transfers.receive, {
    onSuccess: async () => {
      await invalidate(endpointKey(api.Transfers.detail, { params: { transferId: t.transferId } }), api.Transfers.list);
    },
  });

  function scan(event: FormEvent) {
    event.preventDefault();
    const next = receiveScan(lines, code);
    setScanProblem(next ? null : `${code.trim()} is not on this transfer, or all of it is counted already.`);
    if (next) setLines(next);
    setCode('');
  }
  const set = (i: number, key: 'received' | 'damaged', value: string) => setLines(lines.map((l, n) => (n === i ? { ...l, [key]: Number(value) } : l)));

  return (
    <section aria-labelledby="receive-title">
      <h2 id="receive-title">Receive at {t.to.name}</h2>
      {receive.isError && <ErrorBanner banner={bannerFor(receive.error, 'receive the transfer')} />}
      <form className="inline-form" aria-label="Scan received goods" onSubmit={scan}>
        <div className="field">
          <label htmlFor="r-code">Scan an item</label>
          <input id="r-code" autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} />
        </div>
        <button type="submit" className="button button-secondary" disabled={!code.trim()}>
          Count it
        </button>
        {scanProblem && (
          <p className="field-error" role="alert">
            {scanProblem}
          </p>
        )}
      </form>
      <table className="data-table" aria-label="Goods received">
        <thead>
          <tr>
            <th>Item</th>
            <th className="num">Sent</th>
            <th className="num">Received</th>
            <th className="num">Damaged</th>
            <th className="num">Short</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const line = t.lines[i]!;
            return (
              <tr key={l.lineId}>
                <td>
                  {line.name} ({line.code}){line.batchNo ? ` · batch ${line.batchNo}` : ''}
                </td>
                <td className="num">{l.qty}</td>
                <td className="num">
                  <input className="cell-qty" type="number" min={0} aria-label={`Received of ${line.code}`} value={l.received} onChange={(e) => set(i, 'received', e.target.value)} />
                </td>
                <td className="num">
                  <input className="cell-qty" type="number" min={0} aria-label={`Damaged of ${line.code}`} value={l.damaged} onChange={(e) => set(i, 'damaged', e.target.value)} />
                </td>
                <td className="num" data-testid="short">
                  {shortOf(l)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="field">
        <label htmlFor="r-note">Note (what was wrong)</label>
        <input id="r-note" value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          disabled={receive.isPending}
          onClick={() => receive.mutate({ params: { transferId: t.transferId }, body: { lines: lines.map((l) => ({ lineId: l.lineId, received: l.received, damaged: l.damaged })), note: note || null } })}
        >
          {receive.isPending ? 'Receiving…' : 'Receive'}
        </button>
      </div>
    </section>
  );
}

export function TransferPage({ transferId }: { transferId: string }) {
  const detail = useEndpoint(api.Transfers.detail, { params: { transferId } });
  const print = useMutation({ mutationFn: (tab: Window | null) => printTransfer(transferId, tab) });
  const t = detail.data;
  const title = t ? `${DOCUMENT_NAMES[t.documentKind]} ${t.documentNo}` : 'Transfer';
  return (
    <section className="panel screen screen-wide" aria-labelledby="transfer-title">
      <a className="back-link" href={hrefFor({ name: 'transfers', view: 'in-transit' })}>
        ← Transfers
      </a>
      <header className="screen-head">
        <h1 id="transfer-title">{title}</h1>
        {t && <StatusTag status={t.status} />}
        {t && (
          <button type="button" className="button button-secondary" disabled={print.isPending} onClick={() => print.mutate(printTab())}>
            {t.documentKind === 'delivery_challan' ? 'Print challan' : 'Print invoice'}
          </button>
        )}
      </header>
      {print.data && <p className="print-outcome" role="status">{print.data}</p>}
      {print.isError && <ErrorBanner banner={bannerFor(print.error, 'print the document')} />}
      {detail.isError && <ErrorBanner banner={bannerFor(detail.error, 'open the transfer')} />}
      {detail.isPending && <p className="muted">Loading…</p>}
      {t && (
        <>
          <Facts t={t} />
          {t.status === 'received_with_discrepancy' && (
            <p className="banner banner-warning" role="note">
              Discrepancy: {t.damaged ?? 0} damaged (written off at {t.to.name}), {t.short ?? 0} short (never arrived). Both branches see this.
            </p>
          )}
          <DataTable listId="transfer-lines" label="Lines" columns={lineColumns} rows={t.lines} rowKey={(l) => l.lineId} tools={false} />
          {t.canReceive && <ReceiveForm key={t.transferId} t={t} />}
        </>
      )}
    </section>
  );
}
