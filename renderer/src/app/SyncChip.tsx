/**
 * The sync chip in the top bar (issue 15), on every screen of a PC that has a hub: online or
 * offline, this PC's changes waiting, the last success. It opens a panel with the last error, the
 * changes that could not be applied (dead letters) and "Sync now". It only reads: nothing at the
 * counter waits on it, and a failed status call just hides it.
 */
import { useId, useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import { formatMoment } from '../ui/dates.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';

const EVERY_30_SECONDS = 30_000;

export function SyncChip() {
  const status = useEndpoint(api.Sync.status, {}, { refetchInterval: EVERY_30_SECONDS, retry: false });
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const now = useEndpointMutation(api.Sync.now, { onSuccess: () => invalidate(api.Sync.status) });
  const s = status.data;
  if (!s?.configured) return null;
  const state = s.stopped ? 'Sync stopped' : s.online ? 'Online' : 'Offline';
  const label = `${state}${s.waiting > 0 ? `, ${s.waiting} waiting` : ''}`;
  return (
    <div className="sync-chip">
      <button
        type="button"
        className={`chip ${s.stopped || s.deadLetterCount > 0 ? 'chip-warning' : s.online ? 'chip-ok' : 'chip-muted'}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        Sync: {label}
      </button>
      {open && (
        <section id={panelId} className="sync-panel" aria-label="Sync">
          <p>{s.lastSuccessAt ? `Last synced ${formatMoment(s.lastSuccessAt)}` : 'Not synced yet'}. Changes waiting: {s.waiting}.</p>
          {s.stopped && <p role="alert">{s.stopped}</p>}
          {!s.stopped && s.lastError && <p>Last error: {s.lastError}</p>}
          <button type="button" className="button" disabled={now.isPending || Boolean(s.stopped)} onClick={() => now.mutate({ body: {} })}>
            {now.isPending ? 'Syncing…' : 'Sync now'}
          </button>
          <h3>Changes that could not be applied ({s.deadLetterCount})</h3>
          {s.deadLetters.length === 0 ? (
            <p>None.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">From node</th>
                  <th scope="col">Record</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {s.deadLetters.map((d) => (
                  <tr key={d.cursor}>
                    <td>{formatMoment(d.at)}</td>
                    <td>
                      {d.nodeId} (entry {d.seq})
                    </td>
                    <td>
                      {d.table} {d.op}
                    </td>
                    <td>{d.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
