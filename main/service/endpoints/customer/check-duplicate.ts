import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { customers, type DuplicateProbe } from '../../store/customer.js';
import { listItem } from '../../customer/customer-view.js';
import { calendarDate } from '../../input/dates.js';
import { digitsOf, masksMobiles } from '../../customer/mobile.js';

/**
 * Before a new customer is saved: anyone in the company (any branch) with the same mobile, the
 * same e-mail, or the same first name, last name and birth date. Families share a mobile, so
 * this warns rather than forbids. With customerID (editing), that customer is left out.
 */
export const checkDuplicate = implement(api.Customer.checkDuplicate, ({ body }, ctx) => {
  const trimmed = (s: string | null | undefined) => s?.trim() || undefined;
  const excludeId = trimmed(body.customerID) ? ctx.decode('customer', body.customerID!.trim(), 'customerID') : undefined;
  const probe: DuplicateProbe = { companyId: ctx.user.companyId };
  const mobileDigits = digitsOf(body.mobile);
  const email = trimmed(body.email);
  const firstName = trimmed(body.firstName);
  const lastName = trimmed(body.lastName);
  const birthDate = calendarDate(body.birthDate, 'birthDate');
  if (excludeId !== undefined) probe.excludeId = excludeId;
  if (mobileDigits) probe.mobileDigits = mobileDigits;
  if (email) probe.email = email;
  if (firstName) probe.firstName = firstName;
  if (lastName) probe.lastName = lastName;
  if (birthDate) probe.birthDate = birthDate;
  const rows = customers(ctx.db).duplicates(probe);
  const mask = masksMobiles(ctx);
  return rows.map((r) => listItem(ctx, mask, r));
});
