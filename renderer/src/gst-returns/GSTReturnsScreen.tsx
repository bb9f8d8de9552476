/**
 * GST returns: choose a branch GSTIN and a month, see GSTR-1's section totals, download the
 * portal's JSON or the offline tool's Excel; and a branch's sales of a period for Tally. For head
 * office (every GSTIN of the company) and managers (their own branch's).
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { EndpointDef, EndpointInput } from '../../../shared/contract/endpoint.js';
import { localDate } from '../../../shared/domain/calendar.js';
import { api } from '../../../shared/endpoints/index.js';
import type { Gstr1Summary } from '../../../shared/models/gst-returns.js';
import { client, useEndpoint } from '../core/service.js';
import { DataTable, type DataColumn } from '../ui/DataTable.js';
import { DateField, isDateEntry } from '../ui/DateField.js';
import { bannerFor, ErrorBanner, type Banner } from '../ui/errors.js';
import { formatRupees } from '../ui/money.js';

type Section = Gstr1Summary['sections'][number];

/** What each of the portal's sections holds, in the words the guide uses. */
const SECTION_WORDS: Record<string, string> = {
  b2b: 'Invoices to registered buyers and other-GSTIN branches',
  b2cl: 'B2C large: inter-state, unregistered, above the limit',
  b2cs: 'B2C small: other unregistered sales, by state and rate',
  cdnr: 'Credit notes to registered buyers',
  cdnur: 'Credit notes against B2C large invoices',
  hsn_b2b: 'HSN summary, B2B (rows)',
  hsn_b2c: 'HSN summary, B2C (rows)',
  doc_issue: 'Documents issued (numbers)',
};

/** The previous month: returns are made after a month ends. */
function lastMonth(): string {
  const now = new Date();
  return localDate(new Date(now.getFullYear(), now.getMonth() - 1, 1)).slice(0, 7);
}

/** Fetches a file endpoint and hands it to the browser (or the desktop app's save dialog) under its name. */
async function download<E extends EndpointDef>(endpoint: E, input: EndpointInput<E>, fileName: string): Promise<void> {
  const file = await client.raw(endpoint, input);
  const url = URL.createObjectURL(new Blob([file.bytes.slice()], { type: file.contentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const money = (id: keyof Section & string, header: string): DataColumn<Section> => ({
  id, header, className: 'num money', cell: (s) => formatRupees(s[id] as number), value: (s) => s[id] as number,
});

export function GSTReturnsScreen() {
  const gstins = useEndpoint(api.GSTReturns.gstins);
  const choices = gstins.data?.gstins ?? [];
  const [picked, setPicked] = useState('');
  const gstin = picked || choices[0]?.gstin || '';
  const [month, setMonth] = useState(lastMonth);
  const input = { query: { gstin, month } };
  const summary = useEndpoint(api.GSTReturns.gstr1, gstin && month ? input : null, { placeholderData: keepPreviousData });
  const [problem, setProblem] = useState<Banner | null>(null);
  const [note, setNote] = useState('');
  const data = summary.data;

  async function save(what: string, run: () => Promise<void>) {
    setProblem(null);
    setNote('');
    try {
      await run();
      setNote(`${what} downloaded.`);
    } catch (error) {
      setProblem(bannerFor(error, `download ${what}`));
    }
  }

  const columns: DataColumn<Section>[] = [
    { id: 'section', header: 'Section', cell: (s) => <span title={SECTION_WORDS[s.section]}>{s.section}</span>, value: (s) => s.section },
    { id: 'what', header: 'What it holds', cell: (s) => SECTION_WORDS[s.section] ?? '' },
    { id: 'count', header: 'Count', className: 'num', cell: (s) => s.count, value: (s) => s.count },
    money('taxableValue', 'Taxable value'),
    money('igst', 'IGST'),
    money('cgst', 'CGST'),
    money('sgst', 'SGST'),
    money('value', 'Value'),
  ];

  return (
    <section className="panel screen screen-wide" aria-labelledby="gst-title">
      <header className="screen-head">
        <h1 id="gst-title">GST returns</h1>
      </header>
      {gstins.isError && <ErrorBanner banner={bannerFor(gstins.error, 'list the GSTINs')} />}
      {gstins.isSuccess && choices.length === 0 && <p className="banner banner-info">No branch you work at has a GSTIN on record.</p>}
      <h2>GSTR-1</h2>
      <div className="form-section">
        <div className="field span-3">
          <label htmlFor="gst-gstin">Branch GSTIN</label>
          <select id="gst-gstin" value={gstin} onChange={(e) => setPicked(e.target.value)}>
            {choices.map((g) => (
              <option key={g.gstin} value={g.gstin}>
                {g.gstin} ({g.stateName}: {g.branches.map((b) => b.name).join(', ')})
              </option>
            ))}
          </select>
        </div>
        <div className="field span-2">
          <label htmlFor="gst-month">Month</label>
          <input id="gst-month" type="month" value={month} max={localDate(new Date()).slice(0, 7)} onChange={(e) => setMonth(e.target.value)} />
        </div>
      </div>
      {summary.isError && <ErrorBanner banner={bannerFor(summary.error, 'make the return')} />}
      {data && (
        <>
          <p role="status">
            GSTR-1 of <strong className="mono">{data.gstin}</strong> for {data.month} (return period {data.fp}), covering {data.branches.join(', ')}. B2C large
            above {formatRupees(data.b2clLimit)}.
          </p>
          {data.warnings.map((w) => (
            <p key={w} className="banner banner-info">
              {w}
            </p>
          ))}
          <DataTable listId="gstr1-sections" label="GSTR-1 sections" columns={columns} rows={data.sections} rowKey={(s) => s.section} busy={summary.isFetching} tools={false} />
          <div className="actions">
            <button type="button" className="button" onClick={() => void save(data.jsonFileName, () => download(api.GSTReturns.gstr1Json, input, data.jsonFileName))}>
              Download JSON
            </button>
            <button type="button" className="button button-secondary" onClick={() => void save(data.xlsxFileName, () => download(api.GSTReturns.gstr1Xlsx, input, data.xlsxFileName))}>
              Download Excel
            </button>
          </div>
        </>
      )}
      <TallyExport branches={choices.find((g) => g.gstin === gstin)?.branches ?? []} save={save} />
      <ErrorBanner banner={problem} />
      {note && <p role="status">{note}</p>}
    </section>
  );
}

function TallyExport({ branches, save }: { branches: Array<{ branchID: string; name: string; code: string }>; save: (what: string, run: () => Promise<void>) => Promise<void> }) {
  const [branchPicked, setBranch] = useState('');
  const branchId = branches.some((b) => b.branchID === branchPicked) ? branchPicked : (branches[0]?.branchID ?? '');
  const month = lastMonth();
  const [from, setFrom] = useState(`${month}-01`);
  const [to, setTo] = useState(() => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    return localDate(new Date(y, m, 0));
  });
  const ready = branchId !== '' && from !== '' && to !== '' && isDateEntry(from) && isDateEntry(to);
  const code = branches.find((b) => b.branchID === branchId)?.code ?? '';
  const fileName = `Tally_Sales_${code}_${from}_${to}.xml`;
  return (
    <>
      <h2>Sales for Tally</h2>
      <div className="form-section">
        <div className="field span-3">
          <label htmlFor="tally-branch">Branch</label>
          <select id="tally-branch" value={branchId} onChange={(e) => setBranch(e.target.value)}>
            {branches.map((b) => (
              <option key={b.branchID} value={b.branchID}>
                {b.name} ({b.code})
              </option>
            ))}
          </select>
        </div>
        <DateField id="tally-from" label="From" value={from} onChange={setFrom} className="span-2" />
        <DateField id="tally-to" label="To" value={to} onChange={setTo} className="span-2" />
      </div>
      <div className="actions">
        <button type="button" className="button" disabled={!ready} onClick={() => void save(fileName, () => download(api.GSTReturns.tally, { query: { branchId, from, to } }, fileName))}>
          Download Tally XML
        </button>
      </div>
      <p className="muted">
        Sales vouchers for invoices and transfer invoices, credit note vouchers for GST credit notes, on the ledgers Sales, Output CGST, Output SGST, Output IGST, Round Off,
        Other Charges and Cash Sales (create them in Tally first).
      </p>
    </>
  );
}
