/**
 * The recall list (issue 16): the branch's customers due for their eye check-up in a date range,
 * with phone, last visit and last Rx, and a call recorded against each (contacted, booked, not
 * interested, a note). Keyset pages: Next page carries the service's nextPage.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { localDate } from '../../../shared/domain/calendar.js';
import { api } from '../../../shared/endpoints/index.js';
import { RECALL_OUTCOME_NAMES, RECALL_OUTCOMES, type RecallListItem, type RecallOutcome } from '../../../shared/models/recall.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { hrefFor } from '../core/router.js';
import { formatDate } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { DateRangeFields, FilterBar } from '../ui/ListScreen.js';

const PAGE_SIZE = 25;

/** Today to a month ahead: the calls of the coming weeks. */
function defaultRange(): { fromDate: string; toDate: string } {
  const now = new Date();
  return { fromDate: localDate(now), toDate: localDate(new Date(now.getFullYear(), now.getMonth() + 1, now.getDate())) };
}

export function RecallList() {
  const [range, setRange] = useState(defaultRange);
  const [status, setStatus] = useState<'open' | 'all'>('open');
  // The cursors of the pages walked so far: the last one is the page shown.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors[cursors.length - 1] ?? null;
  const ready = range.fromDate !== '' && range.toDate !== '';
  const list = useEndpoint(
    api.Customer.recallList,
    ready ? { body: { from: range.fromDate, to: range.toDate, status, after, pageSize: PAGE_SIZE } } : null,
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.rows ?? [];
  const restart = () => setCursors([null]);

  return (
    <section className="panel screen screen-wide" aria-labelledby="recalls-title">
      <header className="screen-head">
        <h1 id="recalls-title">Recall list</h1>
        <span className="search-status muted" aria-live="polite">
          {list.isFetching ? 'Searching…' : list.data ? `${rows.length}${list.data.nextPage ? '+' : ''} due` : ''}
        </span>
      </header>
      <FilterBar
        label="Filter recalls"
        onClear={() => {
          setRange(defaultRange());
          setStatus('open');
          restart();
        }}
      >
        <DateRangeFields
          id="rl"
          from={range.fromDate}
          to={range.toDate}
          labels={['Due from', 'Due to']}
          onChange={(change) => {
            setRange((r) => ({ ...r, ...change }));
            restart();
          }}
        />
        <div className="field">
          <label htmlFor="rl-status">Show</label>
          <select
            id="rl-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as 'open' | 'all');
              restart();
            }}
          >
            <option value="open">Not called yet</option>
            <option value="all">All, with calls made</option>
          </select>
        </div>
      </FilterBar>

      {list.isError && <ErrorBanner banner={bannerFor(list.error, 'list the recalls')} />}

      <table className="data-table" aria-label="Recalls due" aria-busy={list.isFetching}>
        <thead>
          <tr>
            <th scope="col">Due</th>
            <th scope="col">Customer</th>
            <th scope="col">Phone</th>
            <th scope="col">Last visit</th>
            <th scope="col">Last Rx</th>
            <th scope="col">Call</th>
            <th scope="col">Record a call</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <RecallRow key={r.recallID} row={r} />
          ))}
          {list.isSuccess && rows.length === 0 && (
            <tr>
              <td colSpan={7} className="empty">
                Nobody is due in these dates.
              </td>
            </tr>
          )}
        </tbody>
      </table>

      <nav className="pager" aria-label="Recall pages">
        <button type="button" className="button button-secondary" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Previous page
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!list.data?.nextPage}
          onClick={() => setCursors((c) => [...c, list.data?.nextPage ?? null])}
        >
          Next page
        </button>
      </nav>
    </section>
  );
}

function RecallRow({ row }: { row: RecallListItem }) {
  const invalidate = useInvalidate();
  const [outcome, setOutcome] = useState<RecallOutcome>('contacted');
  const [note, setNote] = useState('');
  const mark = useEndpointMutation(api.Customer.recallMark, {
    input: (_: void) => ({ body: { recallID: row.recallID, outcome, note: note.trim() || null } }),
    onSuccess: async () => {
      setNote('');
      await invalidate(api.Customer.recallList);
    },
  });
  const who = row.customerName;
  return (
    <tr>
      <td>{formatDate(row.recallDate) ?? row.recallDate}</td>
      <td>
        <a className="row-link" href={hrefFor({ name: 'customer', customerId: row.customerID, tab: 'prescriptions' })}>
          {who}
        </a>
      </td>
      <td className="mono">{row.mobile ?? '—'}</td>
      <td>{formatDate(row.lastVisit) ?? '—'}</td>
      <td className="mono">{row.lastRx ?? '—'}</td>
      <td>
        {row.outcome ? (
          <>
            <span className="tag">{RECALL_OUTCOME_NAMES[row.outcome]}</span>
            {row.outcomeNote && <span className="muted"> {row.outcomeNote}</span>}
            {row.markedBy && <span className="muted"> · {row.markedBy}</span>}
          </>
        ) : (
          <span className="muted">Not called</span>
        )}
      </td>
      <td>
        <form
          className="recall-mark"
          aria-label={`Record a call to ${who}`}
          onSubmit={(e) => {
            e.preventDefault();
            mark.mutate();
          }}
        >
          <select aria-label={`Outcome of the call to ${who}`} value={outcome} onChange={(e) => setOutcome(e.target.value as RecallOutcome)}>
            {RECALL_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {RECALL_OUTCOME_NAMES[o]}
              </option>
            ))}
          </select>
          <input aria-label={`Note on the call to ${who}`} placeholder="Note (optional)" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          <button type="submit" className="button button-secondary button-small" disabled={mark.isPending}>
            Save call
          </button>
          {mark.isError && <ErrorBanner banner={bannerFor(mark.error, 'record the call')} />}
        </form>
      </td>
    </tr>
  );
}
