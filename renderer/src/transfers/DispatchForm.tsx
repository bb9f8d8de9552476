/**
 * Dispatching goods to another branch (managers): the branch to send to (the screen says whether
 * that prints a delivery challan or a tax invoice), the items scanned or typed with their batch and
 * quantity, and how they travel (needed for the e-way bill over ₹50,000). The service checks the
 * stock and names any line it refuses; nothing is sent unless all of it can be.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import { TRANSPORT_MODES, type DispatchTransferRequest } from '../../../shared/models/transfer.js';
import { hrefFor, navigate } from '../core/router.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { addScan, type DraftLine } from './lines.js';
import { DOCUMENT_NAMES } from './words.js';

const MODE_NAMES: Record<(typeof TRANSPORT_MODES)[number], string> = { road: 'Road', rail: 'Rail', air: 'Air', ship: 'Ship', hand: 'Carried by hand' };

export function DispatchForm() {
  const invalidate = useInvalidate();
  const destinations = useEndpoint(api.Transfers.destinations, {});
  const [to, setTo] = useState('');
  const [code, setCode] = useState('');
  const [batch, setBatch] = useState('');
  const [value, setValue] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [transport, setTransport] = useState({ mode: '', vehicleNo: '', distanceKm: '', transporter: '', note: '' });
  const dest = destinations.data?.find((d) => d.branchId === to);
  const dispatch = useEndpointMutation(api.Transfers.dispatch, {
    onSuccess: async (t) => {
      await invalidate(api.Transfers.list);
      navigate({ name: 'transfer', transferId: t.transferId });
    },
  });

  function scan(event: FormEvent) {
    event.preventDefault();
    setLines(addScan(lines, code, batch, value));
    setCode('');
    setValue('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const distance = transport.distanceKm.trim();
    const body: DispatchTransferRequest = {
      toBranchId: to,
      lines: lines.map((l) => ({ code: l.code, batchNo: l.batchNo || null, qty: l.qty, unitValue: l.unitValue ? Number(l.unitValue) : null })),
      transportMode: (transport.mode || null) as DispatchTransferRequest['transportMode'],
      vehicleNo: transport.vehicleNo || null,
      distanceKm: distance ? Number(distance) : null,
      transporter: transport.transporter || null,
      note: transport.note || null,
    };
    dispatch.mutate({ body });
  }
  const setField = (key: keyof typeof transport) => (e: { target: { value: string } }) => setTransport({ ...transport, [key]: e.target.value });

  return (
    <section className="panel screen" aria-labelledby="dispatch-title">
      <a className="back-link" href={hrefFor({ name: 'transfers', view: 'outgoing' })}>
        ← Transfers
      </a>
      <h1 id="dispatch-title">Dispatch a transfer</h1>
      {destinations.isError && <ErrorBanner banner={bannerFor(destinations.error, 'list the branches')} />}
      {dispatch.isError && <ErrorBanner banner={bannerFor(dispatch.error, 'dispatch the transfer')} />}

      <div className="form-grid">
        <div className="field span-4">
          <label htmlFor="t-to">Send to</label>
          <select id="t-to" value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="">Choose a branch</option>
            {(destinations.data ?? []).map((d) => (
              <option key={d.branchId} value={d.branchId}>
                {d.name} ({d.code}, {d.stateName})
              </option>
            ))}
          </select>
        </div>
        {dest && (
          <p className="banner banner-info span-7" role="status">
            {dest.documentKind === 'delivery_challan'
              ? `Same GSTIN (${dest.gstin ?? '—'}): the goods go on a delivery challan, not a sale.`
              : `Another GSTIN (${dest.gstin ?? '—'}, ${dest.stateName}): this is a supply between branches, billed on a tax invoice with GST.`}{' '}
            Prints: {DOCUMENT_NAMES[dest.documentKind]}.
          </p>
        )}
      </div>

      <form className="inline-form" aria-label="Add an item" onSubmit={scan}>
        <div className="field">
          <label htmlFor="t-code">Item code or barcode</label>
          <input id="t-code" value={code} autoComplete="off" onChange={(e) => setCode(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="t-batch">Batch (contact lenses)</label>
          <input id="t-batch" value={batch} autoComplete="off" onChange={(e) => setBatch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="t-value">Value per unit (₹, blank: cost)</label>
          <input id="t-value" inputMode="decimal" value={value} autoComplete="off" onChange={(e) => setValue(e.target.value)} />
        </div>
        <button type="submit" className="button button-secondary" disabled={!code.trim()}>
          Add item
        </button>
      </form>

      <table className="data-table" aria-label="Items to send">
        <thead>
          <tr>
            <th>Item</th>
            <th>Batch</th>
            <th className="num">Quantity</th>
            <th className="num">Value per unit</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                Scan or type the items to send.
              </td>
            </tr>
          )}
          {lines.map((l, i) => (
            <tr key={`${l.code}|${l.batchNo}`}>
              <td className="mono">{l.code}</td>
              <td className="mono">{l.batchNo || 'Any'}</td>
              <td className="num">
                <input
                  className="cell-qty"
                  type="number"
                  min={1}
                  aria-label={`Quantity of ${l.code}`}
                  value={l.qty}
                  onChange={(e) => setLines(lines.map((x, n) => (n === i ? { ...x, qty: Number(e.target.value) } : x)))}
                />
              </td>
              <td className="num">{l.unitValue ? `₹${l.unitValue}` : 'Cost'}</td>
              <td>
                <button type="button" className="button button-ghost button-small" onClick={() => setLines(lines.filter((_, n) => n !== i))}>
                  Remove {l.code}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <form className="form-grid" aria-label="Dispatch" noValidate onSubmit={submit}>
        <fieldset className="form-section">
          <legend>Transport (for the e-way bill over ₹50,000)</legend>
          <div className="field span-3">
            <label htmlFor="t-mode">Transport mode</label>
            <select id="t-mode" value={transport.mode} onChange={setField('mode')}>
              <option value="">Not stated</option>
              {TRANSPORT_MODES.map((m) => (
                <option key={m} value={m}>
                  {MODE_NAMES[m]}
                </option>
              ))}
            </select>
          </div>
          <div className="field span-3">
            <label htmlFor="t-vehicle">Vehicle no</label>
            <input id="t-vehicle" value={transport.vehicleNo} onChange={setField('vehicleNo')} />
          </div>
          <div className="field span-2">
            <label htmlFor="t-distance">Distance (km)</label>
            <input id="t-distance" inputMode="numeric" value={transport.distanceKm} onChange={setField('distanceKm')} />
          </div>
          <div className="field span-4">
            <label htmlFor="t-transporter">Transporter</label>
            <input id="t-transporter" value={transport.transporter} onChange={setField('transporter')} />
          </div>
          <div className="field span-7">
            <label htmlFor="t-note">Note</label>
            <input id="t-note" value={transport.note} onChange={setField('note')} />
          </div>
        </fieldset>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={!to || lines.length === 0 || dispatch.isPending}>
            {dispatch.isPending ? 'Dispatching…' : 'Dispatch'}
          </button>
        </div>
      </form>
    </section>
  );
}
