/**
 * The catalog: a price check (the counter's item search) above the item list by type, category
 * and sub-category with price and stock, paged by the service.
 */
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { hasRole } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import { hrefFor } from '../core/router.js';
import { endpointQuery, useEndpoint } from '../core/service.js';
import { useSession } from '../core/session.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { Pager } from '../ui/Pager.js';
import { DataTable, moneyColumn } from '../ui/DataTable.js';
import { useCatalogFilter } from './filter.js';
import { ItemSearch, type PickedItem } from './ItemSearch.js';
import { formatGstRate, formatRupees } from '../ui/money.js';
import { StockTag } from './stock.js';
import { Options } from '../ui/Options.js';
import { CatalogueManager } from './CatalogueManager.js';

const PAGE_SIZE = 10;
/** Type, category and sub-category names change only when master data is edited. */
const MASTER_DATA_STALE_MS = 10 * 60_000;

export function CatalogScreen() {
  const filter = useCatalogFilter();
  const [picked, setPicked] = useState<PickedItem | null>(null);
  const searchTerm = useDebouncedValue(filter.text.trim(), 250);

  const modules = (useSession((s) => s.session?.modules) ?? []).filter((m) => m.isActive);

  // Every type, for naming a row's type whatever module it belongs to.
  const itemTypes = useEndpoint(api.Common.itemTypes, undefined, { staleTime: MASTER_DATA_STALE_MS });
  // The picker offers the types of the company's active modules, grouped by module as the shop
  // thinks of them (Optical: frames, lenses...; Accessories: cases, cleaners...).
  const moduleTypes = useQueries({
    queries: modules.map((m) => ({
      ...endpointQuery(api.Common.itemTypesByModule, { body: { moduleID: String(m.moduleID) } }),
      staleTime: MASTER_DATA_STALE_MS,
    })),
  });
  const typeGroups = modules
    .map((m, i) => ({ module: m.moduleName, types: moduleTypes[i]?.data ?? [] }))
    .filter((g) => g.types.length > 0);
  const categories = useEndpoint(
    api.Common.categoriesByItemType,
    filter.itemTypeID !== '' ? { body: { itemTypeID: filter.itemTypeID } } : null,
    { staleTime: MASTER_DATA_STALE_MS },
  );
  const subCategories = useEndpoint(
    api.Common.subCategoriesByCategory,
    filter.categoryID !== '' ? { body: { categoryID: filter.categoryID } } : null,
    { staleTime: MASTER_DATA_STALE_MS },
  );

  const body = {
    itemTypeID: filter.itemTypeID || null,
    categoryID: filter.categoryID || null,
    subCategoryID: filter.subCategoryID || null,
    searchTerm: searchTerm || null,
    pageNumber: filter.page,
    pageSize: PAGE_SIZE,
  };
  const items = useEndpoint(api.Common.searchItems, { body }, { placeholderData: keepPreviousData });

  const typeName = new Map((itemTypes.data ?? []).map((t) => [t.value, t.name]));
  const categoryName = new Map((categories.data ?? []).map((c) => [c.id, c.name]));
  const subCategoryName = new Map((subCategories.data ?? []).map((s) => [s.id, s.name]));
  /* Without a type chosen the rows may be of any type, so the type says most; with one, its category. */
  const groupHeading = filter.itemTypeID ? 'Category' : 'Type';
  const groupOf = (row: { itemTypeID: string; categoryID: string | null; subCategoryID: string | null }) => {
    if (!filter.itemTypeID) return typeName.get(row.itemTypeID) ?? '—';
    const category = row.categoryID ? categoryName.get(row.categoryID) : undefined;
    const sub = row.subCategoryID ? subCategoryName.get(row.subCategoryID) : undefined;
    return [category, sub].filter(Boolean).join(' › ') || '—';
  };

  const rows = items.data?.data ?? [];
  const searching = filter.text.trim() !== searchTerm || items.isFetching;
  const failed = [itemTypes, categories, subCategories, items].find((q) => q.isError);

  return (
    <section className="panel screen" aria-labelledby="catalog-title">
      <header className="screen-head">
        <h1 id="catalog-title">Catalog</h1>
      </header>

      <div className="catalog-check">
        <ItemSearch label="Price check" onPick={setPicked} autoFocus />
        <PickedCard item={picked} typeName={picked?.itemTypeID ? typeName.get(picked.itemTypeID) : undefined} />
      </div>

      <div className="catalog-filters" role="group" aria-label="Filter the item list">
        <div className="field">
          <label htmlFor="catalog-type">Item type</label>
          <select id="catalog-type" value={filter.itemTypeID} onChange={(e) => filter.setItemType(e.target.value)}>
            <option value="">All types</option>
            {typeGroups.length > 0
              ? typeGroups.map((g) => (
                  <optgroup key={g.module} label={g.module}>
                    <Options of={g.types} />
                  </optgroup>
                ))
              : (itemTypes.data ?? []).map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.name}
                  </option>
                ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="catalog-category">Category</label>
          <select
            id="catalog-category"
            value={filter.categoryID}
            disabled={!filter.itemTypeID}
            onChange={(e) => filter.setCategory(e.target.value)}
          >
            <option value="">All categories</option>
            <Options of={categories.data} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="catalog-subcategory">Sub-category</label>
          <select
            id="catalog-subcategory"
            value={filter.subCategoryID}
            disabled={!filter.categoryID || (subCategories.isSuccess && subCategories.data.length === 0)}
            onChange={(e) => filter.setSubCategory(e.target.value)}
          >
            <option value="">
              {filter.categoryID && subCategories.data?.length === 0 ? 'None' : 'All sub-categories'}
            </option>
            <Options of={subCategories.data} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="catalog-search">Code, name, brand or model</label>
          <input
            id="catalog-search"
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder="any part, e.g. aviator ray"
            value={filter.text}
            onChange={(e) => filter.setText(e.target.value)}
          />
        </div>
      </div>

      {failed && <ErrorBanner banner={bannerFor(failed.error, 'load the catalog')} />}

      {/* Paged by the service: no column sorts one page as if it were all of them. */}
      <DataTable
        listId="catalog-items"
        label="Items"
        className="catalog-table"
        busy={searching}
        rows={rows}
        rowKey={(row) => row.id}
        empty={
          items.isPending
            ? 'Loading items…'
            : items.isSuccess
              ? searchTerm
                ? `No item matches “${searchTerm}” here.`
                : 'No items of this kind yet.'
              : undefined
        }
        columns={[
          { id: 'code', header: 'Code', className: 'mono catalog-code', cell: (row) => row.code },
          {
            id: 'item',
            header: 'Item',
            cell: (row) => (
              <>
                <span className="catalog-name">{row.name}</span>
                <span className="catalog-meta">{[row.brand, row.barcode].filter(Boolean).join(' · ')}</span>
              </>
            ),
            value: (row) => row.name,
          },
          { id: 'group', header: groupHeading, title: 'Group', className: 'catalog-group', cell: (row) => groupOf(row) },
          { id: 'gst', header: 'GST', className: 'num', cell: (row) => formatGstRate(row.gstRate) ?? '—' },
          { id: 'mrp', header: 'MRP', className: 'num money muted', cell: (row) => formatRupees(row.mrp) },
          moneyColumn<(typeof rows)[number]>('price', 'Price', (row) => row.price),
          { id: 'stock', header: 'Stock', cell: (row) => <StockTag stock={row.stock} />, value: (row) => String(row.stock ?? '') },
        ]}
      />

      {items.data && (
        <Pager label="Item pages" page={filter.page} pageSize={PAGE_SIZE} totalRows={items.data.totalRows} exact={items.data.totalExact} onPage={filter.setPage} />
      )}

      <CatalogueManager />
    </section>
  );
}

function PickedCard({ item, typeName }: { item: PickedItem | null; typeName: string | undefined }) {
  const role = useSession((s) => s.session?.userRole);
  if (!item) {
    return (
      <div className="picked-card picked-card-empty">
        <p className="muted">Scan a barcode or pick an item to see its price and stock here.</p>
      </div>
    );
  }
  const meta = [typeName, item.brand, item.code, item.barcode].filter(Boolean).join(' · ');
  const canPrintLabels = hasRole(role, api.Labels.sheet.auth);
  return (
    <section className="picked-card" aria-label="Picked item">
      <div className="picked-card-head">
        <h2>{item.name}</h2>
        <StockTag stock={item.stock} />
      </div>
      <p className="muted mono">{meta}</p>
      {canPrintLabels && (
        <a className="button button-secondary button-small" href={hrefFor({ name: 'labels', code: item.code })}>
          Labels
        </a>
      )}
      <dl className="picked-card-prices">
        <div>
          <dt>Price</dt>
          <dd className="money picked-card-price">{formatRupees(item.price)}</dd>
        </div>
        <div>
          <dt>MRP</dt>
          <dd className="money">{formatRupees(item.mrp)}</dd>
        </div>
      </dl>
    </section>
  );
}
