import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { referenceDropdown } from '../../catalog/reference-dropdown.js';

export const priorityDropdown = implement(api.QuickSale.priorityDropdown, (_input, ctx) => referenceDropdown(ctx, 'priority'));
