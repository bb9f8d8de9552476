import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { referenceDropdown } from '../../catalog/reference-dropdown.js';

export const getGenders = implement(api.QuickSale.getGenders, (_input, ctx) => referenceDropdown(ctx, 'gender'));
