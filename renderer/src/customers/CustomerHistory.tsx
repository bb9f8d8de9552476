/**
 * The customer page's History tab: everything the customer did at every branch of the chain,
 * newest first (orders, receipts, returns, eye examinations, recalls), each with the branch it came
 * from, so whichever branch they walk into knows the whole story (any branch serves any customer).
 */
import { api } from '../../../shared/endpoints/index.js';
import type { CustomerHistoryItem } from '../../../shared/models/any-branch.js';
import { useEndpoint } from '../core/service.js';
import { OrderLink } from '../orders/OrderLink.js';
import { DataTable, moneyColumn } from '../ui/DataTable.js';
import { formatDate } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';

const KIND: Record<CustomerHistoryItem['kind'], string> = {
  order: 'Order',
  receipt: 'Receipt',
  return: 'Return',
  prescription: 'Prescription',
  recall: 'Recall',
};

export function CustomerHistory({ customerId }: { customerId: string }) {
  const history = useEndpoint(api.Orders.customerHistory, { query: { customerId } });
  if (history.isError) return <ErrorBanner banner={bannerFor(history.error, 'show this customer’s history')} />;
  if (!history.data) return <p className="muted">Loading history…</p>;
  return (
    <>
      <DataTable
        listId="customer-history"
        label="Customer’s history at every branch"
        rows={history.data.rows}
        rowKey={(r) => `${r.kind}-${r.number ?? ''}-${r.date}-${r.branchName}-${r.detail}`}
        empty="Nothing yet at any branch."
        columns={[
          { id: 'date', header: 'Date', cell: (r) => formatDate(r.date) ?? '—', value: (r) => r.date, sortable: true },
          { id: 'kind', header: 'What', cell: (r) => KIND[r.kind], value: (r) => KIND[r.kind], sortable: true },
          { id: 'number', header: 'No.', className: 'mono', cell: (r) => r.number ?? '—', value: (r) => r.number },
          { id: 'order', header: 'Order', cell: (r) => (r.salesOrderNo ? <OrderLink salesOrderNo={r.salesOrderNo} /> : '—'), value: (r) => r.salesOrderNo },
          { id: 'branch', header: 'Branch', cell: (r) => r.branchName, value: (r) => r.branchName, sortable: true },
          moneyColumn<CustomerHistoryItem>('amount', 'Amount', (r) => r.amount, { blank: '—' }),
          { id: 'detail', header: 'Detail', cell: (r) => r.detail, value: (r) => r.detail },
        ]}
      />
      {history.data.truncated && <p className="muted">The newest 500 records are shown.</p>}
    </>
  );
}
