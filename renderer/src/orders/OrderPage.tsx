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
import { DataTable, moneyColumn, type DataColumn } from '../ui/DataTable.js';
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
import { CollectAtFact, ToSettleNotice, useHereBranch } from './CollectAt.js';

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
  type Receipt = NonNullable<typeof receipts.data>[number];
  const [receiptCopy, setReceiptCopy] = useState<PrintCopy>('customer');
  const invoice = useOrderInvoice(id);
  const here = useHereBranch();

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
      <ToSettleNotice reasons={o.toSettle} salesOrderID={isManager ? o.salesOrderID : undefined} />

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
          <dt>Collect at</dt>
          <CollectAtFact
            salesOrderID={o.salesOrderID}
            branchID={o.collectBranchID}
            branchName={o.collectBranchName}
            canChange={(role === 'admin' || here === o.branchID) && statusId !== SALES_ORDER_STATUS.Delivered && !cancelled}
          />
        </div>
        {o.deliveredBranchName && (
          <div>
            <dt>Handed over at</dt>
            <dd>{o.deliveredBranchName}</dd>
          </div>
        )}
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
          <DataTable
            listId="order-receipts"
            label="Receipts"
            rows={receipts.data ?? []}
            rowKey={(r) => r.receiptId}
            empty={receipts.isSuccess ? 'Nothing paid yet.' : undefined}
            columns={[
              { id: 'receiptNo', header: 'Receipt no.', className: 'mono', cell: (r) => r.receiptNo, value: (r) => r.receiptNo, sortable: true },
              { id: 'date', header: 'Date', cell: (r) => formatDate(r.receiptDate) ?? '—', value: (r) => r.receiptDate, sortable: true },
              { id: 'kind', header: 'Kind', cell: (r) => r.receiptType ?? '—', value: (r) => r.receiptType, sortable: true },
              { id: 'status', header: 'Status', cell: (r) => r.status, value: (r) => r.status, sortable: true },
              moneyColumn<Receipt>('amount', 'Amount', (r) => r.amount, { sortable: true, blank: '—' }),
              {
                id: 'print',
                header: 'Print',
                noExport: true,
                cell: (r) => <PrintActions compact doc={{ kind: 'receipt', id: r.receiptId, number: r.receiptNo, copy: receiptCopy }} printLabel="Print receipt" />,
              },
            ]}
          />
        </section>
      </div>

      <div className="order-actions">
        <StatusActions salesOrderID={o.salesOrderID} statusId={statusId} collectedElsewhere={here !== undefined && here !== o.collectBranchID ? o.collectBranchName : null} />
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
        {/* Delivered goods come back by a return (to stock or the damaged bin) or an exchange, never by a cancel. */}
        {statusId === SALES_ORDER_STATUS.Delivered && (
          <section className="order-box" aria-labelledby="order-return-title">
            <h2 id="order-return-title">Return or exchange</h2>
            <a className="button button-secondary" href={hrefFor({ name: 'returnOrder', salesOrderNo: o.salesOrderNO })}>
              Return or exchange goods
            </a>
          </section>
        )}
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

type Line = SalesOrderDetail['lines'][number];

/** The whole order is on screen, so every column sorts it. */
const LINE_COLUMNS: DataColumn<Line>[] = [
  { id: 'item', header: 'Item', cell: (l) => l.itemName, value: (l) => l.itemName, sortable: true },
  { id: 'type', header: 'Type', cell: (l) => l.itemTypeName ?? '—', value: (l) => l.itemTypeName, sortable: true },
  { id: 'qty', header: 'Qty', className: 'num', cell: (l) => l.qty, value: (l) => l.qty, sortable: true },
  { id: 'mrp', header: 'MRP', className: 'num money muted', cell: (l) => formatRupees(l.mrp), value: (l) => l.mrp, sortable: true },
  moneyColumn('price', 'Price', (l) => l.price, { sortable: true }),
  moneyColumn('discount', 'Discount', (l) => (l.discountAmount > 0 ? l.discountAmount : null), { sortable: true, blank: '—' }),
  {
    id: 'gst',
    header: 'GST',
    className: 'num',
    cell: (l) => formatGstRate(gstRate(l)) ?? '—',
    value: gstRate,
    sortable: true,
  },
  moneyColumn('total', 'Total', (l) => l.totalAmount, { sortable: true }),
];

function gstRate(l: Line): number {
  return l.igstRate > 0 ? l.igstRate : l.cgstRate + l.sgstRate;
}

function Lines({ order }: { order: SalesOrderDetail }) {
  return (
    <DataTable
      listId="order-lines"
      label="Lines"
      rows={order.lines}
      rowKey={(l) => l.salesOrderDetailID}
      columns={LINE_COLUMNS}
    />
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
