/**
 * The manager's Audit screen (issue 14): the change journal newest first, filtered by user, days,
 * kind of record and one record. A manager sees the branch, an admin every branch (the service
 * decides). Each entry opens to its changed columns, before and after.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import type { AuditEntry } from '../../../shared/models/audit.js';
import { useEndpoint } from '../core/service.js';
import { formatInstant } from '../ui/dates.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { FilterBar, ListScreen, SearchStatus, DateRangeFields } from '../ui/ListScreen.js';
import { createListSearch } from '../ui/list-search.js';

const PAGE_SIZE = 25;

/** The kinds a manager asks about most; the service knows every table. */
const KINDS: ReadonlyArray<[string, string]> = [
  ['sales_order', 'Orders'],
  ['sales_order_line', 'Order lines'],
  ['receipt', 'Receipts'],
  ['invoice', 'Invoices'],
  ['credit_note', 'Credit notes'],
  ['price_approval', 'Price approvals'],
  ['customer', 'Customers'],
  ['customer_eye_info', 'Prescriptions'],
  ['item', 'Items'],
  ['stock', 'Stock'],
  ['app_user', 'Users'],
  ['setting', 'Settings'],
  ['sign_in', 'Sign-ins'],
  ['sign_in_failed', 'Failed sign-ins'],
  ['price_approval_refused', 'Refused approvals'],
  ['backup', 'Backups'],
];

interface AuditFilter {
  userName: string;
  fromDate: string;
  toDate: string;
  table: string;
  /** One record, its whole story: a row's "Only this record" clears the other filters. */
  record: { table: string; recordId: string } | null;
}

const EMPTY: AuditFilter = { userName: '', fromDate: '', toDate: '', table: '', record: null };
const useAuditSearch = createListSearch(EMPTY);

function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return <>{entry.what}</>;
  return (
    <details>
      <summary>{entry.what}</summary>
      <table className="data-table compact" aria-label="Changed fields">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {entry.changes.map((c) => (
            <tr key={c.column}>
              <td className="mono">{c.column}</td>
              <td>{c.before ?? '—'}</td>
              <td>{c.after ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export function AuditScreen() {
  const { filter, set, clear } = useAuditSearch();
  const settled = useDebouncedValue(filter, 300);
  // Newest first; each "Older" remembers where the page began, so "Newer" can go back.
  const [pages, setPages] = useState<number[]>([]);
  const before = pages.at(-1);
  const body = {
    ...(settled.userName.trim() ? { userName: settled.userName.trim() } : {}),
    ...(settled.fromDate ? { fromDate: settled.fromDate } : {}),
    ...(settled.toDate ? { toDate: settled.toDate } : {}),
    ...(settled.record ? { table: settled.record.table, recordId: settled.record.recordId } : settled.table ? { table: settled.table } : {}),
    ...(before !== undefined ? { before } : {}),
    pageSize: PAGE_SIZE,
  };
  const list = useEndpoint(api.Audit.search, { body }, { placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const change = (c: Partial<AuditFilter>) => {
    setPages([]);
    set(c);
  };

  return (
    <ListScreen
      id="audit"
      title="Audit"
      wide
      head={<SearchStatus searching={filter !== settled || list.isFetching} total={undefined} />}
      filters={
        <FilterBar
          label="Filter the journal"
          onClear={() => {
            setPages([]);
            clear();
          }}
        >
          <div className="field">
            <label htmlFor="au-user">User</label>
            <input id="au-user" type="search" autoComplete="off" value={filter.userName} onChange={(e) => change({ userName: e.target.value })} />
          </div>
          <DateRangeFields id="au" from={filter.fromDate} to={filter.toDate} onChange={change} />
          <div className="field">
            <label htmlFor="au-kind">Kind</label>
            <select id="au-kind" value={filter.table} onChange={(e) => change({ table: e.target.value, record: null })}>
              <option value="">Everything</option>
              {KINDS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {filter.record && (
            <div className="field">
              <span className="tag">One record</span>
              <button type="button" className="button button-secondary" onClick={() => change({ record: null })}>
                All records
              </button>
            </div>
          )}
        </FilterBar>
      }
      query={list}
      errorAction="read the journal"
      toolbar={
        <div className="cursor-pager" role="group" aria-label="Journal pages">
          <button type="button" className="button button-secondary" disabled={pages.length === 0} onClick={() => setPages((p) => p.slice(0, -1))}>
            Newer
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={!list.data?.next}
            onClick={() => list.data?.next && setPages((p) => [...p, list.data.next!])}
          >
            Older
          </button>
        </div>
      }
      label="Journal entries"
      busy={list.isFetching}
      columns={[
        { id: 'when', header: 'When', className: 'nowrap', cell: (r) => formatInstant(r.at) ?? '—' },
        { id: 'who', header: 'Who', cell: (r) => <>{r.userName ?? <span className="muted">System ({r.source})</span>}</> },
        {
          id: 'where', header: 'Where',
          cell: (r) => (
            <>
              {r.branchName ?? '—'}
              {r.till && <span className="muted mono"> · {r.till}</span>}
            </>
          ),
        },
        { id: 'what', header: 'What', cell: (r) => <Changes entry={r} /> },
        {
          id: 'record', header: 'Record', noExport: true,
          cell: (r) => (
            <>
              {r.recordId && (
                <button type="button" className="button button-secondary button-small" onClick={() => change({ ...EMPTY, record: { table: r.table, recordId: r.recordId! } })}>
                  Only this record
                </button>
              )}
            </>
          ),
        },
      ]}
      rows={rows}
      rowKey={(r) => r.seq}
      empty="No entry matches these filters."
      total={undefined}
      paging={{ label: 'Journal pages', page: 1, pageSize: PAGE_SIZE, onPage: () => {} }}
    />
  );
}
