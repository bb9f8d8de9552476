import type { KeyboardEvent } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import type { CustomerRecord } from '../../../shared/models/customer.js';
import { PrescriptionHistory } from '../prescriptions/PrescriptionHistory.js';
import { useEndpoint } from '../core/service.js';
import { formatDate } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { hrefFor, navigate, type CustomerTab } from '../core/router.js';
import { CustomerOrders } from './CustomerOrders.js';
import { CustomerHistory } from './CustomerHistory.js';
import { fullName } from './names.js';

const TABS: { tab: CustomerTab; label: string }[] = [
  { tab: 'profile', label: 'Profile' },
  { tab: 'prescriptions', label: 'Prescription history' },
  { tab: 'orders', label: 'Orders' },
  { tab: 'history', label: 'All branches' },
];

export function CustomerPage({ customerId, tab }: { customerId: string; tab: CustomerTab }) {
  const detail = useEndpoint(api.Customer.detail, { body: { customerID: customerId } });

  if (detail.isError) {
    return (
      <section className="panel screen">
        <a className="back-link" href={hrefFor({ name: 'customers' })}>
          ← Customers
        </a>
        <ErrorBanner banner={bannerFor(detail.error, 'load this customer')} />
      </section>
    );
  }
  if (!detail.data) return <p className="muted screen-loading">Loading customer…</p>;

  const c = detail.data;
  const name = fullName(c);
  const go = (next: CustomerTab) => navigate({ name: 'customer', customerId, tab: next }, { replace: true });

  // Arrow keys move between tabs, as in any tab strip.
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const i = TABS.findIndex((t) => t.tab === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(i + step + TABS.length) % TABS.length];
    if (next) {
      go(next.tab);
      document.getElementById(`tab-${next.tab}`)?.focus();
    }
  }

  return (
    <section className="panel screen" aria-labelledby="customer-title">
      <a className="back-link" href={hrefFor({ name: 'customers' })}>
        ← Customers
      </a>
      <header className="screen-head">
        <div>
          <h1 id="customer-title">{name}</h1>
          <p className="muted">
            {[c.mobile, c.emailId, c.city].filter(Boolean).join(' · ') || 'No contact details'}
            {!c.isActive && <span className="tag tag-muted">Inactive</span>}
          </p>
        </div>
        <div className="actions">
          <a className="button button-secondary" href={hrefFor({ name: 'customerEdit', customerId })}>
            Edit
          </a>
          <a className="button button-primary" href={hrefFor({ name: 'prescriptionNew', customerId })}>
            New prescription
          </a>
        </div>
      </header>

      <div className="tabs" role="tablist" aria-label="Customer">
        {TABS.map((t) => (
          <button
            key={t.tab}
            id={`tab-${t.tab}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={t.tab === tab}
            aria-controls={`panel-${t.tab}`}
            tabIndex={t.tab === tab ? 0 : -1}
            onClick={() => go(t.tab)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'profile' && <Profile customer={c} />}
        {tab === 'prescriptions' && <PrescriptionHistory customerId={customerId} />}
        {tab === 'orders' && <CustomerOrders customerId={customerId} />}
        {tab === 'history' && <CustomerHistory customerId={customerId} />}
      </div>
    </section>
  );
}

function Profile({ customer: c }: { customer: CustomerRecord }) {
  const address = [c.houseNumber, c.societyName, c.street, c.area, c.landmark, c.city, c.zipCode].filter(Boolean).join(', ');
  const facts: [string, string | null][] = [
    ['Mobile', c.mobile],
    ['Other phone', c.phoneNO],
    ['E-mail', c.emailId],
    ['Birth date', formatDate(c.birthDate)],
    ['Anniversary', formatDate(c.marriageDate)],
    ['Address', address || null],
    ['GSTIN / tax no.', c.taxNO],
    ['Remarks', c.remarks],
    ['Promotional messages', c.dndForPromotionalMessage ? 'Do not send' : 'Allowed'],
    ['Customer since', formatDate(c.createdDate)],
  ];
  return (
    <dl className="facts facts-columns">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
