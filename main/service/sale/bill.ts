/**
 * Prices lines for a bill on a day: each item's GST rate from its HSN on that day
 * (store/gst-rate.ts), then shared/domain/gst.ts. Used by the cart (preview) and SaveSale
 * (stored figures), so both always agree.
 */
import { gstLine, type GstLine } from '../../../shared/domain/gst.js';
import type { Db } from '../db/database.js';
import { gstRates } from '../store/gst-rate.js';

export interface PricedInput {
  qty: number;
  price: number;
  discount_bp: number | null;
  discount_amount: number | null;
  hsn_code: string | null;
  price_includes_tax: number;
}

export function priceLines<T extends PricedInput>(db: Db, lines: readonly T[], day: string, intraState: boolean): Array<T & { gst: GstLine }> {
  const rates = gstRates(db);
  return lines.map((l) => {
    const percent = rates.percentOn(l.hsn_code, day);
    const gst = gstLine(
      {
        qty: l.qty,
        unitPrice: l.price,
        discountAmount: l.discount_amount,
        discountBp: l.discount_bp,
        rateBp: percent === null ? null : Math.round(percent * 100),
        priceIncludesTax: l.price_includes_tax === 1,
      },
      intraState,
    );
    // Not { ...l, gst }: a field added after a spread costs V8 a new hidden class per call (eslint.config.js).
    return Object.assign({}, l, { gst });
  });
}
