import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { changeCartLine } from '../../sale/cart.js';

/** QuickSale/UpdateSalesOrderTempValues: sale/cart.ts changes the line. */
export const updateSalesOrderTempValues = implement(api.QuickSale.updateSalesOrderTempValues, ({ body }, ctx) => changeCartLine(ctx, body));
