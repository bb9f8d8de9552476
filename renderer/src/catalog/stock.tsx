/**
 * How an item's stock reads at the counter. The service sends null for made-to-order items
 * (lab-ground spectacle lenses), which are never "out of stock".
 */
import { api } from '../../../shared/endpoints/index.js';
import type { BranchStock } from '../../../shared/models/stock.js';
import { hrefFor } from '../core/router.js';
import { useEndpoint } from '../core/service.js';

export type StockLevel = { text: string; tone: 'ok' | 'low' | 'out' | 'made' };

/** At or below this, the counter should think twice before promising one from the shelf. */
const LOW_STOCK = 2;

export function stockLevel(stock: number | null): StockLevel {
  if (stock === null) return { text: 'Made to order', tone: 'made' };
  if (stock <= 0) return { text: stock < 0 ? `Oversold (${stock})` : 'Out of stock', tone: 'out' };
  return { text: `${stock} in stock`, tone: stock <= LOW_STOCK ? 'low' : 'ok' };
}

export function StockTag({ stock }: { stock: number | null }) {
  const level = stockLevel(stock);
  return <span className={`stock stock-${level.tone}`}>{level.text}</span>;
}

/**
 * Where else the item is: "Out of stock here · 2 at Adajan", read from every branch's sellable
 * stock (Stock/item-at-branches), so the counter can send the customer, or ask for a transfer.
 * Nothing for made-to-order items.
 */
export function elsewhereText(branches: readonly BranchStock[]): string | null {
  const here = branches.find((b) => b.here);
  if (!here || here.sellable === null) return null;
  const others = branches.filter((b) => !b.here && (b.sellable ?? 0) > 0).map((b) => `${b.sellable} at ${b.branchName}`);
  const hereText = here.sellable > 0 ? `${here.sellable} here` : 'Out of stock here';
  if (branches.length === 1) return hereText;
  return [hereText, ...(others.length ? others : ['none at the other branches'])].join(' · ');
}

export function StockElsewhere({ itemId }: { itemId: string }) {
  const answer = useEndpoint(api.Stock.itemAtBranches, { query: { itemId } });
  const text = answer.data ? elsewhereText(answer.data.branches) : null;
  if (!text) return null;
  return (
    <span className="stock-elsewhere">
      {' · '}
      {text} ·{' '}
      <a href={hrefFor({ name: 'stock', itemId })}>Every branch</a>
    </span>
  );
}
