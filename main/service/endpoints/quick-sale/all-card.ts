import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { referenceDropdown } from '../../catalog/reference-dropdown.js';

export const allCard = implement(api.QuickSale.allCard, (_input, ctx) => referenceDropdown(ctx, 'cardType'));
