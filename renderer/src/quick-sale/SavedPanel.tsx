/**
 * What the last save made: the order and receipt numbers the cashier reads out or writes down,
 * and the receipt to print (the counter's print key works from anywhere on the screen).
 */
import { useState } from 'react';
import { formatRupees } from '../ui/money.js';
import type { PrintCopy } from '../print/documents.js';
import { CopyChoice, PrintActions } from '../print/PrintActions.js';
import { hrefFor } from '../core/router.js';
import type { SavedSale } from './cart.js';
import { COUNTER_KEYS } from './keys.js';

export function SavedPanel({ sale }: { sale: SavedSale }) {
  const balance = Math.max(0, sale.netAmount - sale.amountPaid);
  const [copy, setCopy] = useState<PrintCopy>('customer');
  const receipt = sale.receiptID && sale.receiptNo ? { kind: 'receipt' as const, id: sale.receiptID, number: sale.receiptNo, copy } : null;
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
          <dd className="money" data-testid="amount-paid">
            {formatRupees(sale.amountPaid)}
          </dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd className="money">{formatRupees(balance)}</dd>
        </div>
      </dl>
      {receipt ? (
        <div className="counter-saved-print">
          <CopyChoice kind="receipt" id="qs-receipt-copy" value={copy} onChange={setCopy} />
          <PrintActions key={receipt.id} doc={receipt} printLabel="Print receipt" shortcut={COUNTER_KEYS.printReceipt} />
        </div>
      ) : (
        <p className="muted">Nothing was paid, so there is no receipt to print.</p>
      )}
    </section>
  );
}
