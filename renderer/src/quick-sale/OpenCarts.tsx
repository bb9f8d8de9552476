/**
 * The branch's open carts, for a manager (issue 11): a cart is its user's, so when a cashier
 * leaves the till mid-sale the manager sees whose carts are open and takes one over; the service
 * records from whom and when, and the cart becomes this counter's.
 */
import { hasRole } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import { formatRupees } from '../ui/money.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { useSession } from '../core/session.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { useCart } from './cart.js';

export function OpenCarts() {
  const role = useSession((s) => s.session?.userRole);
  const mine = useCart((s) => s.sessionID);
  const allowed = hasRole(role, api.QuickSale.openCarts.auth);
  const invalidate = useInvalidate();
  const carts = useEndpoint(api.QuickSale.openCarts, undefined, { enabled: allowed });
  const take = useEndpointMutation(api.QuickSale.takeOverCart, {
    input: (sessionID: string) => ({ body: { sessionID } }),
    onSuccess: (_answer, sessionID) => {
      useCart.getState().reset();
      useCart.getState().setSessionID(sessionID);
      void invalidate(api.QuickSale.openCarts);
      void invalidate(api.QuickSale.getSalesOrderTemp, api.QuickSale.calculateTempGrossInsurance);
    },
  });
  const others = (carts.data ?? []).filter((c) => c.sessionID !== mine);
  if (!allowed || others.length === 0) return null;
  return (
    <section className="panel counter-panel" aria-labelledby="qs-open-carts-title">
      <h2 id="qs-open-carts-title" className="counter-panel-title">
        Open carts at this branch
      </h2>
      <table className="data-table" aria-label="Open carts">
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col" className="num">
              Lines
            </th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">
              <span className="visually-hidden">Take over</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {others.map((c) => (
            <tr key={c.sessionID}>
              <td>{c.userName}</td>
              <td className="num">{c.lines}</td>
              <td className="num money">{formatRupees(c.grossAmount)}</td>
              <td>
                <button
                  type="button"
                  className="button button-small"
                  disabled={take.isPending || !!mine}
                  title={mine ? 'Finish or empty your own cart first' : undefined}
                  onClick={() => take.mutate(c.sessionID)}
                >
                  Take over
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {take.isError && <ErrorBanner banner={bannerFor(take.error, 'take over this cart')} />}
    </section>
  );
}
