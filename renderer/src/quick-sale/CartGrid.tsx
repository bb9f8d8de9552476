/**
 * The cart's lines, editable in place: quantity, price and discount % commit on Enter or when
 * the cell is left, each as one update-sales-order-temp-values call. A lens pair (lines sharing
 * a pairNo) sits under one heading with its Rx and is removed as a pair.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import type { SalesOrderTempLine } from '../../../shared/models/cart.js';
import { formatRupees } from '../ui/money.js';
import type { PairRx } from './cart.js';

export type LineChange = { id: number; qty?: number; price?: number; discountRate?: number };

type Group = { pairNo: string | null; lines: SalesOrderTempLine[] };

/** Keeps the service's order, pulling a pair's second line up under its first. */
export function groupLines(lines: SalesOrderTempLine[]): Group[] {
  const groups: Group[] = [];
  const pairs = new Map<string, Group>();
  for (const line of lines) {
    if (line.pairNo) {
      const pair = pairs.get(line.pairNo);
      if (pair) {
        pair.lines.push(line);
        continue;
      }
      const group = { pairNo: line.pairNo, lines: [line] };
      pairs.set(line.pairNo, group);
      groups.push(group);
    } else {
      groups.push({ pairNo: null, lines: [line] });
    }
  }
  return groups;
}


export function CartGrid({
  lines,
  pairRx,
  busy,
  onChange,
  onDelete,
  onDone,
}: {
  lines: SalesOrderTempLine[];
  pairRx: PairRx;
  busy: boolean;
  onChange: (change: LineChange) => void;
  onDelete: (line: SalesOrderTempLine, asPair: boolean) => void;
  /** Hands focus back to the code box. */
  onDone: () => void;
}) {
  if (lines.length === 0) {
    return (
      <div className="cart-empty">
        <p>The cart is empty.</p>
        <p className="muted">Scan a barcode or type a code into the code box and press Enter.</p>
      </div>
    );
  }
  const groups = groupLines(lines);
  let pairIndex = 0;
  return (
    <table className="data-table cart-grid" aria-label="Cart" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="num">
            Qty
          </th>
          <th scope="col" className="num">
            Price
          </th>
          <th scope="col" className="num">
            Disc %
          </th>
          <th scope="col" className="num">
            Amount
          </th>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      {groups.map((group) => {
        if (!group.pairNo || group.lines.length < 2) {
          return (
            <tbody key={group.lines[0]?.id}>
              {group.lines.map((line) => (
                <CartRow key={line.id} line={line} onChange={onChange} onDelete={() => onDelete(line, false)} onDone={onDone} />
              ))}
            </tbody>
          );
        }
        pairIndex += 1;
        const rx = pairRx[group.pairNo];
        const first = group.lines[0];
        return (
          <tbody key={`pair-${group.pairNo}`} className="cart-pair">
            <tr className="cart-pair-head">
              <th scope="rowgroup" colSpan={5}>
                Lens pair {pairIndex}
                {rx && (
                  <span className="cart-pair-rx">
                    R {rx.right || '—'} · L {rx.left || '—'}
                  </span>
                )}
              </th>
              <td>
                {first && (
                  <button
                    type="button"
                    className="button button-small button-ghost cart-remove"
                    aria-label={`Remove lens pair ${pairIndex}`}
                    onClick={() => onDelete(first, true)}
                  >
                    ✕
                  </button>
                )}
              </td>
            </tr>
            {group.lines.map((line, i) => (
              <CartRow
                key={line.id}
                line={line}
                eye={i === 0 ? 'R' : 'L'}
                onChange={onChange}
                onDone={onDone}
              />
            ))}
          </tbody>
        );
      })}
    </table>
  );
}

function CartRow({
  line,
  eye,
  onChange,
  onDelete,
  onDone,
}: {
  line: SalesOrderTempLine;
  eye?: 'R' | 'L';
  onChange: (change: LineChange) => void;
  onDelete?: () => void;
  onDone: () => void;
}) {
  const name = eye ? `${line.itemName} (${eye})` : line.itemName;
  return (
    <tr>
      <td className="cart-item">{name}</td>
      <td className="num">
        <EditCell width="qty" label={`Quantity of ${name}`} value={line.qty} decimals={0} onCommit={(qty) => onChange({ id: line.id, qty })} onDone={onDone} />
      </td>
      <td className="num">
        <EditCell label={`Price of ${name}`} value={line.price} decimals={2} onCommit={(price) => onChange({ id: line.id, price })} onDone={onDone} />
      </td>
      <td className="num">
        <EditCell
          width="rate"
          label={`Discount % of ${name}`}
          value={line.discountRate}
          decimals={2}
          onCommit={(discountRate) => onChange({ id: line.id, discountRate })}
          onDone={onDone}
        />
      </td>
      <td className="money">{formatRupees(line.totalAmount)}</td>
      <td>
        {onDelete && (
          <button type="button" className="button button-small button-ghost cart-remove" aria-label={`Remove ${name}`} onClick={onDelete}>
            ✕
          </button>
        )}
      </td>
    </tr>
  );
}

function show(value: number, decimals: number): string {
  return decimals === 0 ? String(value) : value.toFixed(decimals).replace(/\.00$/, '');
}

/** A number typed into a cell: a plain non-negative amount, or null when it is not one. */
function parseCell(text: string, decimals: number): number | null {
  const t = text.trim().replace(/,/g, '');
  const pattern = decimals === 0 ? /^\d{1,6}$/ : /^\d{1,9}(\.\d{1,2})?$/;
  return pattern.test(t) ? Number(t) : null;
}

function EditCell({
  width = 'money',
  label,
  value,
  decimals,
  onCommit,
  onDone,
}: {
  width?: 'qty' | 'rate' | 'money';
  label: string;
  value: number;
  decimals: number;
  onCommit: (value: number) => void;
  onDone: () => void;
}) {
  // Null while not being edited, so the cell follows the service's value after each refresh.
  const [draft, setDraft] = useState<string | null>(null);
  // Enter commits and then moves focus away, whose blur would otherwise commit the same draft again.
  const settled = useRef(true);
  const text = draft ?? show(value, decimals);
  const parsed = draft === null ? value : parseCell(draft, decimals);
  const invalid = parsed === null || (decimals === 0 && parsed < 1);

  function commit() {
    if (settled.current) return;
    settled.current = true;
    if (draft !== null && !invalid && parsed !== value) onCommit(parsed);
    setDraft(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
      onDone();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      settled.current = true;
      setDraft(null);
      onDone();
    }
  }

  return (
    <input
      className={`cell-input num cell-${width}`}
      aria-label={label}
      aria-invalid={draft !== null && invalid ? true : undefined}
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        settled.current = false;
        setDraft(e.target.value);
      }}
      onFocus={(e) => e.target.select()}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
}
