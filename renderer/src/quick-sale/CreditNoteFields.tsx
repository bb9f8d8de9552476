/**
 * The customer's open credit notes, shown only when there are some: a radio group (Tab into it,
 * arrow keys choose) and the amount to take from the chosen note, which defaults to as much as it
 * can pay. Whatever the note does not cover is paid by the payment kind below.
 */
import type { CreditNote } from '../../../shared/models/lookup.js';
import { formatRupees } from '../catalog/money.js';
import { formatDate } from '../shell/dates.js';
import { bannerFor, ErrorBanner } from '../shell/errors.js';
import { fromNote, noteProblem } from './credit-note.js';

export interface NoteChoice {
  /** Empty: no note is used. */
  creditNoteID: string;
  /** Rupee text as typed; empty means as much as the note can pay. */
  creditAmount: string;
}

export function CreditNoteFields({
  notes,
  error,
  choice,
  due,
  onChange,
}: {
  notes: CreditNote[];
  error: Error | null;
  choice: NoteChoice;
  /** What the customer owes on this bill, in rupees. */
  due: number;
  onChange: (choice: NoteChoice) => void;
}) {
  if (error) return <ErrorBanner banner={bannerFor(error, 'load the customer’s credit notes')} />;
  if (notes.length === 0) return null;
  const chosen = notes.find((n) => n.creditNoteID === choice.creditNoteID);
  const applied = fromNote(chosen, choice.creditAmount, due);
  const problem = noteProblem(chosen, applied, due);

  return (
    <fieldset className="counter-notes">
      <legend>Credit notes</legend>
      <label className="counter-note">
        <input
          type="radio"
          name="qs-credit-note"
          value=""
          checked={!chosen}
          onChange={() => onChange({ creditNoteID: '', creditAmount: '' })}
        />
        <span>Not now</span>
      </label>
      {notes.map((n) => (
        <label key={n.creditNoteID} className="counter-note">
          <input
            type="radio"
            name="qs-credit-note"
            value={n.creditNoteID}
            checked={chosen?.creditNoteID === n.creditNoteID}
            onChange={() => onChange({ creditNoteID: n.creditNoteID, creditAmount: '' })}
          />
          <span className="counter-note-text">
            <span className="mono">{n.creditNoteNo}</span>
            <span>
              <span className="money">{formatRupees(n.balance)} left</span>
              {formatDate(n.date) && <span className="muted"> · {formatDate(n.date)}</span>}
            </span>
          </span>
        </label>
      ))}
      {chosen && (
        <div className="field">
          <label htmlFor="qs-note-amount">From the note</label>
          <input
            id="qs-note-amount"
            className="num"
            inputMode="decimal"
            autoComplete="off"
            placeholder={(applied ?? 0).toFixed(2)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'qs-note-problem' : undefined}
            value={choice.creditAmount}
            onChange={(e) => onChange({ ...choice, creditAmount: e.target.value })}
          />
        </div>
      )}
      {problem && (
        <p id="qs-note-problem" className="field-error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
