import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { referenceDropdown } from '../../catalog/reference-dropdown.js';

export const receiptTypes = implement(api.QuickSale.receiptTypes, (_input, ctx) => referenceDropdown(ctx, 'paymentKind'));
