/**
 * Stock: an item at every branch (find it with the counter's search), its ledger at a branch,
 * the stock at cost on a day, and the low-stock report. Everyone sees an item at every branch;
 * the ledger, the value and the report are the manager's (and the admin's).
 */
import { useState, type KeyboardEvent } from 'react';
import { hasRole } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import type { LoginResponse } from '../../../shared/models/auth.js';
import type { BranchStock } from '../../../shared/models/stock.js';
import { navigate } from '../core/router.js';
import { useEndpoint } from '../core/service.js';
import { ItemSearch } from '../catalog/ItemSearch.js';
import { DataTable, type DataColumn } from '../ui/DataTable.js';
import { formatDate } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { StockLedgerPanel, LowStockPanel, StockValuePanel } from './panels.js';

type Tab = 'item' | 'low' | 'value';
const TABS: Array<{ tab: Tab; label: string }> = [
  { tab: 'item', label: 'Every branch' },
  { tab: 'low', label: 'Low stock' },
  { tab: 'value', label: 'Value at cost' },
];

export function StockScreen({ itemId, session }: { itemId: string | null; session: LoginResponse }) {
  const manager = hasRole(session.userRole, api.Stock.ledger.auth);
  const tabs = manager ? TABS : TABS.slice(0, 1);
  const [tab, setTab] = useState<Tab>('item');

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const i = tabs.findIndex((t) => t.tab === tab);
    const next = tabs[(i + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
    setTab(next.tab);
    document.getElementById(`stock-tab-${next.tab}`)?.focus();
  }

  return (
    <section className="panel screen screen-wide" aria-labelledby="stock-title">
      <header className="screen-head">
        <h1 id="stock-title">Stock</h1>
      </header>
      {tabs.length > 1 && (
        <div className="tabs" role="tablist" aria-label="Stock">
          {tabs.map((t) => (
            <button
              key={t.tab}
              id={`stock-tab-${t.tab}`}
              type="button"
              role="tab"
              className="tab"
              aria-selected={t.tab === tab}
              aria-controls={`stock-panel-${t.tab}`}
              tabIndex={t.tab === tab ? 0 : -1}
              onClick={() => setTab(t.tab)}
              onKeyDown={onTabKey}
            >
              {t.label}
            </button>
          ))}
        </div>
      )}
      <div className="tab-panel" role="tabpanel" id={`stock-panel-${tab}`} aria-labelledby={tabs.length > 1 ? `stock-tab-${tab}` : 'stock-title'}>
        {tab === 'item' && <ItemEverywhere itemId={itemId} manager={manager} admin={hasRole(session.userRole, ['admin'])} />}
        {tab === 'low' && <LowStockPanel />}
        {tab === 'value' && <StockValuePanel />}
      </div>
    </section>
  );
}

function batchesText(b: BranchStock): string {
  if (b.batches.length === 0) return '—';
  return b.batches
    .map((x) => [x.batchNo || 'No batch', x.expiryDate ? `${x.expired ? 'expired' : 'expires'} ${formatDate(x.expiryDate)}` : null, `${x.onHand}`].filter(Boolean).join(' · '))
    .join('; ');
}

function ItemEverywhere({ itemId, manager, admin }: { itemId: string | null; manager: boolean; admin: boolean }) {
  const answer = useEndpoint(api.Stock.itemAtBranches, itemId ? { query: { itemId } } : null);
  const [ledgerOf, setLedgerOf] = useState<BranchStock | null>(null);
  const item = answer.data;
  const columns: DataColumn<BranchStock>[] = [
    { id: 'branch', header: 'Branch', cell: (b) => (b.here ? <strong>{b.branchName} (here)</strong> : b.branchName), value: (b) => b.branchName },
    { id: 'code', header: 'Code', className: 'mono', cell: (b) => b.branchCode },
    { id: 'sellable', header: 'Sellable', className: 'num', cell: (b) => (b.sellable === null ? 'Made to order' : b.sellable), value: (b) => b.sellable },
    { id: 'onHand', header: 'On hand', className: 'num', cell: (b) => b.onHand ?? '—', value: (b) => b.onHand },
    { id: 'inTransit', header: 'In transit to it', className: 'num', cell: (b) => (b.inTransit ? b.inTransit : '—'), value: (b) => b.inTransit },
    { id: 'batches', header: 'Batches (expiry, units)', cell: batchesText },
    {
      id: 'ledger',
      header: 'Ledger',
      noExport: true,
      // A manager reads the ledgers of the branches they work in; the admin every branch's.
      cell: (b) =>
        manager && (b.here || admin) && b.sellable !== null ? (
          <button type="button" className="button button-secondary button-small" onClick={() => setLedgerOf(b)} aria-label={`Ledger at ${b.branchName}`}>
            Ledger
          </button>
        ) : null,
    },
  ];
  return (
    <>
      <ItemSearch label="Find item" autoFocus onPick={(picked) => navigate({ name: 'stock', itemId: picked.id }, { replace: true })} />
      {answer.isError && <ErrorBanner banner={bannerFor(answer.error, 'show this item’s stock')} />}
      {item && (
        <>
          <h2 id="stock-item-title">
            {item.name} <span className="muted mono">{item.code}</span>
          </h2>
          <DataTable listId="stock-branches" label={`${item.name} at every branch`} columns={columns} rows={item.branches} rowKey={(b) => b.branchID} tools={false} />
          <p className="muted">Sellable leaves out batches past their expiry date, as the counter does; on hand counts every batch.</p>
          {ledgerOf && <StockLedgerPanel key={ledgerOf.branchID} itemId={item.itemID} branchId={ledgerOf.branchID} branchName={ledgerOf.branchName} />}
        </>
      )}
      {!itemId && <p className="muted">Find an item to see its stock at every branch.</p>}
    </>
  );
}
