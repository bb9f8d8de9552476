/**
 * How a saved sale was paid when it took more than one receipt: the credit note's and the rest's,
 * each with its number. A second payment the service did not confirm is said plainly, with where
 * to check, because taking it again blindly could charge the customer twice.
 */
import { formatRupees } from '../catalog/money.js';
import { hrefFor } from '../app/router.js';
import type { SavedSale } from './cart.js';

export function SavedPayments({ sale }: { sale: SavedSale }) {
  if (!sale.payments && !sale.paymentProblem) return null;
  const problem = sale.paymentProblem;
  return (
    <section className="counter-paid-by" aria-labelledby="qs-paid-by-title">
      {sale.payments && (
        <>
          <h2 id="qs-paid-by-title">Paid by</h2>
          <table className="data-table" aria-label="Paid by">
            <thead>
              <tr>
                <th scope="col">How</th>
                <th scope="col">Receipt no.</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {sale.payments.map((p) => (
                <tr key={`${p.kind}-${p.receiptNo ?? ''}`}>
                  <td>{p.kind}</td>
                  <td className="mono">{p.receiptNo ?? 'not confirmed'}</td>
                  <td className="num money">{formatRupees(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {problem && (
        <div className="banner banner-warning" role="alert">
          <strong>
            The sale is saved, but the {problem.kind} payment of {formatRupees(problem.amount)} was not confirmed
          </strong>
          <span>
            {problem.message} Check the receipts on{' '}
            <a className="row-link" href={hrefFor({ name: 'order', salesOrderNo: sale.salesOrderNo })}>
              the order page
            </a>{' '}
            and take what is still due there.
          </span>
        </div>
      )}
    </section>
  );
}
