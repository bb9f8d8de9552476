/**
 * Printers: in the desktop app, one printer, paper and number of copies per document kind, kept
 * by the desktop side (the bridge) on this PC, with a test print. Receipts may instead go to a
 * network ESC/POS printer (its IP address, port, characters per line and cash drawer), and labels
 * to a network thermal label printer (TSPL or ZPL, with the label size on its roll). In a
 * browser there is nothing to set: every print button opens a PDF whose printing the browser's
 * own dialog handles, and a web page cannot open a connection to a printer.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DEFAULT_PRINT_SETTINGS,
  DOCUMENT_KINDS,
  PAPER_SIZES,
  type DesktopBridge,
  type DocumentKind,
  type DocumentPrintSetting,
  type PaperSize,
  type PrinterInfo,
  type PrintSettings,
} from '../../../shared/desktop.js';
import { ROLL_COLUMNS, type RollColumns } from '../../../shared/escpos.js';
import { LABEL_DPI, LABEL_LANGUAGES, type LabelDpi, type LabelLanguage, type LabelStock } from '../../../shared/models/labels.js';
import { isPrinterAddress, PRINTER_ADDRESS_RULE, RAW_PRINT_PORT, type NetworkPrinter } from '../../../shared/network-printer.js';
import { desktopBridge } from '../print/bridge.js';
import { DOCUMENT_TITLES } from '../print/documents.js';
import { problemBanner, PrintProblem, viaBridge } from '../print/problem.js';
import { testLabelJob, testPageEscPos, testPageHtml } from '../print/test-page.js';
import { ErrorBanner } from '../ui/errors.js';

const PAPER_LABELS: Record<PaperSize, string> = {
  '80mm': '80 mm roll',
  '58mm': '58 mm roll',
  A5: 'A5 sheet',
  A4: 'A4 sheet',
};

/** More than a few copies of one document is a mistake at the counter, not a need. */
const MAX_COPIES = 5;

/** The printer select's value for "a network ESC/POS printer": saved printer names are trimmed, so none is this. */
const NETWORK = ' network (ESC/POS)';

const COLUMN_LABELS: Record<RollColumns, string> = {
  48: '48 characters (80 mm)',
  42: '42 characters (80 mm, some models)',
  32: '32 characters (58 mm)',
};

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
      <span>
        Network ESC/POS receipt printers (printing straight to the printer’s IP address, with the cash drawer) can be set up
        in the desktop app only: a web browser cannot open a connection to a printer.
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
        {typeof bridge.printRaw === 'function' &&
          ' Receipts can also go straight to a thermal printer on the network (ESC/POS, port 9100), which can open the cash drawer.'}
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
                // A bridge that does not know a kind yet (a build before labels) leaves it at its default.
                setting={settings.data[kind] ?? DEFAULT_PRINT_SETTINGS[kind]}
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
  // Receipts (ESC/POS) and labels (TSPL or ZPL), and only where the desktop app can send raw jobs.
  const canNetwork = (kind === 'receipt' || kind === 'label') && typeof bridge.printRaw === 'function';
  const [choosingNetwork, setChoosingNetwork] = useState(false);
  const network = canNetwork ? (setting.network ?? null) : null;
  const showNetwork = canNetwork && (network !== null || choosingNetwork);
  const missing = setting.printer !== null && !printers.some((p) => p.name === setting.printer);
  const systemDefault = printers.find((p) => p.isDefault);
  const printerName = setting.printer
    ? (printers.find((p) => p.name === setting.printer)?.displayName ?? setting.printer)
    : `asked each time${systemDefault ? ` (system default ${systemDefault.displayName})` : ''}`;

  const test = useMutation({
    mutationFn: async () => {
      const stock = setting.labelStock;
      const result = network
        ? await viaBridge(() => bridge.printRaw!(kind, kind === 'label' && stock ? testLabelJob(network, stock, new Date()) : testPageEscPos(kind, network, new Date())))
        : await viaBridge(() => bridge.print(kind, testPageHtml(kind, setting, printerName, new Date())));
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
          value={showNetwork ? NETWORK : (setting.printer ?? '')}
          disabled={busy}
          onChange={(e) => {
            if (e.target.value === NETWORK) {
              setChoosingNetwork(true);
              return;
            }
            setChoosingNetwork(false);
            onChange({ ...setting, printer: e.target.value || null, ...(network ? { network: null } : {}) });
          }}
        >
          <option value="">Ask every time</option>
          {canNetwork && <option value={NETWORK}>{kind === 'label' ? 'Network label printer (TSPL or ZPL)' : 'Network ESC/POS printer'}</option>}
          {missing && <option value={setting.printer ?? ''}>{setting.printer} (not found)</option>}
          {printers.map((p) => (
            <option key={p.name} value={p.name}>
              {p.displayName}
              {p.isDefault ? ' (system default)' : ''}
            </option>
          ))}
        </select>
        {missing && !showNetwork && <p className="field-error">This printer is not connected now.</p>}
        {showNetwork && kind === 'label' && (
          <LabelPrinterForm
            title={title}
            saved={network}
            savedStock={setting.labelStock ?? null}
            busy={busy}
            onSave={(printer, labelStock) => {
              setChoosingNetwork(false);
              onChange({ ...setting, network: printer, labelStock });
            }}
          />
        )}
        {showNetwork && kind !== 'label' && (
          <NetworkPrinterForm
            title={title}
            saved={network}
            defaultColumns={setting.paper === '58mm' ? 32 : 48}
            busy={busy}
            onSave={(printer) => {
              setChoosingNetwork(false);
              onChange({ ...setting, network: printer });
            }}
          />
        )}
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`${id}-paper`}>
          Paper for {title}
        </label>
        <select
          id={`${id}-paper`}
          value={setting.paper}
          disabled={busy || network !== null}
          title={network ? 'A network printer prints the number of characters per line set for it' : undefined}
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

/** Address, port, characters per line and cash drawer of a network receipt printer; kept only when saved. */
function NetworkPrinterForm({
  title,
  saved,
  defaultColumns,
  busy,
  onSave,
}: {
  title: string;
  saved: NetworkPrinter | null;
  defaultColumns: RollColumns;
  busy: boolean;
  onSave: (printer: NetworkPrinter) => void;
}) {
  const [host, setHost] = useState(saved?.host ?? '');
  const [port, setPort] = useState(String(saved?.port ?? RAW_PRINT_PORT));
  const [columns, setColumns] = useState<RollColumns>(saved?.columns ?? defaultColumns);
  const [drawer, setDrawer] = useState(saved?.drawer ?? false);
  const [tried, setTried] = useState(false);
  const id = `network-${title.toLowerCase().replace(/\W+/g, '-')}`;
  const portNumber = Number(port);
  const hostProblem = isPrinterAddress(host.trim()) ? null : PRINTER_ADDRESS_RULE;
  const portProblem = Number.isInteger(portNumber) && portNumber >= 1 && portNumber <= 65535 ? null : 'A port from 1 to 65535 (raw printing is usually 9100)';
  const changed = !saved || saved.host !== host.trim() || saved.port !== portNumber || saved.columns !== columns || saved.drawer !== drawer;

  function save() {
    setTried(true);
    if (hostProblem || portProblem) return;
    onSave({ host: host.trim(), port: portNumber, columns, drawer });
  }

  return (
    <fieldset className="network-printer" aria-label={`${title}: network printer`}>
      <label htmlFor={`${id}-host`}>IP address</label>
      <input
        id={`${id}-host`}
        value={host}
        inputMode="decimal"
        placeholder="192.168.1.50"
        aria-invalid={tried && hostProblem !== null}
        aria-describedby={tried && hostProblem ? `${id}-host-error` : undefined}
        onChange={(e) => setHost(e.target.value)}
      />
      {tried && hostProblem && (
        <p className="field-error" id={`${id}-host-error`}>
          {hostProblem}
        </p>
      )}
      <label htmlFor={`${id}-port`}>Port</label>
      <input
        id={`${id}-port`}
        className="num"
        type="number"
        min={1}
        max={65535}
        value={port}
        aria-invalid={tried && portProblem !== null}
        onChange={(e) => setPort(e.target.value)}
      />
      {tried && portProblem && <p className="field-error">{portProblem}</p>}
      <label htmlFor={`${id}-columns`}>Line width</label>
      <select id={`${id}-columns`} value={columns} onChange={(e) => setColumns(ROLL_COLUMNS.find((c) => String(c) === e.target.value) ?? columns)}>
        {ROLL_COLUMNS.toReversed().map((c) => (
          <option key={c} value={c}>
            {COLUMN_LABELS[c]}
          </option>
        ))}
      </select>
      <label className="check network-printer-drawer">
        <input type="checkbox" checked={drawer} onChange={(e) => setDrawer(e.target.checked)} />
        Open the cash drawer with each receipt
      </label>
      <button type="button" className="button button-secondary button-small" disabled={busy || !changed} onClick={save}>
        Save network printer
      </button>
    </fieldset>
  );
}

/** A network thermal label printer: address and port, its language, and the labels on its roll. */
function LabelPrinterForm({
  title,
  saved,
  savedStock,
  busy,
  onSave,
}: {
  title: string;
  saved: NetworkPrinter | null;
  savedStock: LabelStock | null;
  busy: boolean;
  onSave: (printer: NetworkPrinter, stock: LabelStock) => void;
}) {
  const [host, setHost] = useState(saved?.host ?? '');
  const [port, setPort] = useState(String(saved?.port ?? RAW_PRINT_PORT));
  const [language, setLanguage] = useState<LabelLanguage>(savedStock?.language ?? 'TSPL');
  const [widthMm, setWidth] = useState(String(savedStock?.widthMm ?? 50));
  const [heightMm, setHeight] = useState(String(savedStock?.heightMm ?? 25));
  const [gapMm, setGap] = useState(String(savedStock?.gapMm ?? 2));
  const [dpi, setDpi] = useState<LabelDpi>(savedStock?.dpi ?? 203);
  const [tried, setTried] = useState(false);
  const id = `label-${title.toLowerCase().replace(/\W+/g, '-')}`;
  const portNumber = Number(port);
  const [w, h, g] = [Number(widthMm), Number(heightMm), Number(gapMm)];
  const hostProblem = isPrinterAddress(host.trim()) ? null : PRINTER_ADDRESS_RULE;
  const portProblem = Number.isInteger(portNumber) && portNumber >= 1 && portNumber <= 65535 ? null : 'A port from 1 to 65535 (raw printing is usually 9100)';
  const sizeProblem =
    w >= 20 && w <= 110 && h >= 10 && h <= 110 && g >= 0 && g <= 10 ? null : 'A label 20 to 110 mm wide, 10 to 110 mm high, with a gap of 0 to 10 mm';

  function save() {
    setTried(true);
    if (hostProblem || portProblem || sizeProblem) return;
    // The receipt printer's line width and drawer mean nothing to a label printer.
    onSave({ host: host.trim(), port: portNumber, columns: 48, drawer: false }, { language, widthMm: w, heightMm: h, gapMm: g, dpi });
  }

  const number = (label: string, value: string, set: (v: string) => void, key: string) => (
    <>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} className="num" type="number" min={0} step={0.1} value={value} onChange={(e) => set(e.target.value)} />
    </>
  );
  return (
    <fieldset className="network-printer" aria-label={`${title}: network label printer`}>
      <label htmlFor={`${id}-host`}>IP address</label>
      <input id={`${id}-host`} value={host} inputMode="decimal" placeholder="192.168.1.60" aria-invalid={tried && hostProblem !== null} onChange={(e) => setHost(e.target.value)} />
      {tried && hostProblem && <p className="field-error">{hostProblem}</p>}
      <label htmlFor={`${id}-port`}>Port</label>
      <input id={`${id}-port`} className="num" type="number" min={1} max={65535} value={port} onChange={(e) => setPort(e.target.value)} />
      {tried && portProblem && <p className="field-error">{portProblem}</p>}
      <label htmlFor={`${id}-language`}>Printer language</label>
      <select id={`${id}-language`} value={language} onChange={(e) => setLanguage(LABEL_LANGUAGES.find((l) => l === e.target.value) ?? language)}>
        <option value="TSPL">TSPL (TSC, most desktop label printers)</option>
        <option value="ZPL">ZPL (Zebra)</option>
      </select>
      {number('Label width (mm)', widthMm, setWidth, 'width')}
      {number('Label height (mm)', heightMm, setHeight, 'height')}
      {number('Gap between labels (mm)', gapMm, setGap, 'gap')}
      {tried && sizeProblem && <p className="field-error">{sizeProblem}</p>}
      <label htmlFor={`${id}-dpi`}>Print head</label>
      <select id={`${id}-dpi`} value={dpi} onChange={(e) => setDpi(LABEL_DPI.find((d) => String(d) === e.target.value) ?? dpi)}>
        {LABEL_DPI.map((d) => (
          <option key={d} value={d}>
            {d} dpi
          </option>
        ))}
      </select>
      <button type="button" className="button button-secondary button-small" disabled={busy} onClick={save}>
        Save label printer
      </button>
    </fieldset>
  );
}
