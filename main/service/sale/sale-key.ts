/**
 * SaveSale's idempotency: the cart's session id is the key, and the request it was first used
 * with is kept as a SHA-256 of the body in canonical form. Only the same request again gets the
 * first answer; the same key with another body, or with lines added to its cart after the sale,
 * is a 409 that names the order, never the old answer (which would leave the new goods unbilled).
 */
import { createHash } from 'node:crypto';
import type { SaveSaleResult } from '../../../shared/models/sale.js';
import type { RequestContext } from '../context.js';
import { conflict } from '../errors.js';
import { carts } from '../store/cart.js';
import { receipts } from '../store/receipt.js';
import { salesOrders } from '../store/sales-order.js';

/** JSON with object keys sorted and undefined left out, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonical(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

/**
 * The answer SaveSale gave for this key, when it was used before with the same request; undefined
 * when the key is new. Runs inside SaveSale's transaction, so a racing retry sees the first order.
 */
export function earlierAnswer(ctx: RequestContext, sessionId: string, hash: string): SaveSaleResult | undefined {
  const order = salesOrders(ctx.db).bySession(ctx.user.companyId, sessionId);
  if (!order) return undefined;
  // Orders saved before the hash was kept (migration 007) have none: they answer retries as before.
  if (order.request_hash !== null && order.request_hash !== hash) {
    throw conflict(`This sale was already saved as order ${order.order_no} with other details: start a new sale. Nothing was saved.`, 'SALE_KEY_REUSED');
  }
  if (carts(ctx.db).lines(sessionId).length > 0) {
    throw conflict(`Items were added to this cart after it was saved as order ${order.order_no}: start a new sale for them. Nothing was saved.`, 'SALE_CART_ALREADY_SAVED');
  }
  const receipt = receipts(ctx.db).firstOfOrder(order.id);
  return {
    salesOrderID: ctx.enc.encode('salesOrder', order.id),
    salesOrderNo: order.order_no,
    receiptID: receipt ? ctx.enc.encode('receipt', receipt.id) : null,
    receiptNo: receipt?.receipt_no ?? null,
    message: 'This sale was already saved',
  };
}
