/**
 * Printers: in the desktop app, one printer, paper and number of copies per document kind, kept
 * by the desktop side (the bridge) on this PC, with a test print. In a browser there is nothing
 * to set: every print button opens a PDF whose printing the browser's own dialog handles.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DOCUMENT_KINDS,
  PAPER_SIZES,
  type DesktopBridge,
  type DocumentKind,
  type DocumentPrintSetting,
  type PaperSize,
  type PrinterInfo,
  type PrintSettings,
} from '../../../shared/desktop.js';
import { desktopBridge } from '../print/bridge.js';
import { DOCUMENT_TITLES } from '../print/documents.js';
import { problemBanner, PrintProblem, viaBridge } from '../print/problem.js';
import { testPageHtml } from '../print/test-page.js';
import { ErrorBanner } from '../shell/errors.js';

const PAPER_LABELS: Record<PaperSize, string> = {
  '80mm': '80 mm roll',
  '58mm': '58 mm roll',
  A5: 'A5 sheet',
  A4: 'A4 sheet',
};

/** More than a few copies of one document is a mistake at the counter, not a need. */
const MAX_COPIES = 5;

const PRINTERS_KEY = ['desktop', 'printers'] as const;
const SETTINGS_KEY = ['desktop', 'printSettings'] as const;

export function PrintersScreen() {
  const bridge = desktopBridge();
  return (
    <section className="panel screen" aria-labelledby="printers-title">
      <header className="screen-head">
        <h1 id="printers-title">Printers</h1>
      </header>
      {bridge ? <DesktopPrinters bridge={bridge} /> : <BrowserPrinting />}
    </section>
  );
}

function BrowserPrinting() {
  return (
    <div className="banner banner-info" role="note">
      <strong>Printing goes through your browser’s print dialog.</strong>
      <span>
        Optical POS is running in a web browser here. Every print button opens the document as a PDF in a new tab; print it
        from there with the browser’s print button, which lets you pick the printer, paper and copies. “Save PDF” downloads
        the file. Nothing needs setting up on this screen.
      </span>
    </div>
  );
}

function DesktopPrinters({ bridge }: { bridge: DesktopBridge }) {
  const queryClient = useQueryClient();
  const printers = useQuery({ queryKey: PRINTERS_KEY, queryFn: () => viaBridge(() => bridge.printers()) });
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => viaBridge(() => bridge.printSettings()) });
  const save = useMutation({
    mutationFn: ({ kind, setting }: { kind: DocumentKind; setting: DocumentPrintSetting }) =>
      viaBridge(() => bridge.savePrintSetting(kind, setting)),
    onSuccess: (saved: PrintSettings) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });

  const failure = printers.error ?? settings.error;
  return (
    <>
      <p className="lead">
        Each document prints on its own printer and paper, without a dialog once a printer is chosen. “Ask every time” shows
        the system’s print dialog instead.
      </p>
      {failure && <ErrorBanner banner={problemBanner(failure, 'read the printers')} />}
      {save.isError && <ErrorBanner banner={problemBanner(save.error, 'keep the setting')} />}
      <div className="actions">
        <button type="button" className="button button-secondary button-small" disabled={printers.isFetching} onClick={() => void printers.refetch()}>
          Look for printers again
        </button>
        <span className="muted" role="status">
          {printers.isFetching ? 'Looking for printers…' : printers.data ? `${printers.data.length} printer${printers.data.length === 1 ? '' : 's'} found` : ''}
        </span>
      </div>
      {settings.data && printers.data && (
        <table className="data-table printer-table" aria-label="Printer per document">
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Printer</th>
              <th scope="col">Paper</th>
              <th scope="col">Copies</th>
              <th scope="col">
                <span className="visually-hidden">Test</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {DOCUMENT_KINDS.map((kind) => (
              <DocumentRow
                key={kind}
                kind={kind}
                setting={settings.data[kind]}
                printers={printers.data}
                bridge={bridge}
                busy={save.isPending}
                onChange={(setting) => save.mutate({ kind, setting })}
              />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function DocumentRow({
  kind,
  setting,
  printers,
  bridge,
  busy,
  onChange,
}: {
  kind: DocumentKind;
  setting: DocumentPrintSetting;
  printers: PrinterInfo[];
  bridge: DesktopBridge;
  busy: boolean;
  onChange: (setting: DocumentPrintSetting) => void;
}) {
  const title = DOCUMENT_TITLES[kind];
  const [copies, setCopies] = useState<string | null>(null);
  const missing = setting.printer !== null && !printers.some((p) => p.name === setting.printer);
  const systemDefault = printers.find((p) => p.isDefault);
  const printerName = setting.printer
    ? (printers.find((p) => p.name === setting.printer)?.displayName ?? setting.printer)
    : `asked each time${systemDefault ? ` (system default ${systemDefault.displayName})` : ''}`;

  const test = useMutation({
    mutationFn: async () => {
      const result = await viaBridge(() => bridge.print(kind, testPageHtml(kind, setting, printerName, new Date())));
      if (!result.ok) throw new PrintProblem(result.message ?? 'The test page was not printed.');
      return 'Test page sent.';
    },
  });

  function commitCopies() {
    if (copies === null) return;
    const n = Number(copies);
    setCopies(null);
    if (Number.isInteger(n) && n >= 1 && n <= MAX_COPIES && n !== setting.copies) onChange({ ...setting, copies: n });
  }

  const id = `printer-${kind}`;
  return (
    <tr>
      <th scope="row">{title}</th>
      <td>
        <label className="visually-hidden" htmlFor={`${id}-name`}>
          Printer for {title}
        </label>
        <select
          id={`${id}-name`}
          value={setting.printer ?? ''}
          disabled={busy}
          onChange={(e) => onChange({ ...setting, printer: e.target.value || null })}
        >
          <option value="">Ask every time</option>
          {missing && <option value={setting.printer ?? ''}>{setting.printer} (not found)</option>}
          {printers.map((p) => (
            <option key={p.name} value={p.name}>
              {p.displayName}
              {p.isDefault ? ' (system default)' : ''}
            </option>
          ))}
        </select>
        {missing && <p className="field-error">This printer is not connected now.</p>}
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`${id}-paper`}>
          Paper for {title}
        </label>
        <select
          id={`${id}-paper`}
          value={setting.paper}
          disabled={busy}
          onChange={(e) => onChange({ ...setting, paper: PAPER_SIZES.find((p) => p === e.target.value) ?? setting.paper })}
        >
          {PAPER_SIZES.map((p) => (
            <option key={p} value={p}>
              {PAPER_LABELS[p]}
            </option>
          ))}
        </select>
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`${id}-copies`}>
          Copies of {title}
        </label>
        <input
          id={`${id}-copies`}
          className="num cell-qty"
          type="number"
          min={1}
          max={MAX_COPIES}
          value={copies ?? String(setting.copies)}
          disabled={busy}
          onChange={(e) => setCopies(e.target.value)}
          onBlur={commitCopies}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commitCopies();
          }}
        />
      </td>
      <td>
        <div className="print-actions">
          <button type="button" className="button button-secondary button-small" disabled={test.isPending} onClick={() => test.mutate()}>
            Test print
          </button>
          <span className="print-outcome muted" role="status">
            {test.isPending ? 'Sending…' : (test.data ?? '')}
          </span>
          {test.isError && <ErrorBanner banner={problemBanner(test.error, `print a test ${title.toLowerCase()}`)} />}
        </div>
      </td>
    </tr>
  );
}
