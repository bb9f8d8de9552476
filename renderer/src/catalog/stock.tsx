/**
 * How an item's stock reads at the counter. The service sends null for made-to-order items
 * (lab-ground spectacle lenses), which are never "out of stock".
 */
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
