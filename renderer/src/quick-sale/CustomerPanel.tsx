/**
 * Who is buying: found by mobile (Customer.list's searchTerm: the start, or the last digits), or created here with the
 * three fields a counter needs when the number is new. The full customer form stays on the
 * Customers screen.
 */
import { useState, type FormEvent, type RefObject } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import type { CustomerListItem } from '../../../shared/models/customer.js';
import { useEndpointMutation } from '../core/service.js';
import { bannerFor, ErrorBanner, placeFieldErrors } from '../ui/errors.js';
import { useCart, type CartCustomer } from './cart.js';
import { COUNTER_KEYS } from './keys.js';
import type { LikelySameMatch } from '../../../shared/models/customer-merge.js';
import { LikelySame } from '../customers/LikelySame.js';

const MATCHES = 6;

export function CustomerPanel({ mobileRef, onDone }: { mobileRef: RefObject<HTMLInputElement | null>; onDone: () => void }) {
  const customer = useCart((s) => s.customer);
  const setCustomer = useCart((s) => s.setCustomer);
  const [mobile, setMobile] = useState('');
  const [creating, setCreating] = useState(false);

  const find = useEndpointMutation(api.Customer.list, {
    // Any part of the mobile: the numbers starting with the digits first, then those containing them.
    input: (digits: string) => ({ body: { searchTerm: digits, fromPage: 1, toPage: MATCHES } }),
  });

  function choose(chosen: CartCustomer) {
    setCustomer(chosen);
    setMobile('');
    setCreating(false);
    find.reset();
    onDone();
  }

  function onFind(event: FormEvent) {
    event.preventDefault();
    const digits = mobile.replace(/\D/g, '');
    if (digits.length < 3) return;
    setCreating(false);
    find.mutate(digits, {
      onSuccess: (found) => {
        // One exact hit is the customer; anything else is for the cashier to choose.
        const only = found.data.length === 1 ? found.data[0] : undefined;
        if (only && digits.length === 10) choose(fromRow(only));
        else if (found.data.length === 0 && digits.length === 10) setCreating(true);
      },
    });
  }

  if (customer) {
    return (
      <section className="panel counter-panel" aria-labelledby="qs-customer-title">
        <h2 id="qs-customer-title" className="counter-panel-title">
          Customer <kbd>{COUNTER_KEYS.customer}</kbd>
        </h2>
        <p className="counter-customer">
          <strong>{customer.name}</strong>
          {customer.mobile && <span className="mono"> {customer.mobile}</span>}
        </p>
        <button
          type="button"
          className="button button-small button-ghost"
          onClick={() => {
            setCustomer(null);
            // The box appears on the next render.
            setTimeout(() => mobileRef.current?.focus(), 0);
          }}
        >
          Change customer
        </button>
      </section>
    );
  }

  const rows = find.data?.data ?? [];
  return (
    <section className="panel counter-panel" aria-labelledby="qs-customer-title">
      <h2 id="qs-customer-title" className="counter-panel-title">
        Customer <kbd>{COUNTER_KEYS.customer}</kbd>
      </h2>
      <form className="counter-inline" onSubmit={onFind}>
        <div className="field">
          <label htmlFor="qs-mobile">Customer mobile</label>
          <input
            id="qs-mobile"
            ref={mobileRef}
            inputMode="tel"
            autoComplete="off"
            placeholder="Mobile, then Enter"
            value={mobile}
            onChange={(e) => setMobile(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                onDone();
              }
            }}
          />
        </div>
        <button type="submit" className="button button-secondary" disabled={find.isPending}>
          Find
        </button>
      </form>
      {find.isError && <ErrorBanner banner={bannerFor(find.error, 'find the customer')} />}
      {rows.length > 0 && (
        <ul className="counter-matches" aria-label="Matching customers">
          {rows.map((row) => (
            <li key={row.customerID}>
              <button type="button" className="button button-small button-secondary" onClick={() => choose(fromRow(row))}>
                {row.name} {row.mobile && <span className="mono">{row.mobile}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {find.isSuccess && rows.length === 0 && !creating && <p className="muted">No customer with that mobile.</p>}
      {creating ? (
        <NewCustomer mobile={mobile.replace(/\D/g, '')} onCreated={choose} />
      ) : (
        <button type="button" className="button button-small button-ghost" onClick={() => setCreating(true)}>
          New customer
        </button>
      )}
    </section>
  );
}

function fromRow(row: CustomerListItem): CartCustomer {
  return { customerID: row.customerID, name: row.name, mobile: row.mobile };
}

function NewCustomer({ mobile, onCreated }: { mobile: string; onCreated: (customer: CartCustomer) => void }) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [number, setNumber] = useState(mobile);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [likely, setLikely] = useState<LikelySameMatch[]>([]);

  // Who of the company, at any branch, may be this person: asked before the new record is made.
  const check = useEndpointMutation(api.CustomerMerge.likelySame, {
    input: (_: void) => ({ body: { firstName: firstName.trim(), lastName: lastName.trim(), mobile: number.trim() || null } }),
  });

  const create = useEndpointMutation(api.Customer.upsert, {
    input: (_: void) => ({
      body: { firstName: firstName.trim(), lastName: lastName.trim(), mobile: number.trim() || null, isActive: true },
    }),
    onSuccess: (answer) =>
      onCreated({ customerID: answer.customerID, name: `${firstName.trim()} ${lastName.trim()}`, mobile: number.trim() || null }),
    onError: (error) => {
      const placed: Record<string, string> = {};
      placeFieldErrors(error, (path, message) => {
        placed[path] = message;
        return ['firstName', 'lastName', 'mobile'].includes(path);
      });
      setFieldErrors(placed);
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!firstName.trim()) missing.firstName = 'Required';
    if (!lastName.trim()) missing.lastName = 'Required';
    setFieldErrors(missing);
    setLikely([]);
    if (Object.keys(missing).length > 0) return;
    const found = await check.mutateAsync().catch(() => null);
    if (found && found.matches.length > 0) setLikely(found.matches);
    else create.mutate();
  }

  return (
    <form className="counter-new-customer" onSubmit={(e) => void onSubmit(e)} aria-label="New customer">
      <div className="counter-row">
        <SmallField id="qs-first" label="First name" value={firstName} onChange={setFirstName} error={fieldErrors.firstName} autoFocus />
        <SmallField id="qs-last" label="Last name" value={lastName} onChange={setLastName} error={fieldErrors.lastName} />
      </div>
      <SmallField id="qs-new-mobile" label="Mobile" value={number} onChange={setNumber} error={fieldErrors.mobile} />
      {create.isError && Object.keys(fieldErrors).length === 0 && <ErrorBanner banner={bannerFor(create.error, 'create the customer')} />}
      {likely.length > 0 ? (
        <LikelySame
          matches={likely}
          use={(m) => (
            <button type="button" className="button button-small button-secondary" onClick={() => onCreated({ customerID: m.customerID, name: m.name, mobile: m.mobile })}>
              Use {m.name}
            </button>
          )}
          onCreateAnyway={() => create.mutate()}
          createLabel="Create a new customer anyway"
          pending={create.isPending}
        />
      ) : (
        <button type="submit" className="button button-primary button-small" disabled={create.isPending || check.isPending}>
          Add customer
        </button>
      )}
    </form>
  );
}

function SmallField({
  id,
  label,
  value,
  onChange,
  error,
  autoFocus,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        autoFocus={autoFocus}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
