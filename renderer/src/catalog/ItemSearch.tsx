/**
 * The counter's item search: a type-ahead over code, barcode, name and brand, and the target of
 * a barcode scanner (which types the code quickly and presses Enter). Built to be embedded: the
 * host gets each picked item through `onPick` and decides what picking means.
 *
 * Keys: ↑/↓ move the highlight through the suggestions, Enter picks the highlighted one; Enter
 * with nothing highlighted looks the typed text up as an exact code or barcode (which is what a
 * scan is), Escape clears. After a pick the box is empty and focused, ready for the next scan.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../../shared/client.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { bannerFor, type Banner } from '../ui/errors.js';
import { itemByCode, useItemSuggestions, type ItemOption, type ItemSource } from './items.js';
import { formatRupees } from '../ui/money.js';
import { StockElsewhere, StockTag } from './stock.js';

export type PickedItem = ItemOption & {
  /** `list` when chosen from the suggestions, `code` when looked up by code or barcode (a scan). */
  via: 'list' | 'code';
};

/** Fewer characters match too much of the catalog to be worth a request. */
const MIN_TERM = 2;
/**
 * Short enough to feel immediate, long enough that a scanner's burst of digits (a few ms a key)
 * ends with Enter before any suggestion request goes out.
 */
const TYPE_AHEAD_DELAY_MS = 150;

type Message =
  | { kind: 'picked'; item: ItemOption }
  | { kind: 'notFound'; code: string }
  | { kind: 'error'; banner: Banner };

export function ItemSearch({
  onPick,
  label = 'Find item',
  source = 'all',
  itemTypeID = null,
  autoFocus = false,
  placeholder = 'Scan a barcode, or type a code, name or brand',
}: {
  onPick: (item: PickedItem) => void;
  label?: string;
  source?: ItemSource;
  /** Narrows the `all` source to one item type. */
  itemTypeID?: string | null;
  autoFocus?: boolean;
  placeholder?: string;
}) {
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listId = `${baseId}-list`;
  const hintId = `${baseId}-hint`;
  const messageId = `${baseId}-message`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const [lookingUp, setLookingUp] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);

  const typed = text.trim();
  const term = useDebouncedValue(typed, TYPE_AHEAD_DELAY_MS);
  const suggestions = useItemSuggestions(source, term, itemTypeID, term.length >= MIN_TERM && typed.length >= MIN_TERM);

  const options = typed.length >= MIN_TERM ? (suggestions.data ?? []) : [];
  const expanded = open && options.length > 0 && lookingUp === null;
  const active = expanded && highlight >= 0 && highlight < options.length ? highlight : -1;

  const activeId = active >= 0 ? optionId(active) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function pick(item: ItemOption, via: PickedItem['via']) {
    setText('');
    setOpen(false);
    setHighlight(-1);
    setMessage({ kind: 'picked', item });
    inputRef.current?.focus();
    onPick({ ...item, via });
  }

  async function lookUp(code: string) {
    setLookingUp(code);
    setOpen(false);
    setMessage(null);
    try {
      pick(await itemByCode(code), 'code');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setMessage({ kind: 'notFound', code });
      else setMessage({ kind: 'error', banner: bannerFor(error, 'look up this code') });
      // Selected, so the next scan or keystroke replaces the unknown code instead of adding to it.
      inputRef.current?.select();
    } finally {
      setLookingUp(null);
    }
  }

  function clear() {
    setText('');
    setOpen(false);
    setHighlight(-1);
    setMessage(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return;
        event.preventDefault();
        const n = options.length;
        const from = expanded ? active : -1;
        setOpen(true);
        if (event.key === 'ArrowDown') setHighlight(from < 0 ? 0 : (from + 1) % n);
        else setHighlight(from <= 0 ? n - 1 : from - 1);
        return;
      }
      case 'Enter': {
        // Never submits a form the box sits in: Enter here always means "this item".
        event.preventDefault();
        const chosen = active >= 0 ? options[active] : undefined;
        if (chosen) pick(chosen, 'list');
        else if (typed && lookingUp === null) void lookUp(typed);
        return;
      }
      case 'Escape':
        if (text || message) {
          event.preventDefault();
          clear();
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  }

  const searching = typed.length >= MIN_TERM && (typed !== term || suggestions.isFetching);
  const noMatch = open && !searching && suggestions.isSuccess && typed.length >= MIN_TERM && options.length === 0;

  return (
    <div className="field item-search">
      <label htmlFor={inputId}>{label}</label>
      <div className="item-search-box">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-describedby={`${hintId} ${messageId}`}
          aria-invalid={message?.kind === 'notFound' ? true : undefined}
          autoFocus={autoFocus}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setHighlight(-1);
            if (message?.kind !== 'picked') setMessage(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onClick={() => setOpen(true)}
        />
        <ul id={listId} role="listbox" aria-label="Matching items" className="item-search-list" hidden={!expanded}>
          {expanded &&
            options.map((item, index) => (
              <li
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="item-option"
                // Keeps focus in the box, so the pick below does not race a blur.
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => {
                  if (index !== active) setHighlight(index);
                }}
                onClick={() => pick(item, 'list')}
              >
                <span className="item-option-main">
                  <span className="item-option-name">{item.name}</span>
                  <span className="item-option-meta">
                    {[item.brand, item.code, item.barcode && item.barcode !== item.code ? item.barcode : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                <span className="item-option-price">
                  <span className="money">{formatRupees(item.price)}</span>
                  <span className="item-option-mrp">MRP {formatRupees(item.mrp)}</span>
                </span>
                <StockTag stock={item.stock} />
              </li>
            ))}
        </ul>
      </div>
      <p id={hintId} className="field-hint item-search-hint">
        <kbd>↑</kbd> <kbd>↓</kbd> choose · <kbd>Enter</kbd> pick or look up a code · <kbd>Esc</kbd> clear
        {searching && <span className="item-search-busy"> · Searching…</span>}
      </p>
      <div id={messageId} className="item-search-message" aria-live="polite">
        {lookingUp !== null && <p className="muted">Looking up {lookingUp}…</p>}
        {message?.kind === 'notFound' && (
          <p className="field-error" role="alert">
            No item with code or barcode “{message.code}”.
          </p>
        )}
        {message?.kind === 'error' && (
          <p className="field-error" role="alert">
            {message.banner.title}: {message.banner.detail}
          </p>
        )}
        {noMatch && <p className="muted">No item matches “{typed}”. Enter looks it up as a code.</p>}
        {message?.kind === 'picked' && !noMatch && lookingUp === null && (
          <p className="item-search-picked">
            Picked <strong>{message.item.name}</strong> ({message.item.code})
            {message.item.stock !== null && <StockElsewhere itemId={message.item.id} />}
          </p>
        )}
      </div>
    </div>
  );
}
