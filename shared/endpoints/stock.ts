/**
 * Seeing stock (declared extensions): the spec answers an item's stock in the signed-in branch
 * only (QuickSale/getExactItemStock) and has no ledger, valuation or reorder report.
 */
import { endpoint } from '../contract/endpoint.js';
import { ANY_ROLE, MANAGERS } from '../contract/roles.js';
import { ItemAtBranches, ItemStockQuery, LedgerQuery, LowStock, LowStockQuery, StockLedger, StockValue, StockValueQuery } from '../models/stock.js';

const group = 'Stock';

const SEEING_STOCK =
  'A chain sells from the stock of every branch: the counter tells a customer where an item is, and the manager needs every movement of an item with its document, the stock at cost on a date and what to reorder. The spec has the signed-in branch’s figure only.';

export const Stock = {
  itemAtBranches: endpoint({
    group,
    name: 'Stock.itemAtBranches',
    method: 'GET',
    path: '/api/stock/item-at-branches',
    summary: 'An item’s stock at every branch of the company, the signed-in one first: sellable today, on hand, and each batch with its expiry.',
    query: ItemStockQuery,
    response: ItemAtBranches,
    auth: ANY_ROLE,
    errors: [404],
    extension: SEEING_STOCK,
    note: 'Sellable leaves out batches past their expiry date, as the counter does; both figures are null for made-to-order items. Goods in transit between branches are not counted yet.',
  }),
  ledger: endpoint({
    group,
    name: 'Stock.ledger',
    method: 'GET',
    path: '/api/stock/ledger',
    summary: 'An item’s stock ledger at a branch: every movement with its document, user, time, quantity and the running balance, a page at a time, newest or oldest first.',
    query: LedgerQuery,
    response: StockLedger,
    auth: MANAGERS,
    errors: [403, 404],
    extension: SEEING_STOCK,
    note: 'pageSize 1 to 500 (default 50); pass the answer’s next as after for the following page. Another branch than the signed-in one is for an admin, or a manager who works there too (403 otherwise).',
  }),
  valueAtCost: endpoint({
    group,
    name: 'Stock.valueAtCost',
    method: 'GET',
    path: '/api/stock/value-at-cost',
    summary: 'A branch’s stock at cost at the end of a day: each item’s quantity then, times the weighted average cost of its receipts up to then (else the item’s cost).',
    query: StockValueQuery,
    response: StockValue,
    auth: MANAGERS,
    errors: [403, 404],
    extension: SEEING_STOCK,
  }),
  lowStock: endpoint({
    group,
    name: 'Stock.lowStock',
    method: 'GET',
    path: '/api/stock/low-stock',
    summary: 'Items whose sellable stock at the branch is at or below their reorder level, with the quantity to order.',
    query: LowStockQuery,
    response: LowStock,
    auth: MANAGERS,
    errors: [403, 404],
    extension: SEEING_STOCK,
  }),
};
