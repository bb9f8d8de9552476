/** What the purchasing screens share: their tabs, the supplier choice, a page's total from `hasMore`. */
import { api } from '../../../shared/endpoints/index.js';
import { hrefFor, type Route } from '../core/router.js';
import { useEndpoint } from '../core/service.js';

const TABS: { label: string; route: Route }[] = [
  { label: 'Purchase orders', route: { name: 'purchaseOrders' } },
  { label: 'Goods receipts', route: { name: 'goodsReceipts' } },
  { label: 'Returns to suppliers', route: { name: 'supplierReturns' } },
  { label: 'Suppliers', route: { name: 'suppliers' } },
];

export function PurchasingTabs({ current }: { current: Route['name'] }) {
  return (
    <nav className="actions" aria-label="Purchasing">
      {TABS.map((t) => (
        <a key={t.label} className="button" href={hrefFor(t.route)} aria-current={t.route.name === current ? 'page' : undefined}>
          {t.label}
        </a>
      ))}
    </nav>
  );
}

export function useSuppliers() {
  return useEndpoint(api.Purchasing.suppliers, {});
}

/** Active suppliers as a labelled select. */
export function SupplierSelect({ id, value, onChange, disabled, className }: { id: string; value: string; onChange: (id: string) => void; disabled?: boolean; className?: string }) {
  const suppliers = useSuppliers();
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>Supplier</label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a supplier</option>
        {suppliers.data?.suppliers
          .filter((s) => s.isActive)
          .map((s) => (
            <option key={s.supplierID} value={s.supplierID}>
              {s.name}
            </option>
          ))}
      </select>
    </div>
  );
}

/** A list's total for the pager from a page and whether more follow. */
export const pagedTotal = (page: number, pageSize: number, rows: number, hasMore: boolean | undefined) =>
  hasMore === undefined ? undefined : { rows: (page - 1) * pageSize + rows + (hasMore ? 1 : 0), exact: !hasMore };

/** A number typed in a line's box, or NaN (the service names the line). */
export const typedNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
