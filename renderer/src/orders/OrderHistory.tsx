/**
 * The order's history (issue 14), from the service's change journal: what happened, who did it,
 * when and from which till. Refetched with the rest of the order after every action.
 */
import { api } from '../../../shared/endpoints/index.js';
import { useEndpoint } from '../core/service.js';
import { formatInstant } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';

export function OrderHistory({ salesOrderID }: { salesOrderID: string }) {
  const history = useEndpoint(api.Orders.history, { params: { salesOrderId: salesOrderID } });
  return (
    <section aria-labelledby="order-history-title" className="order-history">
      <h2 id="order-history-title">History</h2>
      {history.isError && <ErrorBanner banner={bannerFor(history.error, 'show the order’s history')} />}
      <table className="data-table" aria-label="Order history">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Till</th>
          </tr>
        </thead>
        <tbody>
          {(history.data?.data ?? []).map((e, i) => (
            <tr key={i}>
              <td className="nowrap">{formatInstant(e.at) ?? '—'}</td>
              <td>{e.userName ?? 'System'}</td>
              <td>{e.what}</td>
              <td className="mono muted">{e.till || '—'}</td>
            </tr>
          ))}
          {history.isSuccess && history.data.data.length === 0 && (
            <tr>
              <td colSpan={4} className="empty">
                Nothing recorded yet (orders booked before the journal began have no history).
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
