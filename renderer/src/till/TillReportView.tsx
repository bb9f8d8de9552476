/** An X or Z report on screen (issue 16): the same figures the printed one carries. */
import { DENOMINATIONS } from '../../../shared/domain/till.js';
import type { TillReport } from '../../../shared/models/till.js';
import { formatRupees } from '../ui/money.js';
import { formatMoment } from '../ui/dates.js';

type Tally = { count: number; amount: number };

function Row({ label, tally }: { label: string; tally: Tally }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="num">{tally.count}</td>
      <td className="num money">{formatRupees(tally.amount)}</td>
    </tr>
  );
}

export function TillReportView({ report }: { report: TillReport }) {
  const z = report.kind === 'Z';
  const title = z ? 'Z report' : 'X report';
  return (
    <section className="till-report" aria-label={title}>
      <h2>
        {title} {z ? '(day closed)' : '(till still open)'}
      </h2>
      <p className="muted">
        Opened {formatMoment(report.openedAt)} by {report.openedBy}
        {report.closedAt ? `, closed ${formatMoment(report.closedAt)} by ${report.closedBy ?? ''}` : ''}.
      </p>
      <table className="data-table" aria-label={`${title} figures`}>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col" className="num">
              No.
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <Row label="Sales" tally={report.sales} />
          {report.salesByKind.map((k) => (
            <Row key={k.kind} label={`Sales paid by ${k.kind}`} tally={k} />
          ))}
          <Row label="Receipts against earlier orders" tally={report.earlierOrderReceipts} />
          {report.receiptsByKind.map((k) => (
            <Row key={k.kind} label={`All receipts by ${k.kind}`} tally={k} />
          ))}
          <Row label="Refunds" tally={report.refunds} />
          <Row label="Credit notes issued" tally={report.creditNotesIssued} />
          <Row label="Credit notes spent" tally={report.creditNotesSpent} />
          <Row label="Discounts given" tally={report.discounts} />
          <Row label="Price approvals" tally={{ count: report.priceApprovals, amount: 0 }} />
          <Row label="Cancellations" tally={report.cancellations} />
          {report.gstByRate.map((g) => (
            <tr key={g.ratePercent}>
              <th scope="row">GST {g.ratePercent}% on {formatRupees(g.taxable)}</th>
              <td />
              <td className="num money">{formatRupees(g.cgst + g.sgst + g.igst)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.counted && (
        <table className="data-table" aria-label="Cash counted">
          <tbody>
            {DENOMINATIONS.filter((d) => (report.counted?.[d.key] ?? 0) > 0).map((d) => (
              <tr key={d.key}>
                <th scope="row">{d.label}</th>
                <td className="num">{report.counted?.[d.key]}</td>
                <td className="num money">{formatRupees((report.counted?.[d.key] ?? 0) * d.rupees)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="counter-sums" aria-label="Cash in the till">
        <div>
          <dt>Opening float</dt>
          <dd className="money">{formatRupees(report.openingFloat)}</dd>
        </div>
        <div>
          <dt>Cash receipts</dt>
          <dd className="money">{formatRupees(report.cashReceipts)}</dd>
        </div>
        <div>
          <dt>Cash in / out</dt>
          <dd className="money">
            {formatRupees(report.cashIn)} / {formatRupees(report.cashOut)}
          </dd>
        </div>
        <div>
          <dt>Cash refunds</dt>
          <dd className="money">{formatRupees(report.cashRefunds)}</dd>
        </div>
        <div>
          <dt>Expected cash</dt>
          <dd className="money" data-testid="expected-cash">
            {formatRupees(report.expectedCash)}
          </dd>
        </div>
        {report.countedCash !== null && (
          <div>
            <dt>Counted cash</dt>
            <dd className="money" data-testid="counted-cash">
              {formatRupees(report.countedCash)}
            </dd>
          </div>
        )}
        {report.difference !== null && (
          <div>
            <dt>{report.difference < 0 ? 'Short' : report.difference > 0 ? 'Over' : 'Difference'}</dt>
            <dd className="money" data-testid="cash-difference">
              {formatRupees(report.difference)}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
