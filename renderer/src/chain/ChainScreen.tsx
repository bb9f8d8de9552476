/**
 * The chain dashboard (head office): today at every branch — orders, sales, money received, tills
 * open — and the branches this PC has not heard from by sync for over an hour. Refreshed every
 * minute while open; the figures are as this PC knows them (a branch's sales arrive by sync).
 */
import { hasRole } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import type { ChainBranchDay } from '../../../shared/models/chain.js';
import { useEndpoint } from '../core/service.js';
import { DataTable, moneyColumn, type DataColumn } from '../ui/DataTable.js';
import { formatDate, formatMoment } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { formatRupees } from '../ui/money.js';

/** Whether the signed-in role may open the chain dashboard: the roles its endpoint row allows. */
export function canSeeChain(roleName: string): boolean {
  return hasRole(roleName, api.Chain.dashboard.auth);
}

const REFRESH_MS = 60_000;

function syncText(b: ChainBranchDay, syncing: boolean): string {
  if (!syncing) return 'On this PC';
  if (b.lastSyncAt === null) return 'Never heard from';
  return b.notSynced ? `Not synced since ${formatMoment(b.lastSyncAt)}` : formatMoment(b.lastSyncAt);
}

export function ChainScreen() {
  const data = useEndpoint(api.Chain.dashboard, {}, { refetchInterval: REFRESH_MS });
  const d = data.data;
  const behind = d?.branches.filter((b) => b.notSynced) ?? [];
  const columns: DataColumn<ChainBranchDay>[] = [
    { id: 'code', header: 'Code', className: 'mono', cell: (b) => b.branchCode, value: (b) => b.branchCode, sortable: true },
    {
      id: 'branch',
      header: 'Branch',
      cell: (b) => (
        <>
          {b.branchName}
          {b.city && <span className="muted">{`, ${b.city}`}</span>}
        </>
      ),
      value: (b) => b.branchName,
      sortable: true,
    },
    { id: 'orders', header: 'Orders', className: 'num', cell: (b) => b.orders, value: (b) => b.orders, sortable: true },
    moneyColumn<ChainBranchDay>('sales', 'Sales', (b) => b.sales, { sortable: true }),
    { id: 'receipts', header: 'Receipts', className: 'num', cell: (b) => b.receipts, value: (b) => b.receipts, sortable: true },
    moneyColumn<ChainBranchDay>('received', 'Received', (b) => b.receiptAmount, { sortable: true }),
    { id: 'tills', header: 'Tills', className: 'num', cell: (b) => b.tillsOpen, value: (b) => b.tillsOpen, sortable: true },
    {
      id: 'sync',
      header: 'Last sync',
      cell: (b) => (b.notSynced ? <strong>{syncText(b, d?.syncing ?? false)}</strong> : syncText(b, d?.syncing ?? false)),
      value: (b) => b.lastSyncAt,
      sortable: true,
    },
  ];

  return (
    <section className="panel screen dashboard" aria-labelledby="chain-title" aria-busy={data.isFetching}>
      <header className="screen-head">
        <div>
          <h1 id="chain-title">Chain</h1>
          {d && <p className="muted">{`Every branch today, ${formatDate(d.date) ?? d.date}; as of ${formatMoment(d.asOf)}`}</p>}
        </div>
      </header>

      {data.isError && <ErrorBanner banner={bannerFor(data.error, 'see the chain dashboard')} />}
      {data.isPending && <p className="screen-loading">Loading every branch’s day…</p>}

      {d && (
        <>
          <dl className="kpis" aria-label="The chain today">
            <div className="kpi">
              <dt>Sales today</dt>
              <dd className="kpi-value" data-testid="chain-sales">{formatRupees(d.totals.sales)}</dd>
              <dd className="kpi-sub muted">{`${d.totals.orders} order${d.totals.orders === 1 ? '' : 's'} at ${d.branches.length} branches`}</dd>
            </div>
            <div className="kpi">
              <dt>Received today</dt>
              <dd className="kpi-value" data-testid="chain-received">{formatRupees(d.totals.receiptAmount)}</dd>
              <dd className="kpi-sub muted">{`${d.totals.receipts} receipt${d.totals.receipts === 1 ? '' : 's'}`}</dd>
            </div>
            <div className="kpi">
              <dt>Tills open</dt>
              <dd className="kpi-value" data-testid="chain-tills">{d.totals.tillsOpen}</dd>
            </div>
            <div className="kpi">
              <dt>Not synced for over an hour</dt>
              <dd className="kpi-value" data-testid="chain-not-synced">{d.syncing ? d.totals.notSynced : '—'}</dd>
              <dd className="kpi-sub muted">{d.syncing ? `${d.lastSuccessAt ? `this PC last synced ${formatMoment(d.lastSuccessAt)}` : 'this PC has not synced yet'}` : 'this store does not sync with a hub'}</dd>
            </div>
          </dl>

          {behind.length > 0 && (
            <p className="banner banner-warning" role="note" aria-label="Branches not synced">
              {`Not heard from for more than an hour: ${behind.map((b) => `${b.branchName} (${b.branchCode})`).join(', ')}. Their sales since then are not in these figures yet; ask the branch whether its PC is on and online.`}
            </p>
          )}

          <DataTable listId="chain-branches" label="Branches today" columns={columns} rows={d.branches} rowKey={(b) => b.branchID} empty="No branches." />
        </>
      )}
    </section>
  );
}
