import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { addToCart } from '../../sale/cart.js';

/** QuickSale/SaveSalesOrderTemp: sale/cart.ts adds the line (opening a cart when none is given). */
export const saveSalesOrderTemp = implement(api.QuickSale.saveSalesOrderTemp, ({ body }, ctx) => addToCart(ctx, body));
