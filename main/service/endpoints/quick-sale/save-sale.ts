import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { bookSale } from '../../sale/book-sale.js';

/** SaveSale: the sale is booked by sale/book-sale.ts in one immediate transaction. */
export const saveSale = implement(api.QuickSale.saveSale, ({ body }, ctx) => bookSale(ctx, body));
