/** How a stock-take's status and scope read on its screens. */
import type { StockTakeSummary } from '../../../shared/models/stock-take.js';

export const STATUS_WORDS: Record<StockTakeSummary['status'], string> = { counting: 'Counting', approved: 'Approved', cancelled: 'Cancelled' };

export const SCOPE_WORDS: Record<StockTakeSummary['scope'], string> = { category: 'Category', brand: 'Brand', shelf: 'Shelf' };
