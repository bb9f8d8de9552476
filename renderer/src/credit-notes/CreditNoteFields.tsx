/**
 * The customer's open credit notes, shown only when there are some: a radio group (Tab into it,
 * arrow keys choose) and the amount to take from the chosen note, which defaults to as much as it
 * can pay. Whatever the note does not cover is paid by the payment kind below. Used by the
 * counter's payment panel and the order page's take-the-balance form.
 */
import type { CreditNote } from '../../../shared/models/lookup.js';
import { formatRupees } from '../ui/money.js';
import { formatDate } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { fromNote, noteProblem, type NoteChoice } from './credit-note.js';

export function CreditNoteFields({
  idPrefix,
  notes,
  error,
  choice,
  due,
  dueName,
  onChange,
}: {
  /** Keeps the radio group's name and the boxes' ids apart from another form's. */
  idPrefix: string;
  notes: CreditNote[];
  error: Error | null;
  choice: NoteChoice;
  /** What the customer owes on this bill, in rupees. */
  due: number;
  /** What `due` is called in the cashier's words ("the bill", "the balance"). */
  dueName?: string;
  onChange: (choice: NoteChoice) => void;
}) {
  if (error) return <ErrorBanner banner={bannerFor(error, 'load the customer’s credit notes')} />;
  if (notes.length === 0) return null;
  const chosen = notes.find((n) => n.creditNoteID === choice.creditNoteID);
  const applied = fromNote(chosen, choice.creditAmount, due);
  const problem = noteProblem(chosen, applied, due, dueName);
  const amountId = `${idPrefix}-note-amount`;
  const problemId = `${idPrefix}-note-problem`;

  return (
    <fieldset className="credit-notes">
      <legend>Credit notes</legend>
      <label className="credit-note">
        <input
          type="radio"
          name={`${idPrefix}-credit-note`}
          value=""
          checked={!chosen}
          onChange={() => onChange({ creditNoteID: '', creditAmount: '' })}
        />
        <span>Not now</span>
      </label>
      {notes.map((n) => (
        <label key={n.creditNoteID} className="credit-note">
          <input
            type="radio"
            name={`${idPrefix}-credit-note`}
            value={n.creditNoteID}
            checked={chosen?.creditNoteID === n.creditNoteID}
            onChange={() => onChange({ creditNoteID: n.creditNoteID, creditAmount: '' })}
          />
          <span className="credit-note-text">
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
          <label htmlFor={amountId}>From the note</label>
          <input
            id={amountId}
            className="num"
            inputMode="decimal"
            autoComplete="off"
            placeholder={(applied ?? 0).toFixed(2)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            value={choice.creditAmount}
            onChange={(e) => onChange({ ...choice, creditAmount: e.target.value })}
          />
        </div>
      )}
      {problem && (
        <p id={problemId} className="field-error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
