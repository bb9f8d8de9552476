import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { removeFromCart } from '../../sale/cart.js';

/** QuickSale/DeleteSalesOrderTemp: sale/cart.ts removes the line or the lens pair. */
export const deleteSalesOrderTemp = implement(api.QuickSale.deleteSalesOrderTemp, ({ body }, ctx) => removeFromCart(ctx, body));
