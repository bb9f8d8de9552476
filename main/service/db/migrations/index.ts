/** Append only: a released migration is never edited, a new one is added at the end. */
import { foundation } from './001-foundation.js';
import { customers } from './002-customers.js';
import { keratometry } from './003-keratometry.js';
import { catalog } from './004-catalog.js';
import { counter } from './005-counter.js';
import { insuranceClaims } from './006-insurance-claims.js';
import { saleKey } from './007-sale-key.js';
import { deliveryPromise } from './008-delivery-promise.js';
import { placeOfSupply } from './009-place-of-supply.js';
import { jobChargesTax } from './010-job-charges-tax.js';
import { priceApprovals } from './011-price-approvals.js';
import { lensAddRange } from './012-lens-add-range.js';
import { cartTill } from './013-cart-till.js';
import { orderFigures } from './014-order-figures.js';
import { journal } from './015-journal.js';
import { userAdmin } from './016-user-admin.js';
import { syncableData } from './017-syncable-data.js';
import { sync } from './018-sync.js';
import { tillSessions } from './019-till-sessions.js';
import { optometristDay } from './020-optometrist-day.js';
import { wordSearch } from './022-word-search.js';
import { wordStarts } from './025-word-starts.js';
import { foreignKeyIndexes } from './026-foreign-key-indexes.js';
import { tillWindowIndexes } from './027-till-window-indexes.js';
import { stockDocuments } from './028-stock-documents.js';
import { catalogue } from './029-catalogue.js';
import { purchasing } from './030-purchasing.js';
import { reorderLevel } from './031-reorder-level.js';
import { transfers } from './032-transfers.js';
import { stockTake } from './033-stock-take.js';
import { returns } from './035-returns.js';
import { dailyTotals } from './038-daily-totals.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';

export const migrations: readonly Migration[] = [foundation, customers, keratometry, catalog, counter, insuranceClaims, saleKey, deliveryPromise, placeOfSupply, jobChargesTax, priceApprovals, lensAddRange, cartTill, orderFigures, journal, userAdmin, syncableData, sync, tillSessions, optometristDay, wordSearch, wordStarts, foreignKeyIndexes, tillWindowIndexes, stockDocuments, catalogue, purchasing, reorderLevel, transfers, stockTake, returns, dailyTotals];
