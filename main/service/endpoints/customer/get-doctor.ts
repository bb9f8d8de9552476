import { api } from '../../../../shared/endpoints/index.js';
import { notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { doctors } from '../../store/doctor.js';

export const getDoctor = implement(api.Customer.getDoctor, ({ params }, ctx) => {
  const d = doctors(ctx.db).byId(ctx.user.companyId, ctx.decode('doctor', params.id, 'id'));
  if (!d) throw notFound('No such doctor');
  return {
    id: ctx.enc.encode('doctor', d.id),
    name: d.name,
    mobile: d.mobile,
    email: d.email,
    address: d.address,
    city: d.city,
    stateID: ctx.enc.encodeNullable('state', d.state_id),
    countryID: ctx.enc.encodeNullable('country', d.country_id),
    zipCode: d.zip_code,
    remarks: d.remarks,
    isActive: d.is_active === 1,
  };
});
