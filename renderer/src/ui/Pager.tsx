/** Row-range paging as the service understands it: fromPage/toPage are 1-based inclusive rows. */
export function rowRange(page: number, pageSize: number): { fromPage: number; toPage: number } {
  return { fromPage: (page - 1) * pageSize + 1, toPage: page * pageSize };
}

export function Pager({
  page,
  pageSize,
  totalRows,
  onPage,
  label,
  exact = true,
}: {
  page: number;
  pageSize: number;
  totalRows: number;
  /** False when the service stopped counting (totalExact): totalRows is "at least". */
  exact?: boolean | undefined;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(totalRows / pageSize));
  const first = totalRows === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, totalRows);
  return (
    <nav className="pager" aria-label={label}>
      <span className="pager-status" aria-live="polite">
        {totalRows === 0 ? 'No rows' : `${first}–${last} of ${totalRows}${exact ? '' : '+'}`}
      </span>
      <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="pager-page">
        Page {page} of {pages}
        {exact ? '' : '+'}
      </span>
      <button type="button" className="button button-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
