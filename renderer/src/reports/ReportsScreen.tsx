/**
 * Reports: head office and managers pick a report and a period (and head office a branch, or all),
 * read it on the one data table, against the period of the same length before it, with its chart
 * where it has one, and download it as XLSX or CSV from the service (the same file for every
 * report).
 */
import { useState } from 'react';
import { hasRole, roleOfName } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import { REPORT_NAMES, type Report, type ReportCell, type ReportName } from '../../../shared/models/reports.js';
import { localDate } from '../../../shared/domain/calendar.js';
import { client, useEndpoint } from '../core/service.js';
import { BarChart } from '../ui/BarChart.js';
import { DataTable, type DataColumn } from '../ui/DataTable.js';
import { DateField, isDateEntry } from '../ui/DateField.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { formatRupees } from '../ui/money.js';

/** The picker's words for each report, in the order the service lists them. */
const REPORT_LABELS: Record<ReportName, string> = {
  'sales-by-branch': 'Sales by branch',
  'sales-by-day': 'Sales by day',
  'sales-by-item-type': 'Sales by item type',
  'sales-by-brand': 'Sales by brand',
  'sales-by-salesperson': 'Sales by salesperson',
  'payments-by-kind': 'Payments by kind',
  discounts: 'Discounts and price approvals',
  'returns-and-cancellations': 'Returns and cancellations',
  'outstanding-balances': 'Outstanding customer balances',
  'stock-value': 'Stock value at cost',
  'fast-sellers': 'Fast sellers',
  'slow-sellers': 'Slow sellers',
  'recall-follow-up': 'Recall follow-up',
};

export function canSeeReports(roleName: string): boolean {
  return hasRole(roleName, api.Reports.run.auth);
}

type Row = Record<string, ReportCell>;

function cellText(kind: Report['columns'][number]['kind'], value: ReportCell): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (kind === 'money') return formatRupees(value);
  if (kind === 'percent') return `${value}%`;
  return String(value);
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

export function ReportsScreen({ role }: { role: string }) {
  const today = localDate(new Date());
  const [report, setReport] = useState<ReportName>('sales-by-branch');
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  const [branchID, setBranchID] = useState('');
  const [asked, setAsked] = useState<{ report: ReportName; from: string; to: string; branchID: string } | null>(null);
  const [download, setDownload] = useState<string | null>(null);
  const headOffice = roleOfName(role) === 'admin';
  const profile = useEndpoint(api.Account.getProfile, headOffice ? {} : null);
  const input = asked ? { params: { report: asked.report }, query: { from: asked.from, to: asked.to, ...(asked.branchID ? { branchID: asked.branchID } : {}) } } : null;
  const result = useEndpoint(api.Reports.run, input);
  const r = result.data;

  const columns: DataColumn<Row>[] = (r?.columns ?? []).map((c) => ({
    id: c.key,
    header: c.header,
    className: c.kind === 'text' ? undefined : c.kind === 'money' ? 'num money' : 'num',
    cell: (row: Row) => cellText(c.kind, row[c.key] ?? null),
    value: (row: Row) => row[c.key] ?? null,
    // In the service's order: a sort would move the total row in among the others.
    sortable: false,
  }));
  const rows = r ? (r.total ? [...r.rows, r.total] : r.rows) : [];

  async function save(format: 'xlsx' | 'csv') {
    if (!input) return;
    setDownload(null);
    try {
      const file = await client.raw(api.Reports.export, { params: input.params, query: { ...input.query, format } });
      const name = `${input.params.report}-${input.query.from}-to-${input.query.to}.${format}`;
      const url = URL.createObjectURL(new Blob([file.bytes as BlobPart], { type: file.contentType }));
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setDownload(`Downloaded ${name}.`);
    } catch (error) {
      const banner = bannerFor(error, 'download the report');
      setDownload(`${banner.title}: ${banner.detail}`);
    }
  }

  return (
    <section className="panel screen reports" aria-labelledby="reports-title" aria-busy={result.isFetching}>
      <header className="screen-head">
        <h1 id="reports-title">Reports</h1>
      </header>
      <form
        className="report-form"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked({ report, from, to, branchID });
        }}
      >
        <div className="field">
          <label htmlFor="report-name">Report</label>
          <select id="report-name" value={report} onChange={(e) => setReport(e.target.value as ReportName)}>
            {REPORT_NAMES.map((n) => (
              <option key={n} value={n}>
                {REPORT_LABELS[n]}
              </option>
            ))}
          </select>
        </div>
        <DateField id="report-from" label="From" value={from} onChange={(v) => isDateEntry(v) && setFrom(v)} />
        <DateField id="report-to" label="To" value={to} onChange={(v) => isDateEntry(v) && setTo(v)} />
        {headOffice && (
          <div className="field">
            <label htmlFor="report-branch">Branch</label>
            <select id="report-branch" value={branchID} onChange={(e) => setBranchID(e.target.value)}>
              <option value="">All branches</option>
              {(profile.data?.profile.branches ?? []).map((b) => (
                <option key={b.branchID} value={b.branchID}>
                  {b.branchName}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="submit" className="button">
          Show report
        </button>
      </form>

      {result.isError && <ErrorBanner banner={bannerFor(result.error, 'show the report')} />}
      {r && (
        <>
          <div className="report-head">
            <p className="muted" role="status">
              {`${r.title} · ${r.branchName} · ${r.from} to ${r.to}, against ${r.previousFrom} to ${r.previousTo}`}
            </p>
            <button type="button" className="button button-secondary button-small" onClick={() => void save('xlsx')}>
              Download XLSX
            </button>
            <button type="button" className="button button-secondary button-small" onClick={() => void save('csv')}>
              Download CSV
            </button>
          </div>
          {download && <p className="muted" role="status">{download}</p>}
          {r.chart && r.chart.points.length > 0 && (
            <BarChart
              id="report-chart"
              title={`${r.title}: ${r.chart.title}`}
              money={r.chart.money}
              previousLabel={`${r.previousFrom} to ${r.previousTo}`}
              bars={r.chart.points.map((p, i) => ({
                key: `${i}-${p.label}`,
                label: r.chart!.points.length <= 12 ? p.label.slice(0, 14) : i % Math.ceil(r.chart!.points.length / 10) === 0 ? p.label.slice(5) : null,
                value: p.value,
                previous: p.previous,
                title: `${p.label}: ${r.chart!.money ? formatRupees(p.value) : p.value}`,
              }))}
            />
          )}
          <DataTable listId={`report-${r.report}`} label={r.title} columns={columns} rows={rows} rowKey={(row) => String(rows.indexOf(row))} tools={false} empty="Nothing in this period." />
        </>
      )}
    </section>
  );
}
