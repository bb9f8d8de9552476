import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { customers } from '../../store/customer.js';
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
  const rows = customers(ctx.db).duplicates({
    companyId: ctx.user.companyId,
    ...(excludeId === undefined ? {} : { excludeId }),
    ...(digitsOf(body.mobile) ? { mobileDigits: digitsOf(body.mobile)! } : {}),
    ...(trimmed(body.email) ? { email: trimmed(body.email)! } : {}),
    ...(trimmed(body.firstName) ? { firstName: trimmed(body.firstName)! } : {}),
    ...(trimmed(body.lastName) ? { lastName: trimmed(body.lastName)! } : {}),
    ...(calendarDate(body.birthDate, 'birthDate') ? { birthDate: calendarDate(body.birthDate, 'birthDate')! } : {}),
  });
  const mask = masksMobiles(ctx);
  return rows.map((r) => listItem(ctx, mask, r));
});
