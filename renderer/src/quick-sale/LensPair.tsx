/**
 * A spectacle lens is sold as a pair: one line per eye with the eye's Rx, both under one pairNo
 * so the cart groups them and delete-salesorder-temp removes them together. The right eye's line
 * goes in first.
 */
import { useState, type FormEvent } from 'react';
import type { PickedItem } from '../catalog/ItemSearch.js';

export interface EyeRx {
  spherical: string;
  cylinder: string;
  axis: string;
  addition: string;
  /** Monocular PD, mm. */
  pd: string;
  /** Fitting height, mm (the lab's lensFittingHeight). */
  fittingHeight: string;
}

const EMPTY: EyeRx = { spherical: '', cylinder: '', axis: '', addition: '', pd: '', fittingHeight: '' };
const PARTS: { key: keyof EyeRx; label: string }[] = [
  { key: 'spherical', label: 'SPH' },
  { key: 'cylinder', label: 'CYL' },
  { key: 'axis', label: 'AXIS' },
  { key: 'addition', label: 'ADD' },
  { key: 'pd', label: 'PD' },
  { key: 'fittingHeight', label: 'FH' },
];

/** The customer's latest prescription, to start the pair from. */
export interface LatestRx {
  date: string | null;
  right: Partial<EyeRx>;
  left: Partial<EyeRx>;
}

/** An eye's Rx as a cart line takes it: fitting height as a number, empty parts left out. */
export function lineRx(rx: EyeRx) {
  const text = (v: string) => (v.trim() ? v.trim() : undefined);
  const fh = rx.fittingHeight.trim() ? Number(rx.fittingHeight) : undefined;
  return {
    spherical: text(rx.spherical),
    cylinder: text(rx.cylinder),
    axis: text(rx.axis),
    addition: text(rx.addition),
    pd: text(rx.pd),
    ...(fh !== undefined && Number.isFinite(fh) ? { lensFittingHeight: fh } : {}),
  };
}

/** "-1.25 / -0.50 × 90 add +2.00", leaving out what was not given. */
export function rxText(rx: EyeRx): string {
  const parts = [rx.spherical, rx.cylinder && `${rx.cylinder}${rx.axis ? ` × ${rx.axis}` : ''}`].filter(Boolean);
  const text = parts.join(' / ');
  return rx.addition ? `${text} add ${rx.addition}` : text;
}

export function LensPairForm({
  item,
  latest,
  onAdd,
  onCancel,
  busy,
}: {
  item: PickedItem;
  /** The attached customer's latest prescription: the pair starts from it, still editable. */
  latest?: LatestRx | null;
  onAdd: (right: EyeRx, left: EyeRx) => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const [right, setRight] = useState<EyeRx>({ ...EMPTY, ...latest?.right });
  const [left, setLeft] = useState<EyeRx>({ ...EMPTY, ...latest?.left });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onAdd(right, left);
  }

  return (
    <form className="panel lens-pair" aria-label={`Lens pair: ${item.name}`} onSubmit={onSubmit} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <p className="lens-pair-title">
        <strong>{item.name}</strong> — a pair, one line per eye. Rx for each eye:
      </p>
      {latest && (
        <p className="muted" data-testid="rx-source">
          From the prescription of {latest.date ?? 'the last visit'} — change what the lab should make differently.
        </p>
      )}
      <table className="lens-pair-grid">
        <thead>
          <tr>
            <th scope="col">Eye</th>
            {PARTS.map((p) => (
              <th key={p.key} scope="col">
                {p.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(
            [
              ['Right', right, setRight],
              ['Left', left, setLeft],
            ] as const
          ).map(([eye, rx, setRx], row) => (
            <tr key={eye}>
              <th scope="row">{eye}</th>
              {PARTS.map((p, col) => (
                <td key={p.key}>
                  <input
                    aria-label={`${eye} ${p.label}`}
                    className="cell-input num"
                    autoComplete="off"
                    autoFocus={row === 0 && col === 0}
                    value={rx[p.key]}
                    onChange={(e) => setRx({ ...rx, [p.key]: e.target.value })}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" className="button button-ghost button-small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary button-small" disabled={busy}>
          Add pair
        </button>
      </div>
    </form>
  );
}
