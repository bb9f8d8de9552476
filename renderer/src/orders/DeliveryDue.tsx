/**
 * The order's promised delivery on the order page, and changing it (the lab is late, the customer
 * asks for another day). The service refuses a past date and a delivered or cancelled order.
 */
import { useState, type FormEvent } from 'react';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { formatDate } from '../ui/dates.js';
import { dateEntryMessage, isCalendarDay } from '../../../shared/domain/calendar.js';
import { DateField } from '../ui/DateField.js';
import { useChangeDelivery } from './service.js';

/** "2026-11-28T17:30" → "28 Nov 2026, 17:30"; "2026-11-28" → "28 Nov 2026". */
export function formatDue(value: string | null | undefined): string | null {
  const day = formatDate(value);
  if (!day) return null;
  const time = value && value.length >= 16 && value[10] === 'T' ? value.slice(11, 16) : null;
  return time && time !== '00:00' ? `${day}, ${time}` : day;
}

export function DeliveryDue({ salesOrderID, due, canChange }: { salesOrderID: string; due: string | null; canChange: boolean }) {
  const [editing, setEditing] = useState(false);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [tried, setTried] = useState(false);
  const change = useChangeDelivery(salesOrderID);

  function open() {
    setDate(due?.slice(0, 10) ?? '');
    setTime(due && due.length >= 16 ? due.slice(11, 16) : '');
    change.reset();
    setTried(false);
    setEditing(true);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    // A date typed that is not one (31/02/2026) stays on screen with its message; nothing is sent.
    if (!isCalendarDay(date)) return;
    change.mutate({ deliveryDate: date, deliveryTime: time }, { onSuccess: () => setEditing(false) });
  }

  if (!editing) {
    return (
      <dd>
        <span data-testid="delivery-due">{formatDue(due) ?? '—'}</span>
        {canChange && (
          <button type="button" className="button button-ghost button-small" onClick={open}>
            Change
          </button>
        )}
      </dd>
    );
  }
  return (
    <dd>
      <form className="inline-form" onSubmit={submit} aria-label="Change delivery">
        <label htmlFor="delivery-due-date">New delivery date</label>
        <DateField
          bare
          id="delivery-due-date"
          label="New delivery date"
          required
          value={date}
          onChange={setDate}
          error={tried && date && !isCalendarDay(date) ? dateEntryMessage('New delivery date') : undefined}
        />
        <label>
          Time <input type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        </label>
        <button type="submit" className="button button-small" disabled={change.isPending}>
          Save date
        </button>
        <button type="button" className="button button-ghost button-small" onClick={() => setEditing(false)}>
          Keep
        </button>
        {change.isError && <ErrorBanner banner={bannerFor(change.error, 'change the delivery date')} />}
      </form>
    </dd>
  );
}
