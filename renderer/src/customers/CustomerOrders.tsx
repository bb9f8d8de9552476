/**
 * The customer page's Orders tab: this customer's orders, newest first, paged by Orders.search
 * filtered by the customer's ENC id — what was bought, what it came to, what is still owed, and a
 * link to each order's page.
 */
import { useState } from 'react';
import { SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import { formatRupees } from '../ui/money.js';
import { useOrderSearch } from '../orders/service.js';
import { StatusTag } from '../orders/StatusTag.js';
import { formatDate } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { Pager } from '../ui/Pager.js';
import { DataTable, moneyColumn } from '../ui/DataTable.js';
import { hrefFor } from '../core/router.js';
import { OrderLink } from '../orders/OrderLink.js';

const PAGE_SIZE = 10;

export function CustomerOrders({ customerId }: { customerId: string }) {
  const [page, setPage] = useState(1);
  const search = useOrderSearch({ customerID: customerId, orderBy: 'date desc', pageNumber: page, pageSize: PAGE_SIZE });

  if (search.isError) return <ErrorBanner banner={bannerFor(search.error, 'list this customer’s orders')} />;
  if (!search.data) return <p className="muted">Loading orders…</p>;
  if (search.data.totalRows === 0) {
    return (
      <div className="placeholder">
        <p>No orders yet. A sale at the counter makes one.</p>
        <a className="button button-primary" href={hrefFor({ name: 'quickSale' })}>
          New sale
        </a>
      </div>
    );
  }

  const orders = search.data.data;
  type OrderRow = (typeof orders)[number];
  return (
    <>
      {/* Paged by the service, newest first: no column sorts one page as if it were all of them. */}
      <DataTable
        listId="customer-orders"
        label="Customer’s orders"
        busy={search.isFetching}
        rows={orders}
        rowKey={(o) => o.id}
        columns={[
          { id: 'orderNo', header: 'Order no.', cell: (o) => <OrderLink salesOrderNo={o.salesOrderNo} />, value: (o) => o.salesOrderNo },
          { id: 'date', header: 'Date', cell: (o) => formatDate(o.date) ?? '—' },
          // Any branch serves any customer: every branch's orders are here, each saying where it was booked.
          { id: 'branch', header: 'Branch', cell: (o) => o.branchName ?? '—' },
          { id: 'status', header: 'Status', cell: (o) => <StatusTag statusId={o.statusID} name={o.status} />, value: (o) => o.status },
          { id: 'items', header: 'Items', className: 'num', cell: (o) => o.itemCount },
          moneyColumn<OrderRow>('net', 'Net', (o) => o.netAmount),
          moneyColumn<OrderRow>('received', 'Received', (o) => o.totalReceipt),
          {
            id: 'balance',
            header: 'Balance',
            className: 'num money',
            // A cancelled order owes nothing: its receipts were settled when it was cancelled.
            cell: (o) => (o.statusID === SALES_ORDER_STATUS.Cancelled ? '—' : formatRupees(Math.max(0, o.balanceAmount))),
          },
        ]}
      />
      <Pager label="Customer’s order pages" page={page} pageSize={PAGE_SIZE} totalRows={search.data.totalRows} exact={search.data.totalExact} onPage={setPage} />
    </>
  );
}
