/**
 * The orders two branches acting apart left for a person (Orders/to-settle): paid beyond the bill,
 * paid after a cancel, handed over and cancelled. Shown to managers above the orders list, only
 * when there is something to settle; each order's page says the same in its own words.
 */
import { api } from '../../../shared/endpoints/index.js';
import { useEndpoint } from '../core/service.js';
import { DataTable, moneyColumn } from '../ui/DataTable.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { formatDate } from '../ui/dates.js';
import { OrderLink } from './OrderLink.js';

export function ToSettlePanel() {
  const list = useEndpoint(api.Orders.toSettle, undefined);
  if (list.isError) return <ErrorBanner banner={bannerFor(list.error, 'list the orders to settle')} />;
  const rows = list.data?.rows ?? [];
  if (rows.length === 0) return null;
  type Row = (typeof rows)[number];
  return (
    <section className="banner banner-warning" aria-labelledby="to-settle-title">
      <h2 id="to-settle-title">To settle ({rows.length})</h2>
      <p>Branches acting on these orders while apart left them for a person: open each order to settle it.</p>
      <DataTable
        listId="orders-to-settle"
        label="Orders to settle"
        rows={rows}
        rowKey={(r) => r.salesOrderID}
        columns={[
          { id: 'order-no', header: 'Order no.', cell: (r) => <OrderLink salesOrderNo={r.salesOrderNo} />, value: (r) => r.salesOrderNo },
          { id: 'date', header: 'Booked', cell: (r) => formatDate(r.orderDate) ?? '—', value: (r) => r.orderDate },
          { id: 'customer', header: 'Customer', cell: (r) => r.customerName, value: (r) => r.customerName },
          { id: 'branch', header: 'Booked at', cell: (r) => r.branchName, value: (r) => r.branchName },
          { id: 'collect', header: 'Collect at', cell: (r) => r.collectBranchName ?? r.branchName, value: (r) => r.collectBranchName ?? r.branchName },
          moneyColumn<Row>('received', 'Received', (r) => r.received),
          { id: 'why', header: 'Why', cell: (r) => r.reasons.map((x) => x.text).join(' · '), value: (r) => r.reasons.map((x) => x.kind).join(' ') },
        ]}
      />
    </section>
  );
}
