/**
 * How a saved sale was paid when it took more than one receipt (a credit note and the rest, or a
 * split payment), each with its number. All of them were written with the sale, in its one
 * transaction, so there is no part that might not have been taken.
 */
import { formatRupees } from '../ui/money.js';
import type { SavedSale } from './cart.js';

export function SavedPayments({ sale }: { sale: SavedSale }) {
  if (!sale.payments) return null;
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
    </section>
  );
}
