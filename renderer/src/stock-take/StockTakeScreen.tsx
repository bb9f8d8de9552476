/**
 * One stock-take: the scan box (a scan, or a code typed and Enter, adds one to the item's line),
 * a typed quantity per line, and for a manager the variance report (book when counted, counted,
 * variance, value at cost; shortage and excess) with its print, approval and cancelling. A cashier
 * counts blind: the service sends no book figures to them.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { hasRole } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import type { StockTakeDetail, StockTakeLine } from '../../../shared/models/stock-take.js';
import { endpointKey, useEndpoint, useEndpointMutation } from '../core/service.js';
import { useSession } from '../core/session.js';
import { DataTable, moneyColumn, type DataColumn } from '../ui/DataTable.js';
import { formatMoment } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { formatRupees } from '../ui/money.js';
import { printVarianceReport, reportTab } from './print.js';
import { SCOPE_WORDS, STATUS_WORDS } from './words.js';

export function StockTakeScreen({ stockTakeId }: { stockTakeId: string }) {
  const input = { params: { stockTakeId } };
  const take = useEndpoint(api.StockTake.detail, input);
  const queries = useQueryClient();
  const show = (detail: StockTakeDetail) => queries.setQueryData(endpointKey(api.StockTake.detail, input), detail);
  const isManager = hasRole(useSession((s) => s.session?.userRole), api.StockTake.approve.auth);
  const t = take.data;
  return (
    <section className="panel screen screen-wide" aria-labelledby="stock-take-title">
      <header className="screen-head">
        <h1 id="stock-take-title">Stock-take {t?.takeNo ?? ''}</h1>
        {t && <span className={t.status === 'counting' ? 'tag' : 'tag tag-muted'}>{STATUS_WORDS[t.status]}</span>}
      </header>
      {take.error && <ErrorBanner banner={bannerFor(take.error, 'read the stock-take')} />}
      {t && (
        <>
          <p className="lead">
            {SCOPE_WORDS[t.scope]}: <strong>{t.scopeName}</strong> at {t.branchName}; started {formatMoment(t.startedAt)} by {t.startedBy}
            {t.closedAt ? `; ${t.status === 'approved' ? 'approved' : 'cancelled'} ${formatMoment(t.closedAt)} by ${t.closedBy ?? ''}` : ''}.
            {t.note ? ` ${t.note}` : ''}
          </p>
          {t.status === 'counting' ? (
            <ScanBox take={t} onCounted={show} />
          ) : (
            <p role="status" className="muted">
              This count is {STATUS_WORDS[t.status].toLowerCase()}: it can no longer be changed.
              {t.uncounted === 'zero' ? ' Lines nobody counted were counted as none.' : t.uncounted === 'leave' ? ' Lines nobody counted were left as they were.' : ''}
            </p>
          )}
          <Lines take={t} onCounted={show} />
          {t.totals && <Totals take={t} />}
          {isManager && <ManagerActions take={t} onClosed={show} />}
        </>
      )}
    </section>
  );
}

/** Scan or type a barcode and Enter: one more on that item's line. The box keeps the focus. */
function ScanBox({ take, onCounted }: { take: StockTakeDetail; onCounted: (d: StockTakeDetail) => void }) {
  const [code, setCode] = useState('');
  const [batch, setBatch] = useState('');
  const [said, setSaid] = useState('');
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.focus(), []);
  const scan = useEndpointMutation(api.StockTake.scan, {
    onSuccess: (detail, variables) => {
      onCounted(detail);
      const scanned = variables.body.barcode;
      const lines = detail.lines.filter((l) => l.barcode === scanned || l.code === scanned);
      const line = lines.length > 1 ? lines.find((l) => l.batchNo === (variables.body.batchNo ?? '')) : lines[0];
      setSaid(line ? `${line.name}${line.batchNo ? ` (batch ${line.batchNo})` : ''}: ${line.counted ?? 0} counted` : 'Counted');
      setCode('');
      box.current?.focus();
    },
    onError: () => {
      setSaid('');
      box.current?.select();
    },
  });
  return (
    <form
      aria-label="Scan"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim() && !scan.isPending) scan.mutate({ params: { stockTakeId: take.stockTakeId }, body: { barcode: code.trim(), batchNo: batch.trim() || null } });
      }}
    >
      <div className="counter-row">
        <div className="field">
          <label htmlFor="stock-take-barcode">Barcode</label>
          <input ref={box} id="stock-take-barcode" autoComplete="off" placeholder="Scan, or type and press Enter" value={code} onChange={(e) => setCode(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="stock-take-batch">Batch (contact lenses, solutions)</label>
          <input id="stock-take-batch" autoComplete="off" value={batch} onChange={(e) => setBatch(e.target.value)} />
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="button button-secondary" disabled={scan.isPending || !code.trim()}>
          Add one
        </button>
        <span className="muted" role="status">
          {said}
        </span>
      </div>
      {scan.error && <ErrorBanner banner={bannerFor(scan.error, 'count it')} />}
    </form>
  );
}

/** A line's typed count: saved on Enter or on leaving the box, when it changed; empty clears it. */
function CountCell({ take, line, onCounted }: { take: StockTakeDetail; line: StockTakeLine; onCounted: (d: StockTakeDetail) => void }) {
  const shown = line.counted === null ? '' : String(line.counted);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const count = useEndpointMutation(api.StockTake.count, { onSuccess: onCounted });
  const label = `Count of ${line.name}${line.batchNo ? ` batch ${line.batchNo}` : ''}`;
  if (take.status !== 'counting') return <>{shown || '—'}</>;
  function save() {
    const value = text.trim();
    if (value === shown) return;
    if (value !== '' && !/^\d{1,6}$/.test(value)) return;
    count.mutate({ params: { stockTakeId: take.stockTakeId }, body: { itemId: line.itemId, batchNo: line.batchNo, counted: value === '' ? null : Number(value) } });
  }
  return (
    <>
      <input
        className="cell-input"
        aria-label={label}
        aria-invalid={text.trim() !== '' && !/^\d{1,6}$/.test(text.trim()) ? true : undefined}
        inputMode="numeric"
        autoComplete="off"
        size={5}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          }
        }}
      />
      {count.error && <span className="field-error" role="alert">{bannerFor(count.error, 'save the count').detail}</span>}
    </>
  );
}

function Lines({ take, onCounted }: { take: StockTakeDetail; onCounted: (d: StockTakeDetail) => void }) {
  const columns: DataColumn<StockTakeLine>[] = [
    { id: 'code', header: 'Code', className: 'mono', cell: (l) => l.code, value: (l) => l.code, sortable: true },
    { id: 'name', header: 'Item', cell: (l) => (l.listed ? l.name : `${l.name} (added)`), value: (l) => l.name, sortable: true },
    { id: 'batch', header: 'Batch', cell: (l) => l.batchNo, value: (l) => l.batchNo },
    { id: 'counted', header: 'Counted', title: 'Counted', className: 'num', cell: (l) => <CountCell take={take} line={l} onCounted={onCounted} />, value: (l) => l.counted },
  ];
  if (!take.blind) {
    columns.push(
      { id: 'book', header: 'Book', className: 'num', cell: (l) => (l.book === null ? '' : String(l.book)), value: (l) => l.book },
      { id: 'variance', header: 'Variance', className: 'num', cell: (l) => (l.variance === null ? '' : l.variance > 0 ? `+${l.variance}` : String(l.variance)), value: (l) => l.variance, sortable: true },
      moneyColumn('cost', 'Cost', (l) => l.unitCost),
      moneyColumn('value', 'Value at cost', (l) => l.varianceValue, { sortable: true }),
    );
  }
  return (
    <section aria-labelledby="stock-take-lines">
      <h2 id="stock-take-lines">{take.blind ? 'Lines' : 'Variance report'}</h2>
      {!take.blind && <p className="muted">Book is the stock the movements held when the line was counted, so a sale after the count does not change its variance.</p>}
      <DataTable
        listId="stock-take-lines"
        label={take.blind ? 'Lines to count' : 'Variance report'}
        columns={columns}
        rows={take.lines}
        rowKey={(l) => `${l.itemId}/${l.batchNo}`}
        empty={take.scope === 'shelf' ? 'Nothing scanned yet: scan what is on the shelf.' : 'No lines.'}
        tools
      />
    </section>
  );
}

function Totals({ take }: { take: StockTakeDetail }) {
  const totals = take.totals!;
  const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;
  return (
    <>
      <dl className="facts" aria-label="Totals">
        <div>
          <dt>Lines counted</dt>
          <dd>{`${totals.counted} of ${totals.lines}`}</dd>
        </div>
        <div>
          <dt>Shortage at cost</dt>
          <dd data-testid="stock-take-shortage">{`${units(totals.shortageUnits)}, ${formatRupees(totals.shortageValue)}`}</dd>
        </div>
        <div>
          <dt>Excess at cost</dt>
          <dd data-testid="stock-take-excess">{`${units(totals.excessUnits)}, ${formatRupees(totals.excessValue)}`}</dd>
        </div>
        <div>
          <dt>Net at cost</dt>
          <dd>{formatRupees(totals.netValue)}</dd>
        </div>
      </dl>
      {totals.withoutCost > 0 && <p className="muted">{totals.withoutCost} line(s) with a variance have no cost on the item: their value is not in the totals.</p>}
    </>
  );
}

/** The variance report printed; approving (with the choice for uncounted lines) or cancelling. */
function ManagerActions({ take, onClosed }: { take: StockTakeDetail; onClosed: (d: StockTakeDetail) => void }) {
  const [uncounted, setUncounted] = useState<'zero' | 'leave' | ''>('');
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const approve = useEndpointMutation(api.StockTake.approve, { onSuccess: onClosed });
  const cancel = useEndpointMutation(api.StockTake.cancel, { onSuccess: onClosed });
  const left = take.totals?.uncounted ?? 0;
  const counting = take.status === 'counting';
  return (
    <section aria-labelledby="stock-take-approve">
      <h2 id="stock-take-approve">{counting ? 'Approve' : 'Report'}</h2>
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setProblem(null);
            const tab = reportTab();
            printVarianceReport(take.stockTakeId, tab).then(setSaid, (error: unknown) => {
              tab?.close();
              setProblem(error);
            });
          }}
        >
          Print variance report
        </button>
        <span className="muted" role="status">
          {said}
        </span>
      </div>
      {problem !== null && <ErrorBanner banner={bannerFor(problem, 'print the report')} />}
      {counting && (
        <>
          <p>
            Approving writes each line&rsquo;s variance to stock as a count movement: the stock becomes what the books hold now plus the variance.
            An approved count cannot be changed.
          </p>
          {left > 0 && (
            <fieldset>
              <legend>{`${left} line${left === 1 ? ' is' : 's are'} not counted`}</legend>
              <label>
                <input type="radio" name="uncounted" value="zero" checked={uncounted === 'zero'} onChange={() => setUncounted('zero')} /> Count them as none
                (the stock of each goes to zero)
              </label>
              <label>
                <input type="radio" name="uncounted" value="leave" checked={uncounted === 'leave'} onChange={() => setUncounted('leave')} /> Leave them as
                they are
              </label>
            </fieldset>
          )}
          {approve.error && <ErrorBanner banner={bannerFor(approve.error, 'approve the count')} />}
          {cancel.error && <ErrorBanner banner={bannerFor(cancel.error, 'cancel the count')} />}
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              disabled={approve.isPending || (left > 0 && uncounted === '')}
              onClick={() => approve.mutate({ params: { stockTakeId: take.stockTakeId }, body: { uncounted: uncounted || null } })}
            >
              Approve count
            </button>
            <button type="button" className="button button-secondary" disabled={cancel.isPending} onClick={() => cancel.mutate({ params: { stockTakeId: take.stockTakeId }, body: {} })}>
              Cancel count
            </button>
          </div>
        </>
      )}
    </section>
  );
}
