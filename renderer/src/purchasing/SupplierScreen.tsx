/**
 * Suppliers: the list, and a form to add or change one. Suppliers are master data kept at head
 * office: on a branch PC the list is read-only and says why (the service's own words).
 */
import { useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import type { Supplier, SupplierInput } from '../../../shared/models/purchasing.js';
import { useEndpointMutation, useInvalidate } from '../core/service.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { DataTable, type DataColumn } from '../ui/DataTable.js';
import { PurchasingTabs, useSuppliers } from './parts.js';

type Form = { name: string; gstin: string; contactPerson: string; mobile: string; email: string; address: string; city: string; paymentTermsDays: string };
const EMPTY: Form = { name: '', gstin: '', contactPerson: '', mobile: '', email: '', address: '', city: '', paymentTermsDays: '' };

const formOf = (s: Supplier): Form => ({
  name: s.name, gstin: s.gstin ?? '', contactPerson: s.contactPerson ?? '', mobile: s.mobile ?? '', email: s.email ?? '',
  address: s.address ?? '', city: s.city ?? '', paymentTermsDays: s.paymentTermsDays === null ? '' : String(s.paymentTermsDays),
});

const bodyOf = (f: Form): SupplierInput => ({
  name: f.name, gstin: f.gstin || null, contactPerson: f.contactPerson || null, mobile: f.mobile || null, email: f.email || null,
  address: f.address || null, city: f.city || null, paymentTermsDays: f.paymentTermsDays.trim() === '' ? null : Number(f.paymentTermsDays),
});

const LABELS: Record<keyof Form, string> = {
  name: 'Name', gstin: 'GSTIN', contactPerson: 'Contact person', mobile: 'Mobile', email: 'E-mail', address: 'Address', city: 'City', paymentTermsDays: 'Payment terms (days)',
};

export function SupplierScreen() {
  const list = useSuppliers();
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [saved, setSaved] = useState<string | null>(null);
  const done = async (r: { message: string }) => {
    setSaved(r.message);
    setEditing(null);
    await invalidate(api.Purchasing.suppliers);
  };
  const create = useEndpointMutation(api.Purchasing.createSupplier, { onSuccess: done });
  const update = useEndpointMutation(api.Purchasing.updateSupplier, { onSuccess: done });
  const active = useEndpointMutation(api.Purchasing.setSupplierActive, { onSuccess: done });
  const failed = create.error ?? update.error ?? active.error;
  const canEdit = list.data?.canEdit ?? false;

  const open = (s: Supplier | 'new') => {
    setEditing(s);
    setForm(s === 'new' ? EMPTY : formOf(s));
    setSaved(null);
    create.reset();
    update.reset();
  };
  const submit = () => {
    if (editing === 'new') create.mutate({ body: bodyOf(form) });
    else if (editing) update.mutate({ params: { supplierId: editing.supplierID }, body: bodyOf(form) });
  };

  const columns: DataColumn<Supplier>[] = [
    { id: 'name', header: 'Name', cell: (s) => s.name, value: (s) => s.name },
    { id: 'gstin', header: 'GSTIN', className: 'mono', cell: (s) => s.gstin ?? '—' },
    { id: 'state', header: 'State', cell: (s) => s.stateName ?? '—' },
    { id: 'contact', header: 'Contact', cell: (s) => [s.contactPerson, s.mobile].filter(Boolean).join(', ') || '—' },
    { id: 'terms', header: 'Terms (days)', className: 'num', cell: (s) => (s.paymentTermsDays === null ? '—' : String(s.paymentTermsDays)) },
    { id: 'active', header: 'Status', cell: (s) => (s.isActive ? 'Active' : <span className="tag tag-muted">Deactivated</span>) },
    {
      id: 'actions',
      header: 'Actions',
      noExport: true,
      cell: (s) =>
        canEdit ? (
          <span className="actions">
            <button type="button" className="button-small" onClick={() => open(s)}>
              Edit {s.name}
            </button>
            <button type="button" className="button-small" onClick={() => active.mutate({ params: { supplierId: s.supplierID }, body: { active: !s.isActive } })}>
              {s.isActive ? `Deactivate ${s.name}` : `Activate ${s.name}`}
            </button>
          </span>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <section className="panel screen" aria-labelledby="suppliers-title">
      <header className="screen-head">
        <h1 id="suppliers-title">Suppliers</h1>
        {canEdit && (
          <button type="button" onClick={() => open('new')}>
            New supplier
          </button>
        )}
      </header>
      <PurchasingTabs current="suppliers" />
      {list.data && !canEdit && (
        <p className="banner" role="note">
          Read-only here. {list.data.readOnlyReason}
        </p>
      )}
      {list.isError && <ErrorBanner banner={bannerFor(list.error, 'list suppliers')} />}
      {saved && <p role="status">{saved}</p>}
      {editing && (
        <form
          className="form-grid"
          aria-label={editing === 'new' ? 'New supplier' : `Edit ${editing.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <fieldset className="form-section">
          <legend className="visually-hidden">Supplier</legend>
          {(Object.keys(LABELS) as (keyof Form)[]).map((k) => (
            <div className={k === 'address' || k === 'name' ? 'field span-4' : 'field span-3'} key={k}>
              <label htmlFor={`sup-${k}`}>{LABELS[k]}</label>
              <input id={`sup-${k}`} value={form[k]} onChange={(e) => setForm({ ...form, [k]: e.target.value })} />
            </div>
          ))}
          </fieldset>
          <ErrorBanner banner={failed ? bannerFor(failed, 'save the supplier') : null} />
          <div className="actions">
            <button type="submit" disabled={create.isPending || update.isPending}>
              Save supplier
            </button>
            <button type="button" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <DataTable listId="suppliers" label="Suppliers" columns={columns} rows={list.data?.suppliers ?? []} rowKey={(s) => s.supplierID} empty={list.isSuccess ? 'No suppliers yet.' : undefined} />
    </section>
  );
}
