/**
 * Doctors are kept per company (a doctor refers patients to every branch). The customer filter
 * is reused as the spec does: firstName is a name prefix, mobile a digits prefix, isActive filters.
 */
import type { DoctorListItem } from '../../../shared/models/doctor.js';
import type { OMSearchCustomer } from '../../../shared/models/customer.js';
import type { RequestContext } from '../context.js';
import { orderClause } from '../input/paging.js';
import type { DoctorRow, DoctorSearch } from '../store/doctor.js';
import { digitsOf } from './mobile.js';
import { searchText } from '../input/text.js';
import { flagFilter } from './search-filter.js';

const DOCTOR_ORDER: Record<string, readonly string[]> = { name: ['name'], city: ['city', 'name'], mobile: ['mobile_digits'] };

export function doctorSearch(ctx: RequestContext, f: OMSearchCustomer): DoctorSearch {
  const s: DoctorSearch = { companyId: ctx.user.companyId, orderBy: orderClause(f.orderBy, DOCTOR_ORDER, 'name', 'id') };
  const name = searchText(f.firstName, 'firstName');
  if (name) s.name = name;
  const mobile = digitsOf(f.mobile);
  if (mobile) s.mobileDigits = mobile;
  const isActive = flagFilter(f.isActive, 'isActive');
  if (isActive !== undefined) s.isActive = isActive;
  return s;
}

export function doctorListItem(ctx: RequestContext, d: DoctorRow): DoctorListItem {
  return {
    doctorID: ctx.enc.encode('doctor', d.id),
    doctorName: d.name,
    mobile: d.mobile,
    email: d.email,
    city: d.city,
    isActive: String(d.is_active === 1),
  };
}
