/**
 * The branch's stock-takes, newest first, each opening its count screen; a manager starts a new
 * count here by category, brand or shelf.
 */
import { useState } from 'react';
import { hasRole } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import type { StockTakeSummary } from '../../../shared/models/stock-take.js';
import { hrefFor, navigate } from '../core/router.js';
import { useEndpoint, useEndpointMutation } from '../core/service.js';
import { useSession } from '../core/session.js';
import { formatMoment } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { ListScreen } from '../ui/ListScreen.js';
import { STATUS_WORDS } from './words.js';

export function StockTakeList() {
  const list = useEndpoint(api.StockTake.list, { query: {} });
  const mayStart = hasRole(useSession((s) => s.session?.userRole), api.StockTake.start.auth);
  const rows = list.data ?? [];
  return (
    <ListScreen<StockTakeSummary>
      id="stock-takes"
      title="Stock-takes"
      filters={mayStart ? <StartCount /> : <p className="lead">Open a count that a manager has started to scan or type what is on the shelves.</p>}
      query={list}
      errorAction="list the stock-takes"
      label="Stock-takes"
      columns={[
        {
          id: 'number', header: 'Stock-take',
          cell: (t) => (
            <a className="row-link" href={hrefFor({ name: 'stockTake', stockTakeId: t.stockTakeId })}>
              {t.takeNo}
            </a>
          ),
          value: (t) => t.takeNo,
        },
        { id: 'scope', header: 'Counting', cell: (t) => `${t.scope === 'shelf' ? 'Shelf' : t.scope === 'brand' ? 'Brand' : 'Category'}: ${t.scopeName}` },
        { id: 'status', header: 'Status', cell: (t) => <span className={t.status === 'counting' ? 'tag' : 'tag tag-muted'}>{STATUS_WORDS[t.status]}</span> },
        { id: 'counted', header: 'Lines counted', className: 'num', cell: (t) => `${t.countedLines} of ${t.lineCount}` },
        { id: 'started', header: 'Started', cell: (t) => `${formatMoment(t.startedAt)} (${t.startedBy})` },
        { id: 'closed', header: 'Approved or cancelled', cell: (t) => (t.closedAt ? `${formatMoment(t.closedAt)} (${t.closedBy ?? ''})` : '') },
      ]}
      rows={rows}
      rowKey={(t) => t.stockTakeId}
      empty="No stock-takes yet."
      // The last 200 counts of one branch: one page.
      total={undefined}
      paging={{ label: 'Stock-take pages', page: 1, pageSize: rows.length, onPage: () => undefined }}
    />
  );
}

type Scope = 'category' | 'brand' | 'shelf';

/** The manager's form: what to count, and a note. */
function StartCount() {
  const scopes = useEndpoint(api.StockTake.scopes, {});
  const [scope, setScope] = useState<Scope>('category');
  const [category, setCategory] = useState('');
  const [brand, setBrand] = useState('');
  const [shelf, setShelf] = useState('');
  const [note, setNote] = useState('');
  const start = useEndpointMutation(api.StockTake.start, {
    onSuccess: (take) => navigate({ name: 'stockTake', stockTakeId: take.stockTakeId }),
  });
  const options = (kind: 'category' | 'brand') => (scopes.data ?? []).filter((s) => s.kind === kind);
  const chosen = scope === 'category' ? category : scope === 'brand' ? brand : shelf.trim();
  return (
    <form
      aria-label="Start a stock-take"
      className="filters"
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        start.mutate({
          body: { scope, categoryId: scope === 'category' ? category : null, brand: scope === 'brand' ? brand : null, shelf: scope === 'shelf' ? shelf : null, note: note.trim() || null },
        });
      }}
    >
      <h2>Start a count</h2>
      <div className="counter-row counter-row-3">
        <div className="field">
          <label htmlFor="stock-take-scope">Count by</label>
          <select id="stock-take-scope" value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
            <option value="category">Category</option>
            <option value="brand">Brand</option>
            <option value="shelf">Shelf</option>
          </select>
        </div>
        {scope === 'category' && (
          <div className="field">
            <label htmlFor="stock-take-category">Category</label>
            <select id="stock-take-category" value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">Choose…</option>
              {options('category').map((s) => (
                <option key={s.value} value={s.value}>{`${s.name} — ${s.items} items`}</option>
              ))}
            </select>
          </div>
        )}
        {scope === 'brand' && (
          <div className="field">
            <label htmlFor="stock-take-brand">Brand</label>
            <select id="stock-take-brand" value={brand} onChange={(e) => setBrand(e.target.value)}>
              <option value="">Choose…</option>
              {options('brand').map((s) => (
                <option key={s.value} value={s.value}>{`${s.name} — ${s.items} items`}</option>
              ))}
            </select>
          </div>
        )}
        {scope === 'shelf' && (
          <div className="field">
            <label htmlFor="stock-take-shelf">Shelf</label>
            <input id="stock-take-shelf" autoComplete="off" placeholder="e.g. Showcase 3" value={shelf} onChange={(e) => setShelf(e.target.value)} />
          </div>
        )}
        <div className="field">
          <label htmlFor="stock-take-note">Note</label>
          <input id="stock-take-note" autoComplete="off" value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      </div>
      {scopes.error && <ErrorBanner banner={bannerFor(scopes.error, 'read the categories and brands')} />}
      {start.error && <ErrorBanner banner={bannerFor(start.error, 'start the count')} />}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={start.isPending || !chosen}>
          Start count
        </button>
      </div>
    </form>
  );
}
