/** What the last save made: the order and receipt numbers the cashier reads out or writes down. */
import { formatRupees } from '../catalog/money.js';
import { hrefFor } from '../shell/router.js';
import type { SavedSale } from './cart.js';

export function SavedPanel({ sale }: { sale: SavedSale }) {
  const balance = Math.max(0, sale.netAmount - sale.amountPaid);
  return (
    <section className="banner banner-info counter-saved" role="status" aria-labelledby="qs-saved-title">
      <h2 id="qs-saved-title">Sale saved</h2>
      <dl className="counter-saved-facts">
        <div>
          <dt>Order no.</dt>
          <dd className="mono">
            <a className="row-link" data-testid="order-no" href={hrefFor({ name: 'order', salesOrderNo: sale.salesOrderNo })}>
              {sale.salesOrderNo}
            </a>
          </dd>
        </div>
        <div>
          <dt>Receipt no.</dt>
          <dd className="mono" data-testid="receipt-no">
            {sale.receiptNo ?? 'none (nothing paid)'}
          </dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd className="money">{formatRupees(sale.amountPaid)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd className="money">{formatRupees(balance)}</dd>
        </div>
      </dl>
      <div className="counter-saved-print">
        <button type="button" className="button button-secondary button-small" disabled aria-describedby="qs-print-note">
          Print receipt
        </button>
        <span id="qs-print-note" className="muted">
          Printing arrives with issue 6.
        </span>
      </div>
    </section>
  );
}
