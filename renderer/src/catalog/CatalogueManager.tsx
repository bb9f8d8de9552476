/**
 * Head office's side of the catalogue, under the item list: models found with their variants, a
 * model added with its colours × sizes in one form, prices changed from a day, an item's price
 * history, an item taken off sale. On a branch's PC (or for a role that does not edit) only the
 * list shows, with the sentence that says why.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import type { CatalogueItem, ModelGroup } from '../../../shared/models/catalogue.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { formatRupees } from '../ui/money.js';
import { storeDate } from '../../../shared/domain/calendar.js';

const storeDateOf = (value: string) => storeDate(value) ?? value;
import { variantGrid, type VariantDraft } from './variants.js';
import { itemByCode } from './items.js';

export function CatalogueManager() {
  const access = useEndpoint(api.Catalogue.access, undefined);
  const canEdit = access.data?.canEdit === true;
  const [text, setText] = useState('');
  const [inactive, setInactive] = useState(false);
  const term = useDebouncedValue(text.trim(), 250);
  const found = useEndpoint(api.Catalogue.find, { body: { searchTerm: term || null, includeInactive: inactive, pageSize: 20 } }, { placeholderData: keepPreviousData });

  return (
    <section className="catalogue-manager" aria-labelledby="catalogue-models-title">
      <h2 id="catalogue-models-title">Models and variants</h2>
      {access.data?.message && (
        <p className="banner banner-info" role="note">
          {access.data.message}
        </p>
      )}
      {canEdit && <AddModel />}
      {canEdit && <ChangePrices />}
      <div className="catalog-filters" role="group" aria-label="Find models">
        <div className="field">
          <label htmlFor="catalogue-find">Find a model</label>
          <input id="catalogue-find" type="search" autoComplete="off" placeholder="brand, model, colour, code or barcode" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <label className="check">
          <input type="checkbox" checked={inactive} onChange={(e) => setInactive(e.target.checked)} /> Show items off sale
        </label>
      </div>
      {found.isError && <ErrorBanner banner={bannerFor(found.error, 'find models')} />}
      {(found.data?.data ?? []).map((g) => (
        <ModelCard key={g.key} group={g} canEdit={canEdit} />
      ))}
      {found.isSuccess && found.data.data.length === 0 && <p className="muted">No model matches.</p>}
    </section>
  );
}

function ModelCard({ group, canEdit }: { group: ModelGroup; canEdit: boolean }) {
  const title = [group.brand, group.model ?? group.variants[0]?.name].filter(Boolean).join(' ');
  const [history, setHistory] = useState<string | null>(null);
  const [editing, setEditing] = useState<CatalogueItem | null>(null);
  return (
    <section className="panel model-card" aria-label={`Model ${title}`}>
      <h3>
        {title} <span className="muted">· {group.itemType} · {group.variants.length === 1 ? '1 variant' : `${group.variants.length} variants`}</span>
      </h3>
      <table className="data-table">
        <thead>
          <tr>
            <th>Code</th>
            <th>Colour</th>
            <th>Size</th>
            <th>Barcode</th>
            <th className="num">Price</th>
            <th className="num">MRP</th>
            <th>On sale</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {group.variants.map((v) => (
            <tr key={v.itemID}>
              <td className="mono">{v.code}</td>
              <td>{v.colour ?? '—'}</td>
              <td>{v.size ?? '—'}</td>
              <td className="mono">
                {v.barcode ?? '—'}
                {v.storeBarcode && <span className="muted"> (store’s)</span>}
              </td>
              <td className="num money">
                {formatRupees(v.salePrice)}
                {v.nextPrice && <span className="muted"> → {formatRupees(v.nextPrice.price)} from {storeDateOf(v.nextPrice.effectiveFrom)}</span>}
              </td>
              <td className="num money muted">{formatRupees(v.mrp)}</td>
              <td>{v.isActive ? 'Yes' : 'Off sale'}</td>
              <td>
                <button type="button" className="button button-secondary" onClick={() => setHistory(history === v.itemID ? null : v.itemID)}>
                  Price history <span className="visually-hidden">of {v.code}</span>
                </button>
                {canEdit && (
                  <button type="button" className="button button-secondary" onClick={() => setEditing(v)}>
                    Edit <span className="visually-hidden">{v.code}</span>
                  </button>
                )}
                {canEdit && <ActiveToggle item={v} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {history && <PriceHistory itemID={history} />}
      {editing && <EditItem key={editing.itemID} item={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

/** The fields a type needs beyond the common ones, as the form labels them (the service's words). */
const LENS_FIELDS = [
  ['lensIndex', 'Lens index'], ['coating', 'Coating'], ['powerFrom', 'SPH from'], ['powerTo', 'SPH to'], ['cylTo', 'CYL to'], ['addFrom', 'ADD from'], ['addTo', 'ADD to'],
] as const;
const CONTACT_FIELDS = [['power', 'Power'], ['baseCurve', 'Base curve (BC)'], ['diameter', 'Diameter (DIA)'], ['packSize', 'Pack size']] as const;
type ExtraKey = (typeof LENS_FIELDS)[number][0] | (typeof CONTACT_FIELDS)[number][0];

function extrasOf(typeName: string | undefined): ReadonlyArray<readonly [ExtraKey, string]> {
  if (typeName === 'Spectacle Lens') return LENS_FIELDS;
  if (typeName === 'Contact Lens') return CONTACT_FIELDS;
  return [];
}

/** Inputs for a type's own fields, and the batch flag of contact lenses. */
function TypeFields({ prefix, typeName, values, onChange }: { prefix: string; typeName: string | undefined; values: Record<string, string>; onChange: (key: string, value: string) => void }) {
  return (
    <>
      {extrasOf(typeName).map(([key, label]) => (
        <div className="field" key={key}>
          <label htmlFor={`${prefix}-${key}`}>{label}</label>
          <input id={`${prefix}-${key}`} value={values[key] ?? ''} onChange={(e) => onChange(key, e.target.value)} />
        </div>
      ))}
      {typeName === 'Contact Lens' && (
        <label className="check">
          <input type="checkbox" checked={values.batchTracked !== 'no'} onChange={(e) => onChange('batchTracked', e.target.checked ? 'yes' : 'no')} /> Tracked by batch and expiry
        </label>
      )}
    </>
  );
}

const extraBody = (typeName: string | undefined, values: Record<string, string>) =>
  Object.fromEntries([...extrasOf(typeName).map(([k]) => [k, values[k]?.trim() || null]), ...(typeName === 'Contact Lens' ? [['batchTracked', values.batchTracked !== 'no']] : [])]);

/** Every field of one item, as head office corrects it; a new price takes effect today and goes into the history. */
function EditItem({ item, onClose }: { item: CatalogueItem; onClose: () => void }) {
  const invalidate = useInvalidate();
  const text = (v: string | number | null) => (v === null ? '' : String(v));
  const [f, setF] = useState<Record<string, string>>({
    code: item.code, name: item.name, brand: text(item.brand), model: text(item.model), colour: text(item.colour), size: text(item.size),
    category: text(item.category), barcode: text(item.barcode), hsnCode: text(item.hsnCode), mrp: text(item.mrp), salePrice: text(item.salePrice),
    cost: text(item.cost), reorderLevel: text(item.reorderLevel), lensIndex: text(item.lensIndex), coating: text(item.coating),
    powerFrom: text(item.powerFrom), powerTo: text(item.powerTo), cylTo: text(item.cylTo), addFrom: text(item.addFrom), addTo: text(item.addTo),
    power: text(item.power), baseCurve: text(item.baseCurve), diameter: text(item.diameter), packSize: text(item.packSize), batchTracked: item.batchTracked ? 'yes' : 'no',
  });
  const save = useEndpointMutation(api.Catalogue.update, {
    onSuccess: async () => {
      await invalidate(api.Catalogue.find);
      onClose();
    },
  });
  const input = (k: string, label: string) => (
    <div className="field" key={k}>
      <label htmlFor={`ed-${k}`}>{label}</label>
      <input id={`ed-${k}`} value={f[k] ?? ''} onChange={(e) => setF({ ...f, [k]: e.target.value })} />
    </div>
  );
  const common = [['code', 'Item code'], ['name', 'Name'], ['brand', 'Brand'], ['model', 'Model'], ['colour', 'Colour'], ['size', 'Size'], ['category', 'Category'],
    ['barcode', 'Barcode'], ['hsnCode', 'HSN code'], ['mrp', 'MRP (₹)'], ['salePrice', 'Selling price (₹)'], ['cost', 'Cost (₹)'], ['reorderLevel', 'Reorder level']] as const;
  return (
    <form
      className="panel form-grid"
      aria-label={`Edit ${item.code}`}
      onSubmit={(e) => {
        e.preventDefault();
        const body = Object.fromEntries(common.map(([k]) => [k, f[k]?.trim() || null]));
        save.mutate({ body: { ...body, ...extraBody(item.itemType, f), itemID: item.itemID, itemTypeID: item.itemTypeID, subCategory: item.subCategory, priceIncludesTax: item.priceIncludesTax, madeToOrder: item.madeToOrder } });
      }}
    >
      <h3>Edit {item.code}</h3>
      {common.map(([k, label]) => input(k, label))}
      <TypeFields prefix="ed" typeName={item.itemType} values={f} onChange={(k, v) => setF({ ...f, [k]: v })} />
      {save.isError && <ErrorBanner banner={bannerFor(save.error, 'save the item')} />}
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          Save item
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ActiveToggle({ item }: { item: CatalogueItem }) {
  const invalidate = useInvalidate();
  const toggle = useEndpointMutation(api.Catalogue.setActive, { onSuccess: () => invalidate(api.Catalogue.find) });
  return (
    <button type="button" className="button button-secondary" disabled={toggle.isPending} onClick={() => toggle.mutate({ body: { itemID: item.itemID, isActive: !item.isActive } })}>
      {item.isActive ? 'Take off sale' : 'Put back on sale'} <span className="visually-hidden">{item.code}</span>
    </button>
  );
}

function PriceHistory({ itemID }: { itemID: string }) {
  const history = useEndpoint(api.Catalogue.priceHistory, { params: { itemID } });
  if (history.isError) return <ErrorBanner banner={bannerFor(history.error, 'read the price history')} />;
  const rows = history.data?.rows ?? [];
  return (
    <table className="data-table" aria-label={`Price history of ${history.data?.item.code ?? ''}`}>
      <thead>
        <tr>
          <th>From</th>
          <th className="num">Old</th>
          <th className="num">New</th>
          <th>Why</th>
          <th>By</th>
          <th>When</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={6} className="muted">
              No price change yet.
            </td>
          </tr>
        )}
        {rows.map((r, i) => (
          <tr key={i}>
            <td>
              {storeDateOf(r.effectiveFrom)}
              {r.pending && <span className="muted"> (not yet)</span>}
            </td>
            <td className="num money">{formatRupees(r.oldPrice)}</td>
            <td className="num money">{formatRupees(r.newPrice)}</td>
            <td>{r.reason}</td>
            <td>{r.changedBy ?? '—'}</td>
            <td>{storeDateOf(r.changedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const today = () => new Date().toLocaleDateString('en-CA');

function AddModel() {
  const invalidate = useInvalidate();
  const types = useEndpoint(api.Common.itemTypes, undefined);
  const [open, setOpen] = useState(false);
  const [f, setF] = useState({ itemTypeID: '', brand: '', model: '', category: '', hsnCode: '', mrp: '', salePrice: '', cost: '', reorderLevel: '', colours: '', sizes: '' });
  const [variants, setVariants] = useState<VariantDraft[]>([]);
  const [extra, setExtra] = useState<Record<string, string>>({});
  const typeName = (types.data ?? []).find((t) => t.value === f.itemTypeID)?.name;
  const [said, setSaid] = useState('');
  const create = useEndpointMutation(api.Catalogue.createModel, {
    onSuccess: async (answer) => {
      setSaid(answer.message);
      setVariants([]);
      await Promise.all([invalidate(api.Catalogue.find), invalidate(api.Catalogue.brands)]);
    },
  });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const input = (k: keyof typeof f, label: string, hint?: string) => (
    <div className="field">
      <label htmlFor={`am-${k}`}>{label}</label>
      <input id={`am-${k}`} value={f[k]} onChange={set(k)} placeholder={hint} />
    </div>
  );
  if (!open) {
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Add a model
      </button>
    );
  }
  return (
    <form
      className="panel form-grid"
      aria-label="Add a model"
      onSubmit={(e) => {
        e.preventDefault();
        setSaid('');
        create.mutate({
          body: {
            itemTypeID: f.itemTypeID, brand: f.brand, model: f.model, category: f.category || null, hsnCode: f.hsnCode || null,
            mrp: f.mrp, salePrice: f.salePrice, cost: f.cost || null, reorderLevel: f.reorderLevel || null, ...extraBody(typeName, extra),
            variants: variants.map((v) => ({ colour: v.colour || null, size: v.size || null, code: v.code, barcode: v.barcode || null })),
          },
        });
      }}
    >
      <h3>Add a model</h3>
      <div className="field">
        <label htmlFor="am-type">Item type</label>
        <select id="am-type" value={f.itemTypeID} onChange={set('itemTypeID')}>
          <option value="">Pick a type</option>
          {(types.data ?? []).map((t) => (
            <option key={t.value} value={t.value}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      {input('brand', 'Brand')}
      {input('model', 'Model')}
      {input('category', 'Category', 'e.g. Full Rim')}
      {input('hsnCode', 'HSN code', 'e.g. 9003')}
      {input('mrp', 'MRP (₹)')}
      {input('salePrice', 'Selling price (₹)')}
      {input('cost', 'Cost (₹)')}
      {input('reorderLevel', 'Reorder level')}
      {input('colours', 'Colours', 'comma between, e.g. Black, Tortoise')}
      {input('sizes', 'Sizes', 'comma between, e.g. 52, 54')}
      <TypeFields prefix="am" typeName={typeName} values={extra} onChange={(k, v) => setExtra({ ...extra, [k]: v })} />
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={() => setVariants(variantGrid(f.model, f.colours, f.sizes))}>
          Make variants
        </button>
      </div>
      {variants.length > 0 && (
        <table className="data-table" aria-label="Variants">
          <thead>
            <tr>
              <th>Colour</th>
              <th>Size</th>
              <th>Item code</th>
              <th>Supplier’s barcode (EAN-13; empty: the store issues one)</th>
            </tr>
          </thead>
          <tbody>
            {variants.map((v, i) => (
              <tr key={i}>
                <td>{v.colour || '—'}</td>
                <td>{v.size || '—'}</td>
                <td>
                  <input aria-label={`Item code of variant ${i + 1}`} value={v.code} onChange={(e) => setVariants(variants.map((x, j) => (j === i ? { ...x, code: e.target.value } : x)))} />
                </td>
                <td>
                  <input aria-label={`Barcode of variant ${i + 1}`} inputMode="numeric" value={v.barcode} onChange={(e) => setVariants(variants.map((x, j) => (j === i ? { ...x, barcode: e.target.value } : x)))} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {create.isError && <ErrorBanner banner={bannerFor(create.error, 'add the model')} />}
      {said && !create.isError && (
        <p className="banner banner-info" role="status">
          {said}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={create.isPending || variants.length === 0}>
          Save model
        </button>
        <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </form>
  );
}

function ChangePrices() {
  const invalidate = useInvalidate();
  const brands = useEndpoint(api.Catalogue.brands, undefined);
  const [open, setOpen] = useState(false);
  const [what, setWhat] = useState<'brand' | 'item'>('brand');
  const [brand, setBrand] = useState('');
  const [code, setCode] = useState('');
  const [looking, setLooking] = useState<string | null>(null);
  const [mode, setMode] = useState<'percent' | 'fixed'>('percent');
  const [value, setValue] = useState('');
  const [from, setFrom] = useState(today());
  const [said, setSaid] = useState('');
  const change = useEndpointMutation(api.Catalogue.changePrices, {
    onSuccess: async (answer) => {
      setSaid(answer.message);
      await invalidate(api.Catalogue.find);
    },
  });
  if (!open) {
    return (
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        Change prices
      </button>
    );
  }
  return (
    <form
      className="panel form-grid"
      aria-label="Change prices"
      onSubmit={(e) => {
        e.preventDefault();
        setSaid('');
        setLooking(null);
        const body = { mode, value: Number(value), effectiveFrom: from };
        if (what === 'brand') {
          change.mutate({ body: { ...body, brand } });
          return;
        }
        // One item, by its code or barcode as the counter finds it.
        itemByCode(code.trim()).then(
          (item) => change.mutate({ body: { ...body, itemIDs: [item.id] } }),
          () => setLooking(`No item on sale has the code or barcode “${code.trim()}”.`),
        );
      }}
    >
      <h3>Change prices</h3>
      <div className="field">
        <label htmlFor="cp-what">For</label>
        <select id="cp-what" value={what} onChange={(e) => setWhat(e.target.value as 'brand' | 'item')}>
          <option value="brand">Every item of a brand</option>
          <option value="item">One item</option>
        </select>
      </div>
      {what === 'item' ? (
        <div className="field">
          <label htmlFor="cp-code">Item code or barcode</label>
          <input id="cp-code" value={code} onChange={(e) => setCode(e.target.value)} />
        </div>
      ) : (
        <div className="field">
          <label htmlFor="cp-brand">Brand</label>
          <select id="cp-brand" value={brand} onChange={(e) => setBrand(e.target.value)}>
            <option value="">Pick a brand</option>
            {(brands.data ?? []).map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="cp-mode">Change</label>
        <select id="cp-mode" value={mode} onChange={(e) => setMode(e.target.value as 'percent' | 'fixed')}>
          <option value="percent">By a percent (+ or −), rounded to the rupee</option>
          <option value="fixed">To a price</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="cp-value">{mode === 'percent' ? 'Percent' : 'New price (₹)'}</label>
        <input id="cp-value" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="cp-from">From (today or later)</label>
        <input id="cp-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </div>
      {change.isError && <ErrorBanner banner={bannerFor(change.error, 'change the prices')} />}
      {looking && (
        <p className="banner banner-error" role="alert">
          {looking}
        </p>
      )}
      {said && !change.isError && (
        <p className="banner banner-info" role="status">
          {said}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={change.isPending || value.trim() === ''}>
          Change prices
        </button>
        <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </form>
  );
}
