/**
 * The counter's warning before a new customer is saved: who of the company, at any branch, may be
 * this person ("Meena Shah, 98765…, at Adajan may be the same person"), with a way to use that
 * record and a way to create the new one anyway. Shown by the customer form and by Quick sale's
 * new customer; the service decides who (CustomerMerge.likelySame).
 */
import type { ReactNode } from 'react';
import { DUPLICATE_REASON_NAMES, type LikelySameMatch } from '../../../shared/models/customer-merge.js';

/** "9876543210" → "98765…": enough to recognise, short enough to read aloud. */
const shortMobile = (mobile: string | null) => (mobile ? `${mobile.replace(/\D|X/g, (c) => (c === 'X' ? 'X' : '')).slice(0, 5)}…` : null);

export function LikelySame({
  matches,
  use,
  onCreateAnyway,
  createLabel,
  pending,
}: {
  matches: readonly LikelySameMatch[];
  /** The way to use one of them: a link to the record, or a button that takes it. */
  use: (match: LikelySameMatch) => ReactNode;
  onCreateAnyway: () => void;
  createLabel: string;
  pending?: boolean;
}) {
  return (
    <div className="banner banner-warning" role="alert" aria-labelledby="likely-same-title">
      <strong id="likely-same-title">{matches.length === 1 ? 'This customer may already exist' : `${matches.length} customers may already exist`}</strong>
      <ul className="duplicate-list" aria-label="Likely duplicates">
        {matches.map((m) => (
          <li key={m.customerID}>
            <span className="duplicate-name">
              {[m.name, shortMobile(m.mobile)].filter(Boolean).join(', ')}, at {m.branch} may be the same person
            </span>
            <span className="muted">{m.reasons.map((r) => DUPLICATE_REASON_NAMES[r]).join(', ')}</span>
            {use(m)}
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" className="button button-primary" disabled={pending} onClick={onCreateAnyway}>
          {createLabel}
        </button>
      </div>
    </div>
  );
}
