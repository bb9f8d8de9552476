/**
 * Opening the till with a float: the one form the Till screen and the counter's "till is closed"
 * banner both use. The float is in rupees (the same reading as every money box); the service
 * refuses a till that is open already (409) and says so in the banner under the box.
 */
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import type { TillState } from '../../../shared/models/till.js';
import { useEndpointMutation, useInvalidate } from '../core/service.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { amountOf } from './service.js';

export function OpenTillForm({ onOpened, onCancel, autoFocus = false }: { onOpened: (till: TillState) => void; onCancel?: () => void; autoFocus?: boolean }) {
  const id = useId();
  const invalidate = useInvalidate();
  const [float, setFloat] = useState('');
  const open = useEndpointMutation(api.Till.open, {
    // The state is read again before handing back, so whatever shows it (the banner) is current.
    onSuccess: async (till) => {
      await invalidate(api.Till.state, api.Till.tills);
      onOpened(till);
    },
  });
  const amount = amountOf(float);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (amount !== null) open.mutate({ body: { openingFloat: amount } });
  }
  return (
    <form aria-label="Open the till" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-float`}>Opening float</label>
        <input
          id={`${id}-float`}
          className="num"
          inputMode="decimal"
          autoComplete="off"
          autoFocus={autoFocus}
          value={float}
          onChange={(e) => setFloat(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && onCancel) onCancel();
          }}
        />
      </div>
      {float.trim() !== '' && amount === null && <p className="field-error">Enter the float in rupees, like 2000.</p>}
      {open.error && <ErrorBanner banner={bannerFor(open.error, 'open the till')} />}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={open.isPending || amount === null}>
          Open the till
        </button>
        {onCancel && (
          <button type="button" className="button button-ghost" onClick={onCancel}>
            Not now
          </button>
        )}
      </div>
    </form>
  );
}
