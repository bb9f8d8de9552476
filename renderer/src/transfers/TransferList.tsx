/**
 * A branch's transfers: in transit either way (the default), outgoing, incoming; each row opens the
 * transfer (to print its document, or to receive it). Managers dispatch a new one from here.
 */
import { hasRole } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import type { TransferSummary } from '../../../shared/models/transfer.js';
import { hrefFor, navigate, type TransferView } from '../core/router.js';
import { useEndpoint } from '../core/service.js';
import { useSession } from '../core/session.js';
import { DataTable, moneyColumn, type DataColumn } from '../ui/DataTable.js';
import { formatInstant } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { DOCUMENT_NAMES, StatusTag } from './words.js';

const VIEWS: { view: TransferView; label: string }[] = [
  { view: 'in-transit', label: 'In transit' },
  { view: 'outgoing', label: 'Outgoing' },
  { view: 'incoming', label: 'Incoming' },
];

const columns: DataColumn<TransferSummary>[] = [
  {
    id: 'documentNo',
    header: 'Document no',
    className: 'mono',
    cell: (t) => (
      <a className="row-link" href={hrefFor({ name: 'transfer', transferId: t.transferId })}>
        {t.documentNo}
      </a>
    ),
    value: (t) => t.documentNo,
    sortable: true,
  },
  { id: 'kind', header: 'Document', cell: (t) => DOCUMENT_NAMES[t.documentKind] },
  { id: 'from', header: 'From', cell: (t) => t.fromBranch, value: (t) => t.fromBranch, sortable: true },
  { id: 'to', header: 'To', cell: (t) => t.toBranch, value: (t) => t.toBranch, sortable: true },
  { id: 'dispatched', header: 'Dispatched', cell: (t) => formatInstant(t.dispatchedAt) ?? '—', value: (t) => t.dispatchedAt, sortable: true },
  { id: 'qty', header: 'Units', className: 'num', cell: (t) => t.qty, value: (t) => t.qty, sortable: true },
  moneyColumn('total', 'Value', (t) => t.total, { sortable: true }),
  { id: 'status', header: 'Status', cell: (t) => <StatusTag status={t.status} />, value: (t) => t.status },
  {
    id: 'arrived',
    header: 'Arrived',
    cell: (t) => (t.received === null ? '—' : `${t.received} good${t.damaged ? `, ${t.damaged} damaged` : ''}${t.short ? `, ${t.short} short` : ''}`),
    value: (t) => t.received,
  },
];

export function TransferList({ view }: { view: TransferView }) {
  const list = useEndpoint(api.Transfers.list, { query: { view } });
  const mayDispatch = hasRole(useSession((s) => s.session?.userRole), api.Transfers.dispatch.auth);
  return (
    <section className="panel screen screen-wide" aria-labelledby="transfers-title">
      <header className="screen-head">
        <h1 id="transfers-title">Transfers</h1>
        {mayDispatch && (
          <a className="button button-primary" href={hrefFor({ name: 'transferNew' })}>
            Dispatch a transfer
          </a>
        )}
      </header>
      <div className="tabs" role="tablist" aria-label="Which transfers">
        {VIEWS.map((v) => (
          <button key={v.view} type="button" role="tab" className="tab" aria-selected={v.view === view} onClick={() => navigate({ name: 'transfers', view: v.view })}>
            {v.label}
          </button>
        ))}
      </div>
      {list.isError && <ErrorBanner banner={bannerFor(list.error, 'list the transfers')} />}
      <DataTable
        listId={`transfers-${view}`}
        label={`Transfers ${VIEWS.find((v) => v.view === view)!.label.toLowerCase()}`}
        columns={columns}
        rows={list.data ?? []}
        rowKey={(t) => t.transferId}
        busy={list.isFetching}
        empty={list.isSuccess ? (view === 'in-transit' ? 'Nothing is in transit to or from this branch.' : 'No transfers yet.') : undefined}
      />
    </section>
  );
}
