/**
 * The one data table of the renderer's lists, on TanStack Table (sorting, column visibility) and
 * TanStack Virtual (long lists). A list declares its columns once — header, cell, alignment by the
 * `num`/`money` classes, and whether it sorts — and the table draws the rest the same everywhere:
 * a sticky header; sorting by a header's button, on the client, for what is on screen only (a list
 * the service pages leaves its columns unsortable, as a sort of one page is no sort of the list);
 * the keyboard (the table takes focus, ↑/↓ move the active row, Enter follows the row's link);
 * the choice of columns, kept per list in localStorage; the shown rows exported as CSV.
 *
 * Rows are virtualised only past VIRTUALIZE_AFTER: a page of 20–50 rows renders every row, so
 * screen readers, printing and the e2e tests' `getByRole('row')` see them all.
 */
// Cells and headers are drawn by calling the column's own functions, not flexRender: flexRender
// would take each render's new arrow function for a new component and remount the cell's links.
import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { isValidElement, useEffect, useMemo, useRef, useState, type KeyboardEvent, type Key, type ReactNode } from 'react';
import { formatRupees } from './money.js';

/** Past this many rows the body renders only what is in view. */
export const VIRTUALIZE_AFTER = 200;

export interface DataColumn<Row> {
  /** Stable within the list: the key the column choice is kept under. */
  id: string;
  header: ReactNode;
  /** The column's name in the column choice and the CSV when the header is not plain text. */
  title?: string;
  cell: (row: Row) => ReactNode;
  /** The cells' classes (`num money`, `mono`, `wide-only`); the header takes `num` and `wide-only` from them. */
  className?: string;
  /** The value to sort by and to export; without it the CSV takes the cell's text. */
  value?: (row: Row) => string | number | null | undefined;
  /** Sortable by its header (needs `value`); leave it off when the service pages the list. */
  sortable?: boolean;
  /** Left out of the CSV (a column of buttons). */
  noExport?: boolean;
}

/**
 * A column of rupees (as the API answers them): right-aligned, `blank` where there is no amount,
 * sorted by the amount and exported as the plain number (1234.5), which a spreadsheet reads.
 */
export function moneyColumn<Row>(
  id: string,
  header: string,
  rupees: (row: Row) => number | null | undefined,
  options: { sortable?: boolean; blank?: string } = {},
): DataColumn<Row> {
  return {
    id,
    header,
    className: 'num money',
    cell: (row) => {
      const amount = rupees(row);
      return amount === null || amount === undefined ? (options.blank ?? '') : formatRupees(amount);
    },
    value: (row) => {
      const amount = rupees(row);
      return amount === null || amount === undefined ? null : amount;
    },
    ...(options.sortable ? { sortable: true } : {}),
  };
}

function headerClass(className: string | undefined): string | undefined {
  const kept = (className ?? '').split(/\s+/).filter((c) => c === 'num' || c === 'wide-only');
  return kept.length ? kept.join(' ') : undefined;
}

/** The plain text of a rendered cell: its strings and numbers, through elements' children. */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** One CSV field: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(head: readonly string[], body: readonly (readonly string[])[]): string {
  return [head, ...body].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const storageKey = (listId: string) => `data-table:${listId}:hidden`;

function readHidden(listId: string): VisibilityState {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(storageKey(listId)) ?? '[]');
    return Array.isArray(kept) ? Object.fromEntries(kept.filter((k) => typeof k === 'string').map((k: string) => [k, false])) : {};
  } catch {
    return {};
  }
}

function columnName<Row>(c: DataColumn<Row>): string {
  return c.title ?? textOf(c.header);
}

export function DataTable<Row>({
  listId,
  label,
  columns,
  rows,
  rowKey,
  className,
  busy,
  describedBy,
  inert,
  empty,
  tools = true,
}: {
  /** Names the list for its kept column choice and its CSV file. */
  listId: string;
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Classes beside `data-table`. */
  className?: string;
  busy?: boolean;
  describedBy?: string;
  inert?: boolean;
  /** The one row shown when there are no rows (left off: no row). */
  empty?: ReactNode;
  /** The column choice and the CSV export above the table. */
  tools?: boolean;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [visibility, setVisibility] = useState<VisibilityState>(() => readHidden(listId));
  const [active, setActive] = useState(-1);
  // The column boxes exist only while the choice is open: closed, no "Amount" box competes with a form's Amount field.
  const [choosing, setChoosing] = useState(false);

  const defs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        accessorFn: (row: Row) => c.value?.(row) ?? null,
        enableSorting: !!c.sortable && !!c.value,
        sortUndefined: 'last',
        meta: c,
      })),
    [columns],
  );

  const table = useReactTable<Row>({
    data: rows as Row[],
    columns: defs,
    state: { sorting, columnVisibility: visibility },
    onSortingChange: setSorting,
    onColumnVisibilityChange: (change) => {
      setVisibility((old) => {
        const next = typeof change === 'function' ? change(old) : change;
        try {
          localStorage.setItem(storageKey(listId), JSON.stringify(Object.keys(next).filter((k) => next[k] === false)));
        } catch {
          // No storage (private window): the choice lasts as long as the screen.
        }
        return next;
      });
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (row) => String(rowKey(row)),
  });

  const shown = table.getRowModel().rows;
  const leaves = table.getVisibleLeafColumns();
  const virtual = shown.length > VIRTUALIZE_AFTER;
  const scroller = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const virtualizer = useVirtualizer({
    count: virtual ? shown.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => 45,
    overscan: 10,
  });

  // A new answer (another page, a filter) starts without an active row.
  useEffect(() => setActive(-1), [rows]);

  function move(to: number) {
    const next = Math.max(0, Math.min(shown.length - 1, to));
    setActive(next);
    if (virtual) virtualizer.scrollToIndex(next);
    else tableRef.current?.querySelectorAll('tbody tr[data-row]')[next]?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(e: KeyboardEvent<HTMLTableElement>) {
    if (e.target !== e.currentTarget || shown.length === 0) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(active + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(active < 0 ? 0 : active - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      move(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      move(shown.length - 1);
    } else if (e.key === 'Enter' && active >= 0) {
      const link = tableRef.current?.querySelector<HTMLAnchorElement>(`tbody tr[data-row="${active}"] a[href]`);
      if (link) {
        e.preventDefault();
        link.click();
      }
    }
  }

  function exportCsv() {
    const exported = leaves.filter((c) => !(c.columnDef.meta as DataColumn<Row>).noExport);
    const head = exported.map((c) => columnName(c.columnDef.meta as DataColumn<Row>));
    const body = shown.map((r) =>
      exported.map((c) => {
        const col = c.columnDef.meta as DataColumn<Row>;
        const v = col.value ? col.value(r.original) : textOf(col.cell(r.original));
        return v === null || v === undefined ? '' : String(v);
      }),
    );
    const url = URL.createObjectURL(new Blob([toCsv(head, body)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${listId}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  const items = virtual ? virtualizer.getVirtualItems() : [];
  const drawn = virtual ? items.map((i) => i.index) : shown.map((_, i) => i);
  const padTop = virtual && items.length ? items[0]!.start : 0;
  const padBottom = virtual && items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  const tableEl = (
    <table
      ref={tableRef}
      className={className ? `data-table ${className}` : 'data-table'}
      aria-label={label}
      aria-busy={busy}
      aria-describedby={describedBy}
      aria-rowcount={virtual ? shown.length + 1 : undefined}
      inert={inert || undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <thead>
        {table.getHeaderGroups().map((g) => (
          <tr key={g.id}>
            {g.headers.map((h) => {
              const col = h.column.columnDef.meta as DataColumn<Row>;
              const sorted = h.column.getIsSorted();
              return (
                <th
                  key={h.id}
                  scope="col"
                  className={headerClass(col.className)}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  {h.column.getCanSort() ? (
                    <button type="button" className="sort-button" onClick={h.column.getToggleSortingHandler()}>
                      {col.header}
                      <span className="sort-mark" aria-hidden="true">
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </span>
                    </button>
                  ) : (
                    col.header
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {padTop > 0 && (
          <tr aria-hidden="true" className="data-table-pad">
            <td colSpan={leaves.length} style={{ height: padTop, padding: 0 }} />
          </tr>
        )}
        {drawn.map((index) => {
          const row = shown[index]!;
          return (
            <tr
              key={row.id}
              data-row={index}
              aria-rowindex={virtual ? index + 2 : undefined}
              aria-current={index === active || undefined}
              className={index === active ? 'row-active' : undefined}
              ref={virtual ? virtualizer.measureElement : undefined}
              data-index={virtual ? index : undefined}
              onClick={() => setActive(index)}
            >
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={(cell.column.columnDef.meta as DataColumn<Row>).className}>
                  {(cell.column.columnDef.meta as DataColumn<Row>).cell(row.original)}
                </td>
              ))}
            </tr>
          );
        })}
        {padBottom > 0 && (
          <tr aria-hidden="true" className="data-table-pad">
            <td colSpan={leaves.length} style={{ height: padBottom, padding: 0 }} />
          </tr>
        )}
        {rows.length === 0 && empty !== undefined && (
          <tr>
            <td colSpan={leaves.length || 1} className="empty">
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );

  return (
    <>
      {tools && (
        <div className="data-table-tools">
          <details className="column-choice" onToggle={(e) => setChoosing(e.currentTarget.open)}>
            <summary>Columns</summary>
            {choosing && (
            <fieldset>
              <legend className="visually-hidden">Columns of {label}</legend>
              {table.getAllLeafColumns().map((c) => (
                <label key={c.id}>
                  <input type="checkbox" checked={c.getIsVisible()} disabled={c.getIsVisible() && leaves.length === 1} onChange={c.getToggleVisibilityHandler()} />{' '}
                  {columnName(c.columnDef.meta as DataColumn<Row>)}
                </label>
              ))}
            </fieldset>
            )}
          </details>
          <button type="button" className="button button-secondary button-small" onClick={exportCsv} disabled={shown.length === 0}>
            Export CSV
          </button>
        </div>
      )}
      {virtual ? (
        <div ref={scroller} className="data-table-scroll">
          {tableEl}
        </div>
      ) : (
        tableEl
      )}
    </>
  );
}
