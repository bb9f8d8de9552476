/**
 * A date box that reads and takes dates as the store writes them, dd/mm/yyyy, whatever the
 * browser's or the PC's locale (issue 16): a text input, not `<input type="date">`, which Chromium
 * draws in its own locale (mm/dd/yyyy in an en-US browser). It takes 7/3/2026, 07-03-2026 and a
 * pasted 2026-03-07 too (shared/domain/calendar.ts parseStoreDate), and holds ISO yyyy-mm-dd
 * towards the form or query, so nothing behind it changed. Typed text that is not a date — or
 * not a real day, such as 31/02/2026 — is passed on as typed (never as a date), and the box says
 * "<Label> must be a date as dd/mm/yyyy" once the cashier leaves it.
 */
import { useState, type Ref } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { dateEntryMessage, isCalendarDay, parseStoreDate, STORE_DATE_FORMAT, storeDate } from '../../../shared/domain/calendar.js';

/** ISO, '' or the text as typed when it is not a date: what DateField hands on. */
export type DateEntry = string;

/** True when a DateField's value may go to the service: empty, or a real ISO day. */
export const isDateEntry = (value: DateEntry | null | undefined): boolean => !value || isCalendarDay(value);

/** The value as the box shows it: an ISO day as dd/mm/yyyy, anything else as it is. */
const shown = (value: string | null | undefined) => (value && isCalendarDay(value.slice(0, 10)) ? storeDate(value)! : (value ?? ''));

/** What the typed text stands for: '' empty, the ISO day, else the text itself. */
const entryOf = (text: string): DateEntry => (text.trim() === '' ? '' : (parseStoreDate(text) ?? text.trim()));

export interface DateFieldProps {
  id: string;
  /** The label, also the subject of the format error ("Birth date must be a date as dd/mm/yyyy"). */
  label: string;
  /** ISO yyyy-mm-dd (a time after it is ignored), '' or text that was typed and is not a date. */
  value: DateEntry | null | undefined;
  onChange: (value: DateEntry) => void;
  onBlur?: () => void;
  /** An error from the form (a rule about the date); a date that cannot be read says so first. */
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Only the input and its messages, for a label the caller lays out (an inline form). */
  bare?: boolean;
}

export function DateField({ id, label, value, onChange, onBlur, error, hint, className, required, disabled, name, inputRef, bare }: DateFieldProps) {
  const [text, setText] = useState(() => shown(value));
  const [left, setLeft] = useState(false);
  // A value changed from outside (a form reset, a cleared filter) replaces what is in the box.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if ((value ?? '') !== entryOf(text)) setText(shown(value));
  }
  const unreadable = left && text.trim() !== '' && parseStoreDate(text) === null;
  const message = unreadable ? dateEntryMessage(label.charAt(0).toUpperCase() + label.slice(1)) : error;
  const describedBy = [message ? `${id}-error` : null, hint && !message ? `${id}-hint` : null].filter(Boolean).join(' ');
  const input = (
    <input
      id={id}
      ref={inputRef}
      name={name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={STORE_DATE_FORMAT}
      maxLength={12}
      required={required}
      disabled={disabled}
      value={text}
      aria-invalid={message ? true : undefined}
      aria-describedby={describedBy || undefined}
      onChange={(e) => {
        setText(e.target.value);
        if (left && parseStoreDate(e.target.value) !== null) setLeft(false);
        onChange(entryOf(e.target.value));
      }}
      onBlur={() => {
        setLeft(true);
        const day = parseStoreDate(text);
        if (day) setText(storeDate(day)!);
        onBlur?.();
      }}
    />
  );
  const messages = (
    <>
      {hint && !message && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="field-error">
          {message}
        </p>
      )}
    </>
  );
  if (bare) {
    return (
      <>
        {input}
        {messages}
      </>
    );
  }
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {input}
      {messages}
    </div>
  );
}

/** A DateField bound to a react-hook-form field, which holds the ISO day ('' when empty). */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<T>; name: FieldPath<T> } & Omit<DateFieldProps, 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'name'>) {
  const { field } = useController({ control, name });
  return (
    <DateField
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={field.value as string | undefined}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={props.disabled ?? field.disabled}
    />
  );
}
