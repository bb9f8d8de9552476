import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { countries } from '../../store/country.js';

export const getCountries = implement(api.Common.countries, (_input, ctx) =>
  countries(ctx.db)
    .all()
    .map((c) => ({ countryID: ctx.enc.encode('country', c.id), countryName: c.name, isoCode: c.iso_code })),
);
