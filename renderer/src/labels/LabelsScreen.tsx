/**
 * Labels: barcode labels for the items picked here (scanned or searched), so many of each, on an
 * A4 label sheet from its first free label, or straight to the network label printer set on the
 * Printers screen (TSPL or ZPL). Opened from the menu, or from the catalogue with one item in it.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { DocumentPrintSetting } from '../../../shared/desktop.js';
import { api } from '../../../shared/endpoints/index.js';
import { LABEL_SHEETS, LABEL_SHEET_NAMES, MAX_LABELS, type LabelSheet } from '../../../shared/models/labels.js';
import { ItemSearch } from '../catalog/ItemSearch.js';
import { itemByCode, type ItemOption } from '../catalog/items.js';
import { client } from '../core/service.js';
import { desktopBridge } from '../print/bridge.js';
import { openPrintTab, savePdfBytes, showPdf } from '../print/output.js';
import { problemBanner, PrintProblem, viaBridge } from '../print/problem.js';
import { DataTable } from '../ui/DataTable.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { formatRupees } from '../ui/money.js';

interface Line {
  item: ItemOption;
  quantity: number;
}

const perSheet = (sheet: LabelSheet) => LABEL_SHEETS[sheet].columns * LABEL_SHEETS[sheet].rows;

/** The request's lines: every item once, with its quantity. */
const requestLines = (lines: readonly Line[]) => lines.map((l) => ({ itemID: l.item.id, quantity: l.quantity }));

export function LabelsScreen({ code, goodsReceiptId }: { code?: string; goodsReceiptId?: string | undefined }) {
  const [lines, setLines] = useState<Line[]>([]);
  const [sheet, setSheet] = useState<LabelSheet>('65');
  const [start, setStart] = useState('1');
  const [message, setMessage] = useState('');
  const bridge = desktopBridge();

  const add = (item: ItemOption) =>
    setLines((now) =>
      now.some((l) => l.item.id === item.id) ? now.map((l) => (l.item.id === item.id ? { ...l, quantity: l.quantity + 1 } : l)) : [...now, { item, quantity: 1 }],
    );

  // From the catalogue: the item it was opened for is on the list already.
  const opened = useRef<string | null>(null);
  const [openFailed, setOpenFailed] = useState<unknown>(null);
  useEffect(() => {
    if (!code || opened.current === code) return;
    opened.current = code;
    itemByCode(code).then(add, setOpenFailed);
  }, [code]);
  // From a goods receipt: every item it brought in, a label for each unit.
  useEffect(() => {
    if (!goodsReceiptId || opened.current === goodsReceiptId) return;
    opened.current = goodsReceiptId;
    client
      .call(api.Purchasing.receiptLabelLines, { params: { goodsReceiptId } })
      .then((answer) => Promise.all(answer.lines.map(async (l) => ({ item: await itemByCode(l.code), quantity: l.qty }))))
      .then(setLines, setOpenFailed);
  }, [goodsReceiptId]);

  const total = lines.reduce((n, l) => n + l.quantity, 0);
  const startNumber = Number(start);
  const startProblem =
    Number.isInteger(startNumber) && startNumber >= 1 && startNumber <= perSheet(sheet) ? null : `The first free label is 1 to ${perSheet(sheet)} on this sheet`;
  const sheets = total === 0 || startProblem ? 0 : Math.ceil((startNumber - 1 + total) / perSheet(sheet));
  const ready = total > 0 && total <= MAX_LABELS && lines.every((l) => Number.isInteger(l.quantity) && l.quantity >= 1);

  const pdf = useMutation({
    mutationFn: async (tab: Window | null) => {
      const answer = await client.raw(api.Labels.sheet, { body: { lines: requestLines(lines), sheet, start: startNumber } });
      if (!answer.contentType.startsWith('application/pdf')) throw new PrintProblem('The service did not answer with the labels’ PDF.');
      if (bridge) return savePdfBytes(answer.bytes, `labels-${total}.pdf`);
      showPdf(answer.bytes, tab);
      return 'The labels opened in a new tab: print them from there at actual size (100 %), not “fit to page”.';
    },
    onMutate: () => setMessage(''),
    onSuccess: setMessage,
  });

  const thermal = useMutation({
    mutationFn: async () => {
      if (!bridge || typeof bridge.printRaw !== 'function') throw new PrintProblem('Only the desktop app can send labels to a label printer.');
      const setting = (await viaBridge(() => bridge.printSettings())).label as DocumentPrintSetting | undefined;
      if (!setting?.network || !setting.labelStock) throw new PrintProblem('No network label printer is set: choose one for Barcode labels on the Printers screen.');
      const answer = await client.raw(api.Labels.printer, { body: { lines: requestLines(lines), ...setting.labelStock } });
      const result = await viaBridge(() => bridge.printRaw!('label', answer.bytes));
      if (!result.ok) throw new PrintProblem(result.message ?? 'The labels were not printed.');
      return `${total} label${total === 1 ? '' : 's'} went to the label printer ${setting.network.host}.`;
    },
    onMutate: () => setMessage(''),
    onSuccess: setMessage,
  });

  return (
    <section className="panel screen" aria-labelledby="labels-title">
      <header className="screen-head">
        <h1 id="labels-title">Labels</h1>
      </header>
      <p className="lead">Scan or find each item, say how many labels it needs, then print them on an A4 label sheet or send them to the label printer.</p>
      <ItemSearch label="Add item" onPick={add} autoFocus />
      {openFailed !== null && <ErrorBanner banner={bannerFor(openFailed, 'find the item')} />}

      <DataTable
        listId="label-lines"
        label="Labels to print"
        tools={false}
        rows={lines}
        rowKey={(l) => l.item.id}
        empty="No items yet: scan a barcode or find an item above."
        columns={[
          { id: 'code', header: 'Code', className: 'mono', cell: (l) => l.item.code },
          { id: 'item', header: 'Item', cell: (l) => l.item.name },
          { id: 'barcode', header: 'Barcode', className: 'mono', cell: (l) => l.item.barcode ?? '—' },
          { id: 'mrp', header: 'MRP', className: 'num money', cell: (l) => formatRupees(l.item.mrp) },
          {
            id: 'quantity',
            header: 'Labels',
            className: 'num',
            cell: (l) => (
              <input
                className="num cell-qty"
                type="number"
                min={1}
                max={MAX_LABELS}
                aria-label={`Labels for ${l.item.code}`}
                value={l.quantity}
                onChange={(e) => setLines((now) => now.map((x) => (x.item.id === l.item.id ? { ...x, quantity: Math.max(0, Math.floor(Number(e.target.value))) } : x)))}
              />
            ),
          },
          {
            id: 'remove',
            header: <span className="visually-hidden">Remove</span>,
            noExport: true,
            cell: (l) => (
              <button type="button" className="button button-secondary button-small" aria-label={`Remove ${l.item.code}`} onClick={() => setLines((now) => now.filter((x) => x.item.id !== l.item.id))}>
                Remove
              </button>
            ),
          },
        ]}
      />

      <div className="form-grid">
        <fieldset className="form-section">
          <legend>A4 label sheet</legend>
          <div className="field span-4">
            <label htmlFor="labels-sheet">Label sheet (A4)</label>
            <select id="labels-sheet" value={sheet} onChange={(e) => setSheet(LABEL_SHEET_NAMES.find((s) => s === e.target.value) ?? sheet)}>
              {LABEL_SHEET_NAMES.map((s) => (
                <option key={s} value={s}>
                  {LABEL_SHEETS[s].label}
                </option>
              ))}
            </select>
          </div>
          <div className="field span-3">
            <label htmlFor="labels-start">Start at label</label>
            <input
              id="labels-start"
              className="num"
              type="number"
              min={1}
              max={perSheet(sheet)}
              value={start}
              aria-invalid={startProblem !== null}
              aria-describedby="labels-start-hint"
              onChange={(e) => setStart(e.target.value)}
            />
            <p id="labels-start-hint" className={startProblem ? 'field-error' : 'muted'}>
              {startProblem ?? 'On a used sheet, the first free label: counted across the rows from the top left.'}
            </p>
          </div>
        </fieldset>
      </div>

      <p role="status" className="muted">
        {total === 0 ? 'No labels yet.' : `${total} label${total === 1 ? '' : 's'}${sheets ? ` on ${sheets} sheet${sheets === 1 ? '' : 's'}` : ''}.`}
        {total > MAX_LABELS && ` At most ${MAX_LABELS} at once: print them in parts.`}
      </p>

      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={!ready || startProblem !== null || pdf.isPending}
          onClick={() => pdf.mutate(openPrintTab({ kind: 'label', id: '', number: `(${total})` }))}
        >
          Print PDF
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!ready || thermal.isPending || !bridge}
          title={bridge ? undefined : 'A label printer is reached from the desktop app only'}
          onClick={() => thermal.mutate()}
        >
          Send to label printer
        </button>
        <span className="print-outcome muted" role="status">
          {pdf.isPending || thermal.isPending ? 'Preparing the labels…' : message}
        </span>
      </div>
      {pdf.isError && <ErrorBanner banner={problemBanner(pdf.error, 'print the labels')} />}
      {thermal.isError && <ErrorBanner banner={problemBanner(thermal.error, 'send the labels')} />}
    </section>
  );
}
