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

  return (
    <>
      <table className="data-table" aria-label="Customer’s orders" aria-busy={search.isFetching}>
        <thead>
          <tr>
            <th scope="col">Order no.</th>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Items
            </th>
            <th scope="col" className="num">
              Net
            </th>
            <th scope="col" className="num">
              Received
            </th>
            <th scope="col" className="num">
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          {search.data.data.map((o) => {
            const cancelled = o.statusID === SALES_ORDER_STATUS.Cancelled;
            return (
              <tr key={o.id}>
                <td>
                  <OrderLink salesOrderNo={o.salesOrderNo} />
                </td>
                <td>{formatDate(o.date) ?? '—'}</td>
                <td>
                  <StatusTag statusId={o.statusID} name={o.status} />
                </td>
                <td className="num">{o.itemCount}</td>
                <td className="num money">{formatRupees(o.netAmount)}</td>
                <td className="num money">{formatRupees(o.totalReceipt)}</td>
                {/* A cancelled order owes nothing: its receipts were settled when it was cancelled. */}
                <td className="num money">{cancelled ? '—' : formatRupees(Math.max(0, o.balanceAmount))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Pager label="Customer’s order pages" page={page} pageSize={PAGE_SIZE} totalRows={search.data.totalRows} exact={search.data.totalExact} onPage={setPage} />
    </>
  );
}
