/**
 * The Till screen (issue 16): open the till with a float, record cash in and out with a reason,
 * the X report at any time, close the day with the cash counted by denomination (its Z report,
 * printed and kept); a manager also sees every till of the branch.
 */
import { useState } from 'react';
import { hasRole } from '../../../shared/contract/roles.js';
import { rupees } from '../../../shared/domain/money.js';
import { countedPaise, DENOMINATIONS, type CashCount } from '../../../shared/domain/till.js';
import { api } from '../../../shared/endpoints/index.js';
import type { TillReport, TillState } from '../../../shared/models/till.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { useSession } from '../core/session.js';
import { DataTable, moneyColumn } from '../ui/DataTable.js';
import { formatRupees } from '../ui/money.js';
import { formatMoment } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { OpenTillForm } from './OpenTillForm.js';
import { printTillReport, reportTab } from './print.js';
import { amountOf, useTillState } from './service.js';
import { TillReportView } from './TillReportView.js';

export function TillScreen() {
  const state = useTillState();
  const [report, setReport] = useState<TillReport | null>(null);
  const isManager = hasRole(useSession((s) => s.session?.userRole), api.Till.tills.auth);
  const till = state.data;
  return (
    <section className="panel screen" aria-labelledby="till-title">
      <header className="screen-head">
        <h1 id="till-title">Till</h1>
      </header>
      {state.error && <ErrorBanner banner={bannerFor(state.error, 'read the till')} />}
      {till && <TillStatus till={till} />}
      {till && till.status !== 'open' && <OpenTillForm onOpened={() => setReport(null)} />}
      {till?.status === 'open' && (
        <>
          <CashMove />
          <XReport onReport={setReport} />
          <CloseTill onClosed={setReport} />
        </>
      )}
      {report && <ReportWithPrint report={report} />}
      {!report && till?.status === 'closed' && till.sessionId && <KeptReport sessionId={till.sessionId} />}
      {isManager && <EveryTill />}
    </section>
  );
}

function TillStatus({ till }: { till: TillState }) {
  if (till.status === 'none') return <p className="lead" role="status">This till has not been opened yet. Open it with the float in the drawer before the first sale.</p>;
  if (till.status === 'closed') {
    return (
      <p className="lead" role="status">
        The till is closed: the day was closed {till.closedAt ? formatMoment(till.closedAt) : ''} by {till.closedBy}. A closed day is never
        reopened; open a new day to sell.
      </p>
    );
  }
  return (
    <p className="lead" role="status">
      The till is open since {till.openedAt ? formatMoment(till.openedAt) : ''} ({till.openedBy}), float {formatRupees(till.openingFloat ?? 0)};{' '}
      {till.salesCount ?? 0} sales; the drawer should hold <span data-testid="till-expected">{formatRupees(till.expectedCash ?? 0)}</span>.
    </p>
  );
}

function CashMove() {
  const invalidate = useInvalidate();
  const [direction, setDirection] = useState<'in' | 'out'>('out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const move = useEndpointMutation(api.Till.cashMove, {
    onSuccess: () => {
      setAmount('');
      setReason('');
      void invalidate(api.Till.state, api.Till.tills);
    },
  });
  const value = amountOf(amount);
  return (
    <form
      aria-label="Cash in or out"
      onSubmit={(event) => {
        event.preventDefault();
        if (value !== null) move.mutate({ body: { direction, amount: value, reason } });
      }}
    >
      <h2>Cash in or out</h2>
      <div className="counter-row counter-row-3">
        <div className="field">
          <label htmlFor="till-direction">In or out</label>
          <select id="till-direction" value={direction} onChange={(e) => setDirection(e.target.value === 'in' ? 'in' : 'out')}>
            <option value="out">Out of the till</option>
            <option value="in">Into the till</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="till-move-amount">Amount</label>
          <input id="till-move-amount" className="num" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="till-move-reason">Reason</label>
          <input id="till-move-reason" list="till-reasons" autoComplete="off" value={reason} onChange={(e) => setReason(e.target.value)} />
          <datalist id="till-reasons">
            <option value="Petty cash" />
            <option value="Bank deposit" />
            <option value="Change from the bank" />
          </datalist>
        </div>
      </div>
      {move.error && <ErrorBanner banner={bannerFor(move.error, 'record the cash')} />}
      <div className="actions">
        <button type="submit" className="button button-secondary" disabled={move.isPending || value === null || !reason.trim()}>
          Record cash
        </button>
      </div>
    </form>
  );
}

function XReport({ onReport }: { onReport: (r: TillReport) => void }) {
  const x = useEndpointMutation(api.Till.xReport, { onSuccess: onReport });
  return (
    <div className="actions">
      <button type="button" className="button button-secondary" disabled={x.isPending} onClick={() => x.mutate({})}>
        X report
      </button>
      {x.error && <ErrorBanner banner={bannerFor(x.error, 'make the X report')} />}
    </div>
  );
}

function CloseTill({ onClosed }: { onClosed: (r: TillReport) => void }) {
  const invalidate = useInvalidate();
  const [count, setCount] = useState<Record<string, string>>({});
  const close = useEndpointMutation(api.Till.close, {
    onSuccess: (report) => {
      onClosed(report);
      setCount({});
      void invalidate(api.Till.state, api.Till.tills);
    },
  });
  const parsed: CashCount = {};
  let bad = false;
  for (const d of DENOMINATIONS) {
    const text = (count[d.key] ?? '').trim();
    if (!text) continue;
    if (!/^\d{1,6}$/.test(text)) bad = true;
    else parsed[d.key] = Number(text);
  }
  return (
    <form
      aria-label="Close the till"
      onSubmit={(event) => {
        event.preventDefault();
        if (!bad) close.mutate({ body: { counted: parsed } });
      }}
    >
      <h2>Close the day</h2>
      <p className="muted">Count the cash in the drawer: how many notes and coins of each.</p>
      <div className="till-count">
        {DENOMINATIONS.map((d) => (
          <div className="field" key={d.key}>
            <label htmlFor={`till-count-${d.key}`}>{d.label}</label>
            <input
              id={`till-count-${d.key}`}
              className="num"
              inputMode="numeric"
              autoComplete="off"
              value={count[d.key] ?? ''}
              onChange={(e) => setCount({ ...count, [d.key]: e.target.value })}
            />
          </div>
        ))}
      </div>
      <p role="status">
        Counted: <strong data-testid="till-counted">{formatRupees(rupees(countedPaise(parsed)))}</strong>
      </p>
      {bad && <p className="field-error">Each count is a whole number of notes or coins.</p>}
      {close.error && <ErrorBanner banner={bannerFor(close.error, 'close the till')} />}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={close.isPending || bad}>
          Close the till
        </button>
      </div>
    </form>
  );
}

function ReportWithPrint({ report }: { report: TillReport }) {
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  return (
    <>
      <TillReportView report={report} />
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            const tab = reportTab();
            setProblem(null);
            printTillReport(report.sessionId, tab).then(setSaid, (error: unknown) => {
              tab?.close();
              setProblem(error);
            });
          }}
        >
          Print the {report.kind} report
        </button>
        <span className="muted" role="status">
          {said}
        </span>
      </div>
      {problem !== null && <ErrorBanner banner={bannerFor(problem, 'print the report')} />}
    </>
  );
}

function KeptReport({ sessionId }: { sessionId: string }) {
  const kept = useEndpoint(api.Till.report, { params: { sessionId } });
  if (kept.error) return <ErrorBanner banner={bannerFor(kept.error, 'read the Z report')} />;
  return kept.data ? <ReportWithPrint report={kept.data} /> : null;
}

function EveryTill() {
  const tills = useEndpoint(api.Till.tills, {});
  type TillRow = NonNullable<typeof tills.data>[number];
  return (
    <section aria-labelledby="every-till-title">
      <h2 id="every-till-title">Every till of the branch</h2>
      {tills.error && <ErrorBanner banner={bannerFor(tills.error, 'read the tills')} />}
      {tills.data && tills.data.length === 0 && <p className="muted">No till has been opened yet.</p>}
      {tills.data && tills.data.length > 0 && (
        <DataTable
          listId="every-till"
          label="Every till"
          rows={tills.data}
          rowKey={(t) => t.till}
          columns={[
            { id: 'till', header: 'Till', cell: (t) => t.till || '(no till id)', value: (t) => t.till, sortable: true },
            {
              id: 'state',
              header: 'State',
              cell: (t) => (t.status === 'open' ? 'Open' : `Closed ${t.closedAt ? formatMoment(t.closedAt) : ''}`),
              value: (t) => t.status,
              sortable: true,
            },
            {
              id: 'opened',
              header: 'Opened',
              cell: (t) => (
                <>
                  {t.openedAt ? formatMoment(t.openedAt) : ''} {t.openedBy}
                </>
              ),
              value: (t) => t.openedAt,
              sortable: true,
            },
            { id: 'sales', header: 'Sales', className: 'num', cell: (t) => t.salesCount ?? '', value: (t) => t.salesCount, sortable: true },
            moneyColumn<TillRow>('expected', 'Expected cash', (t) => t.expectedCash, { sortable: true }),
            moneyColumn<TillRow>('counted', 'Counted', (t) => t.countedCash, { sortable: true }),
            moneyColumn<TillRow>('difference', 'Difference', (t) => t.difference, { sortable: true }),
          ]}
        />
      )}
    </section>
  );
}
