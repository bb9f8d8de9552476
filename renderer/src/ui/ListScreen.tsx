/**
 * A list page: its title and action, its filters, the service's error, a table of rows with the
 * empty row when nothing matches (the one DataTable), and the pager. The page says what is in each slot; the frame,
 * the states and the paging are the same on every list.
 */
import type { Key, ReactNode } from 'react';
import { useServiceDown } from '../core/connection.js';
import { DateField, isDateEntry } from './DateField.js';
import { bannerFor, ErrorBanner } from './errors.js';
import { Pager } from './Pager.js';
import { DataTable, type DataColumn } from './DataTable.js';

export type { DataColumn as Column } from './DataTable.js';

/** What the list needs of its query (a react-query result fits). */
export interface ListQuery {
  isError: boolean;
  error: Error | null;
  isSuccess: boolean;
}

/** `12 found`, `1000+ found` when the service stopped counting, `Searching…` while a search is out. */
export function SearchStatus({ searching, total }: { searching: boolean; total: { rows: number; exact?: boolean | undefined } | undefined }) {
  return (
    <span className="search-status muted" aria-live="polite">
      {searching ? 'Searching…' : total ? `${total.rows}${total.exact === false ? '+' : ''} found` : ''}
    </span>
  );
}

/** The filter bar of a list with several filters, and its Clear button. */
export function FilterBar({ label, onClear, children }: { label: string; onClear: () => void; children: ReactNode }) {
  return (
    <div className="list-filters" role="group" aria-label={label}>
      {children}
      <div className="list-filters-actions">
        <button type="button" className="button button-secondary" onClick={onClear}>
          Clear
        </button>
      </div>
    </div>
  );
}

export function ListScreen<Row>({
  id,
  title,
  wide = false,
  head,
  filters,
  query,
  errorAction,
  toolbar,
  label,
  busy,
  columns,
  rows,
  rowKey,
  empty,
  total,
  paging,
}: {
  /** Prefix of the heading's id (`${id}-title`), which names the section. */
  id: string;
  title: string;
  wide?: boolean;
  /** Beside the title: the page's action link, its search status. */
  head?: ReactNode;
  filters?: ReactNode;
  query: ListQuery;
  /** Finishes "Could not …" when the list fails: `list receipts`. */
  errorAction: string;
  /** Above the table: choices that apply to every row (which copy to print). */
  toolbar?: ReactNode;
  /** The table's accessible name. */
  label: string;
  /** aria-busy on the table while a search is out; left off when undefined. */
  busy?: boolean;
  /** The list's columns, declared once: header, cell, alignment (see DataTable). */
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The one row shown when the answer has no rows. */
  empty: ReactNode;
  /** The answer's total, once there is one; the pager shows with it. */
  total: { rows: number; exact?: boolean | undefined } | undefined;
  paging: { label: string; page: number; pageSize: number; onPage: (page: number) => void };
}) {
  // During an outage the rows are what the service said before it: marked so, and refetched on its return.
  const stale = useServiceDown();
  return (
    <section className={wide ? 'panel screen screen-wide' : 'panel screen'} aria-labelledby={`${id}-title`}>
      <header className="screen-head">
        <h1 id={`${id}-title`}>{title}</h1>
        {head}
      </header>

      {filters}

      {query.isError && <ErrorBanner banner={bannerFor(query.error, errorAction)} />}

      {toolbar && <div className="list-toolbar">{toolbar}</div>}

      {stale && (
        <p className="stale-note" role="note" id={`${id}-stale`}>
          Out of date: the service cannot be reached. This list refreshes when it is back.
        </p>
      )}

      <DataTable
        listId={id}
        label={label}
        className={stale ? 'data-table-stale' : undefined}
        busy={busy}
        describedBy={stale ? `${id}-stale` : undefined}
        inert={stale}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        empty={query.isSuccess ? empty : undefined}
      />

      {total && (
        <Pager label={paging.label} page={paging.page} pageSize={paging.pageSize} totalRows={total.rows} exact={total.exact} onPage={paging.onPage} />
      )}
    </section>
  );
}

/** A list's pair of date filters (From / To, or the screen's own words), each a labelled date input. */
export function DateRangeFields({
  id,
  from,
  to,
  onChange,
  labels = ['From', 'To'],
}: {
  /** Prefix of the inputs' ids: `${id}-from`, `${id}-to`. */
  id: string;
  from: string;
  to: string;
  onChange: (change: { fromDate?: string; toDate?: string }) => void;
  labels?: readonly [string, string];
}) {
  return (
    <>
      {/* dd/mm/yyyy boxes (issue 16); only a whole date, or none, changes the filter. */}
      <DateField id={`${id}-from`} label={labels[0]} value={from} onChange={(v) => isDateEntry(v) && onChange({ fromDate: v })} />
      <DateField id={`${id}-to`} label={labels[1]} value={to} onChange={(v) => isDateEntry(v) && onChange({ toDate: v })} />
    </>
  );
}
