/**
 * "Print …" and "Save PDF" for one document, with the wait and the outcome shown beside them.
 * The buttons keep their names while busy (the cashier and the tests find them by name); the
 * wait is said next to them instead.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ErrorBanner } from '../ui/errors.js';
import { DOCUMENT_WORDS, type PrintCopy, type Printable } from './documents.js';
import { openPrintTab, printDocument, savePdf } from './output.js';
import { problemBanner } from './problem.js';

export function PrintActions({
  doc,
  printLabel,
  shortcut,
  compact = false,
}: {
  /** Null while there is nothing to print yet; the buttons show, disabled. */
  doc: Printable | null;
  printLabel: string;
  /** A key (e.g. "F8") that prints from anywhere on the screen. */
  shortcut?: string;
  /** In a table row: smaller buttons, the outcome said to screen readers only. */
  compact?: boolean;
}) {
  const print = useMutation({
    mutationFn: ({ doc, tab }: { doc: Printable; tab: Window | null }) => printDocument(doc, tab),
  });
  const save = useMutation({ mutationFn: (doc: Printable) => savePdf(doc) });
  const busy = print.isPending || save.isPending;

  function onPrint() {
    if (!doc || busy) return;
    save.reset();
    print.mutate({ doc, tab: openPrintTab(doc) });
  }

  function onSave() {
    if (!doc || busy) return;
    print.reset();
    save.mutate(doc);
  }

  const onPrintRef = useRef(onPrint);
  onPrintRef.current = onPrint;
  useEffect(() => {
    if (!shortcut) return;
    function onKey(event: KeyboardEvent) {
      if (event.key !== shortcut || event.repeat) return;
      event.preventDefault();
      onPrintRef.current();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcut]);

  const word = doc ? DOCUMENT_WORDS[doc.kind] : 'document';
  const outcome = print.data ?? save.data;
  const failed = print.isError ? problemBanner(print.error, `print the ${word}`) : save.isError ? problemBanner(save.error, `save the ${word}`) : null;
  const size = compact ? 'button button-secondary button-small button-compact' : 'button button-secondary button-small';

  return (
    <div className={compact ? 'print-actions print-actions-compact' : 'print-actions'}>
      <button type="button" className={size} disabled={!doc || busy} aria-busy={print.isPending} aria-keyshortcuts={shortcut} onClick={onPrint}>
        {printLabel}
      </button>
      <button type="button" className={size} disabled={!doc || busy} aria-busy={save.isPending} onClick={onSave}>
        Save PDF
      </button>
      {shortcut && !compact && (
        <span className="muted">
          <kbd>{shortcut}</kbd> prints
        </span>
      )}
      {/* In a row the new tab or the download is the answer; the words are for screen readers. */}
      <span className={compact ? 'visually-hidden' : 'print-outcome muted'} role="status">
        {busy ? `Preparing the ${word}…` : (outcome ?? '')}
      </span>
      {failed && <ErrorBanner banner={failed} />}
    </div>
  );
}

const COPY_WORDS: Record<'receipt' | 'invoice', { label: string; customer: string; store: string }> = {
  receipt: { label: 'Receipt copy', customer: 'Customer’s copy', store: 'Store’s copy' },
  // GST rule 48's words for the two copies a shop prints.
  invoice: { label: 'Invoice copy', customer: 'Original for recipient', store: 'Triplicate for supplier' },
};

/** Which copy of a receipt or invoice to print; the `external` flag of their endpoints. */
export function CopyChoice({
  id,
  kind,
  value,
  onChange,
}: {
  id: string;
  kind: 'receipt' | 'invoice';
  value: PrintCopy;
  onChange: (copy: PrintCopy) => void;
}) {
  const words = COPY_WORDS[kind];
  return (
    <div className="field field-inline">
      <label htmlFor={id}>{words.label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value === 'store' ? 'store' : 'customer')}>
        <option value="customer">{words.customer}</option>
        <option value="store">{words.store}</option>
      </select>
    </div>
  );
}
