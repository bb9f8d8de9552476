/** Saving a doctor (Customer/saveDoctor): checked, then one immediate transaction. */
import type { EncryptedDoctorSaveModel } from '../../../shared/models/doctor.js';
import type { RequestContext } from '../context.js';
import { EMAIL_MAX, EMAIL_PATTERN } from '../../../shared/models/customer.js';
import { invalid, notFound } from '../errors.js';
import { countries } from '../store/country.js';
import { doctors, type DoctorFields } from '../store/doctor.js';
import { states } from '../store/state.js';
import { digitsOf } from './mobile.js';
import { optionalText } from '../input/text.js';
import { extend } from '../../../shared/extend.js';

/**
 * Creates without `id`, updates with one. A doctor's number is often a clinic landline
 * ("079-2640 1234"), so it is checked for phone characters, not the customer mobile pattern.
 */
export function saveDoctor(ctx: RequestContext, body: EncryptedDoctorSaveModel) {
  const errors: Record<string, string[]> = {};
  const clean = (v: string | null | undefined, field: string, max: number): string | null => {
    const t = optionalText(v);
    if (t !== null && t.length > max) errors[field] = [`At most ${max} characters`];
    return t;
  };
  const mobile = clean(body.mobile, 'mobile', 20);
  if (mobile !== null && (!/^[0-9+()\-. ]+$/.test(mobile) || (digitsOf(mobile)?.length ?? 0) < 6)) {
    errors.mobile = ['A phone number has at least 6 digits, and spaces and + ( ) - only'];
  }
  const email = clean(body.email, 'email', EMAIL_MAX);
  if (email !== null && !EMAIL_PATTERN.test(email)) errors.email = ['Enter a valid e-mail address'];
  const zip = clean(body.zipCode, 'zipCode', 10);
  const stateId = body.stateID?.trim() ? ctx.decode('state', body.stateID.trim(), 'stateID') : null;
  if (stateId !== null && !states(ctx.db).byId(stateId)) errors.stateID = ['No such state'];
  const countryId = body.countryID?.trim() ? ctx.decode('country', body.countryID.trim(), 'countryID') : null;
  if (countryId !== null && !countries(ctx.db).byId(countryId)) errors.countryID = ['No such country'];
  const fields: DoctorFields = {
    name: clean(body.name, 'name', 200)!,
    mobile,
    mobile_digits: digitsOf(mobile),
    email,
    address: clean(body.address, 'address', 500),
    city: clean(body.city, 'city', 100),
    state_id: stateId,
    country_id: countryId,
    zip_code: zip,
    remarks: clean(body.remarks, 'remarks', 2000),
    is_active: body.isActive === false ? 0 : 1,
  };
  if (Object.keys(errors).length > 0) throw invalid('The doctor has errors', errors);
  const store = doctors(ctx.db);
  const by = { userId: ctx.user.id, at: ctx.now().toISOString() };
  return ctx.db
    .transaction(() => {
      const companyId = ctx.user.companyId;
      if (body.id?.trim()) {
        const id = ctx.decode('doctor', body.id.trim(), 'id');
        if (!store.byId(companyId, id)) throw notFound('No such doctor');
        store.update(extend(fields, { id, company_id: companyId }), by);
        return { message: 'Doctor updated', doctorID: ctx.enc.encode('doctor', id) };
      }
      const id = ctx.ids.next('doctor');
      store.insert(extend(fields, { id, company_id: companyId }), by);
      return { message: 'Doctor created', doctorID: ctx.enc.encode('doctor', id) };
    })
    .immediate();
}
