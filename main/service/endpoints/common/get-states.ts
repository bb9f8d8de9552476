import { api } from '../../../../shared/endpoints/index.js';
import { notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { countries } from '../../store/country.js';
import { states } from '../../store/state.js';

export const getStates = implement(api.Common.states, ({ params }, ctx) => {
  const countryId = ctx.decode('country', params.countryId, 'countryId');
  if (!countries(ctx.db).byId(countryId)) throw notFound('No such country');
  return states(ctx.db)
    .ofCountry(countryId)
    .map((s) => ({ stateID: ctx.enc.encode('state', s.id), stateName: s.name, gstStateCode: s.gst_state_code }));
});
