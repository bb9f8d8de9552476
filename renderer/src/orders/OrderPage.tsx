/**
 * One order: what was sold (lines, per-eye Rx, totals), what has been paid (receipts, balance),
 * its status and invoice, and the actions its state allows.
 */
import { OrderHistory } from './OrderHistory.js';
import { useState } from 'react';
import { ApiError } from '../../../shared/client.js';
import { hasRole, MANAGERS } from '../../../shared/contract/roles.js';
import { canTransition, SALES_ORDER_STATUS, SALES_ORDER_STATUS_NAMES } from '../../../shared/contract/statuses.js';
import type { SalesOrderDetail } from '../../../shared/models/order.js';
import { formatGstRate, formatRupees } from '../ui/money.js';
import type { PrintCopy } from '../print/documents.js';
import { CopyChoice, PrintActions } from '../print/PrintActions.js';
import { useSession } from '../core/session.js';
import { formatDate } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { hrefFor } from '../core/router.js';
import { CancelForm, InvoicePanel, JobCardPanel, PaymentForm, StatusActions } from './OrderActions.js';
import { useAdvanceReceiptData, useOrder, useOrderInvoice, useOrderReceipts } from './service.js';
import { DeliveryDue } from './DeliveryDue.js';
import { ReadyMessage } from './ReadyMessage.js';
import { StatusTag } from './StatusTag.js';

function BackLink() {
  return (
    <a className="back-link" href={hrefFor({ name: 'orders' })}>
      ← Orders
    </a>
  );
}

export function OrderPage({ salesOrderNo }: { salesOrderNo: string }) {
  const role = useSession((s) => s.session?.userRole);
  const isManager = hasRole(role, MANAGERS);
  const order = useOrder(salesOrderNo);
  const id = order.data?.salesOrderID;
  const money = useAdvanceReceiptData(id);
  const receipts = useOrderReceipts(salesOrderNo);
  const [receiptCopy, setReceiptCopy] = useState<PrintCopy>('customer');
  const invoice = useOrderInvoice(id);

  if (order.isPending) {
    return (
      <section className="panel screen screen-loading" aria-busy="true">
        Loading order {salesOrderNo}…
      </section>
    );
  }
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <section className="panel screen">
        <BackLink />
        <ErrorBanner
          banner={missing ? { title: 'Not found', detail: `There is no order ${salesOrderNo}.` } : bannerFor(order.error, 'load this order')}
        />
      </section>
    );
  }

  const o = order.data;
  // advance-receipt-data answers after every action, so its status is the freshest one.
  const statusId = money.data?.statusID ?? Number(o.statusID);
  const statusName = SALES_ORDER_STATUS_NAMES[statusId as 1] ?? `Status ${statusId}`;
  const cancelled = statusId === SALES_ORDER_STATUS.Cancelled;
  const received = money.data?.receiptTotalAmount ?? 0;
  const balance = money.data?.balance ?? 0;
  const invoiceNo = invoice.data?.invoiceNo ?? null;

  return (
    <section className="panel screen screen-wide order-page" aria-labelledby="order-title">
      <BackLink />
      <header className="screen-head">
        <h1 id="order-title">
          Order <span className="mono">{o.salesOrderNO}</span>
        </h1>
        <StatusTag statusId={statusId} name={statusName} />
      </header>

      <dl className="facts facts-columns">
        <div>
          <dt>Customer</dt>
          <dd>
            <a className="row-link" href={hrefFor({ name: 'customer', customerId: o.customerID, tab: 'profile' })}>
              {o.customerFullName}
            </a>
          </dd>
        </div>
        <div>
          <dt>Mobile</dt>
          <dd className="mono">{o.customerMobile ?? '—'}</dd>
        </div>
        <div>
          <dt>Booked</dt>
          <dd>{formatDate(o.salseOrderDate) ?? '—'}</dd>
        </div>
        <div>
          <dt>Delivery due</dt>
          <DeliveryDue
            salesOrderID={o.salesOrderID}
            due={o.deliveryDate ?? null}
            canChange={statusId !== SALES_ORDER_STATUS.Delivered && !cancelled}
          />
        </div>
        <div>
          <dt>Branch</dt>
          <dd>{o.branchName}</dd>
        </div>
        <div>
          <dt>Accepted by</dt>
          <dd>{o.acceptedBy ?? '—'}</dd>
        </div>
        {o.insuranceCompanyName && (
          <div>
            <dt>Insurer</dt>
            <dd data-testid="insurer">
              {o.insuranceCompanyName}
              {o.policyNo && <span className="muted mono"> · policy {o.policyNo}</span>}
            </dd>
          </div>
        )}
      </dl>

      <Lines order={o} />
      <Rx order={o} />

      <div className="order-columns">
        <Totals order={o} received={received} balance={balance} cancelled={cancelled} />
        <section aria-labelledby="order-receipts-title">
          <h2 id="order-receipts-title">Receipts</h2>
          {receipts.isError && <ErrorBanner banner={bannerFor(receipts.error, 'list the receipts')} />}
          {!!receipts.data?.length && (
            <div className="list-toolbar">
              <CopyChoice kind="receipt" id="order-receipt-copy" value={receiptCopy} onChange={setReceiptCopy} />
            </div>
          )}
          <table className="data-table" aria-label="Receipts">
            <thead>
              <tr>
                <th scope="col">Receipt no.</th>
                <th scope="col">Date</th>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Print</th>
              </tr>
            </thead>
            <tbody>
              {(receipts.data ?? []).map((r) => (
                <tr key={r.receiptId}>
                  <td className="mono">{r.receiptNo}</td>
                  <td>{formatDate(r.receiptDate) ?? '—'}</td>
                  <td>{r.receiptType ?? '—'}</td>
                  <td>{r.status}</td>
                  <td className="num money">{r.amount === null || r.amount === undefined ? '—' : formatRupees(r.amount)}</td>
                  <td>
                    <PrintActions compact doc={{ kind: 'receipt', id: r.receiptId, number: r.receiptNo, copy: receiptCopy }} printLabel="Print receipt" />
                  </td>
                </tr>
              ))}
              {receipts.isSuccess && receipts.data.length === 0 && (
                <tr>
                  <td colSpan={6} className="empty">
                    Nothing paid yet.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </section>
      </div>

      <div className="order-actions">
        <StatusActions salesOrderID={o.salesOrderID} statusId={statusId} />
        {/* Stays mounted once the balance reaches zero, so the receipt number just taken stays on screen. */}
        {!cancelled && <PaymentForm salesOrderID={o.salesOrderID} customerID={o.customerID} balance={balance} />}
        <InvoicePanel
          salesOrderID={o.salesOrderID}
          customerID={o.customerID}
          invoiceNo={invoiceNo}
          invoiceID={invoice.data?.invoiceID ?? null}
          balance={balance}
          cancelled={cancelled}
        />
        {!cancelled && <ReadyMessage salesOrderID={o.salesOrderID} />}
        {hasSpectacleLenses(o) && <JobCardPanel salesOrderID={o.salesOrderID} salesOrderNo={o.salesOrderNO} />}
        {/* An invoiced order is reversed by a credit note, not cancelled; the service refuses it too. */}
        {isManager && canTransition(statusId, SALES_ORDER_STATUS.Cancelled) && !invoiceNo && (
          <CancelForm salesOrderID={o.salesOrderID} received={received} />
        )}
      </div>

      <OrderHistory salesOrderID={o.salesOrderID} />
    </section>
  );
}

/** Spectacle lenses go to the lab with a job card; frames, contact lenses and the rest do not. */
function hasSpectacleLenses(order: SalesOrderDetail): boolean {
  return order.lines.some((l) => /spectacle lens/i.test(l.itemTypeName ?? ''));
}

function Lines({ order }: { order: SalesOrderDetail }) {
  return (
    <table className="data-table" aria-label="Lines">
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Type</th>
          <th scope="col" className="num">
            Qty
          </th>
          <th scope="col" className="num">
            MRP
          </th>
          <th scope="col" className="num">
            Price
          </th>
          <th scope="col" className="num">
            Discount
          </th>
          <th scope="col" className="num">
            GST
          </th>
          <th scope="col" className="num">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((l) => (
          <tr key={l.salesOrderDetailID}>
            <td>{l.itemName}</td>
            <td>{l.itemTypeName ?? '—'}</td>
            <td className="num">{l.qty}</td>
            <td className="num money muted">{formatRupees(l.mrp)}</td>
            <td className="num money">{formatRupees(l.price)}</td>
            <td className="num money">{l.discountAmount > 0 ? formatRupees(l.discountAmount) : '—'}</td>
            <td className="num">{formatGstRate(l.igstRate > 0 ? l.igstRate : l.cgstRate + l.sgstRate) ?? '—'}</td>
            <td className="num money">{formatRupees(l.totalAmount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const RX_COLUMNS = [
  ['SPH', 'spherical'],
  ['CYL', 'cylinder'],
  ['AXIS', 'aXIS'],
  ['ADD', 'aDD'],
  ['VA', 'vA'],
  ['PD', 'pD'],
] as const;

function rxValue(order: SalesOrderDetail, field: (typeof RX_COLUMNS)[number][1], eye: 'Right' | 'Left'): string | null {
  return order[`${field}_${eye}`] ?? null;
}

function Rx({ order }: { order: SalesOrderDetail }) {
  const eyes = (['Right', 'Left'] as const).filter((eye) => RX_COLUMNS.some(([, f]) => rxValue(order, f, eye)));
  if (eyes.length === 0) return null;
  return (
    <table className="data-table order-rx" aria-label="Lens Rx">
      <thead>
        <tr>
          <th scope="col">Eye</th>
          {RX_COLUMNS.map(([label]) => (
            <th key={label} scope="col" className="num">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {eyes.map((eye) => (
          <tr key={eye}>
            <th scope="row">{eye === 'Right' ? 'R' : 'L'}</th>
            {RX_COLUMNS.map(([label, f]) => (
              <td key={label} className="num mono">
                {rxValue(order, f, eye) ?? '—'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Totals({
  order,
  received,
  balance,
  cancelled,
}: {
  order: SalesOrderDetail;
  received: number;
  balance: number;
  cancelled: boolean;
}) {
  const charges = order.jobCharges + order.shippingCharges + order.otherCharges + order.serviceTax;
  const rows: [string, number, string?][] = [
    ['MRP total', order.iTotlaMRP],
    ['Discount', order.totalDiscount],
    ['Taxable', order.totalTaxableAmount],
    ...(order.totalIGST > 0
      ? ([['IGST', order.totalIGST]] as [string, number][])
      : ([
          ['CGST', order.totalCGST],
          ['SGST', order.totalSGST],
        ] as [string, number][])),
    ...(charges > 0 ? ([['Charges', charges]] as [string, number][]) : []),
    ...(order.rounding !== 0 ? ([['Rounding', order.rounding]] as [string, number][]) : []),
    ['Net amount', order.netAmount, 'net-amount'],
    // The insurer's share is collected from the insurer: the customer's balance leaves it out.
    ...(order.insuranceAmount > 0
      ? ([
          ['Insurer’s share', order.insuranceAmount, 'insurance-amount'],
          ['Patient pays', order.patientAmount, 'patient-amount'],
        ] as [string, number, string][])
      : []),
    ['Received', received, 'received'],
  ];
  return (
    <section aria-labelledby="order-totals-title">
      <h2 id="order-totals-title">Totals</h2>
      <dl className="facts">
        {rows.map(([label, amount, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="money" data-testid={testId}>
              {formatRupees(amount)}
            </dd>
          </div>
        ))}
        <div className="order-balance">
          <dt>Balance</dt>
          <dd className="money" data-testid="balance">
            {cancelled ? '—' : formatRupees(Math.max(0, balance))}
          </dd>
        </div>
      </dl>
    </section>
  );
}
