import { useState } from 'react';
import { hasRole } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import { formatRupees } from '../ui/money.js';
import { useEndpoint } from '../core/service.js';
import { dateInputValue, formatDate } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { DateField, isDateEntry } from '../ui/DateField.js';
import { SalesChart } from './SalesChart.js';

/** Whether the signed-in role may open the dashboard: the roles its endpoint row allows. */
export function canSeeDashboard(roleName: string): boolean {
  return hasRole(roleName, api.Dashboard.dashboardData.auth);
}

function Tile({ id, label, value, sub }: { id: string; label: string; value: string; sub?: string }) {
  return (
    <div className="kpi">
      <dt>{label}</dt>
      <dd className="kpi-value" data-testid={`kpi-${id}`}>
        {value}
      </dd>
      {sub && <dd className="kpi-sub muted">{sub}</dd>}
    </div>
  );
}

export function DashboardScreen() {
  // Null until a day is picked: the service's today is the branch's local day, which this PC's
  // clock may not agree with around midnight.
  const [date, setDate] = useState<string | null>(null);
  const data = useEndpoint(api.Dashboard.dashboardData, { body: date ? { date } : {} });
  const d = data.data;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

  return (
    <section className="panel screen dashboard" aria-labelledby="dashboard-title" aria-busy={data.isFetching}>
      <header className="screen-head">
        <div>
          <h1 id="dashboard-title">Dashboard</h1>
          {d && <p className="muted">{`${d.branchName}, ${formatDate(d.date) ?? d.date}`}</p>}
        </div>
        <DateField id="dash-date" label="Day" value={date ?? dateInputValue(d?.date)} onChange={(v) => isDateEntry(v) && setDate(v || null)} />
      </header>

      {data.isError && <ErrorBanner banner={bannerFor(data.error, 'see the dashboard')} />}
      {data.isPending && <p className="screen-loading">Loading the day’s figures…</p>}

      {d && (
        <>
          <dl className="kpis" aria-label="The day at a glance">
            <Tile id="sales" label="Sales today" value={formatRupees(d.sales.amount)} sub={plural(d.sales.count, 'order')} />
            <Tile id="received" label="Received today" value={formatRupees(d.receipts.amount)} sub={plural(d.receipts.count, 'receipt')} />
            <Tile id="month" label="Month to date" value={formatRupees(d.period.amount)} sub={plural(d.period.count, 'order')} />
            <Tile id="balance" label="Balances outstanding" value={formatRupees(d.balanceOutstanding.amount)} sub={plural(d.balanceOutstanding.count, 'order')} />
            <Tile id="due" label="Deliveries due today" value={String(d.deliveries.dueToday)} />
            <Tile id="overdue" label="Deliveries overdue" value={String(d.deliveries.overdue)} />
            <Tile id="recalls" label="Recalls due" value={String(d.recallsDue)} sub="customers to call" />
            <Tile id="tax" label="GST today" value={formatRupees(d.sales.tax)} sub={`${formatRupees(d.sales.discount)} discount`} />
          </dl>

          <section className="dash-card dash-chart" aria-labelledby="dash-chart-title">
            <h2 id="dash-chart-title">
              Sales, {formatDate(d.period.fromDate)} – {formatDate(d.period.toDate)}
            </h2>
            <SalesChart period={d.period} today={dateInputValue(d.date)} />
          </section>

          <div className="dash-grid">
            <section className="dash-card" aria-labelledby="dash-kinds-title">
              <h2 id="dash-kinds-title">Received by payment kind</h2>
              <table className="data-table" aria-label="Received by payment kind">
                <thead>
                  <tr>
                    <th scope="col">Kind</th>
                    <th scope="col" className="num">Receipts</th>
                    <th scope="col" className="num">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {d.receipts.byPaymentKind.map((k) => (
                    <tr key={k.receiptTypeID}>
                      <td>{k.name}</td>
                      <td className="num">{k.count}</td>
                      <td className="num money">{formatRupees(k.amount)}</td>
                    </tr>
                  ))}
                  {d.receipts.byPaymentKind.length === 0 && (
                    <tr>
                      <td colSpan={3} className="empty">Nothing received yet.</td>
                    </tr>
                  )}
                </tbody>
              </table>
              <table className="data-table" aria-label="Credit notes">
                <thead>
                  <tr>
                    <th scope="col">Credit notes</th>
                    <th scope="col" className="num">Notes</th>
                    <th scope="col" className="num">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>Issued</td>
                    <td className="num">{d.creditNotes.issued.count}</td>
                    <td className="num money">{formatRupees(d.creditNotes.issued.amount)}</td>
                  </tr>
                  <tr>
                    <td>Spent</td>
                    <td className="num">{d.creditNotes.spent.count}</td>
                    <td className="num money">{formatRupees(d.creditNotes.spent.amount)}</td>
                  </tr>
                </tbody>
              </table>
            </section>

            <section className="dash-card" aria-labelledby="dash-status-title">
              <h2 id="dash-status-title">Orders by status</h2>
              <table className="data-table" aria-label="Orders by status">
                <thead>
                  <tr>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">Orders</th>
                    <th scope="col" className="num">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {d.ordersByStatus.map((s) => (
                    <tr key={s.statusID}>
                      <td>{s.status}</td>
                      <td className="num">{s.count}</td>
                      <td className="num money">{formatRupees(s.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>

            <section className="dash-card dash-wide" aria-labelledby="dash-top-title">
              <h2 id="dash-top-title">Top items today</h2>
              <table className="data-table" aria-label="Top items">
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col">Type</th>
                    <th scope="col" className="num">Qty</th>
                    <th scope="col" className="num">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {d.topItems.map((t) => (
                    <tr key={t.itemID}>
                      <td>{t.itemName}</td>
                      <td>{t.itemTypeName ?? '—'}</td>
                      <td className="num">{t.qty}</td>
                      <td className="num money">{formatRupees(t.amount)}</td>
                    </tr>
                  ))}
                  {d.topItems.length === 0 && (
                    <tr>
                      <td colSpan={4} className="empty">No sales on this day.</td>
                    </tr>
                  )}
                </tbody>
              </table>
            </section>
          </div>
        </>
      )}
    </section>
  );
}
