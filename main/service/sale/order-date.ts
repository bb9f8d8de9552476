/**
 * The date a sale is booked on. Today unless salesorderModel gives another: never a future
 * date, and a past one only for a store manager or admin and only within the signed-in
 * financial year, because a back-dated order changes books a manager has already closed.
 */
import type { SalesorderModel } from '../../../shared/models/sale.js';
import type { RequestContext } from '../context.js';
import { calendarDate } from '../input/dates.js';
import { forbidden, invalid } from '../errors.js';
import { financialYears } from '../store/financial-year.js';

const BACKDATING_ROLES = new Set(['admin', 'manager']);

export function orderDate(ctx: RequestContext, so: Partial<SalesorderModel>, today: string): string {
  const field = so.date ? 'salesorderModel.date' : 'salesorderModel.dateString';
  const asked = calendarDate(so.date ?? so.dateString ?? null, field);
  if (!asked || asked === today) return today;
  if (asked > today) throw invalid('An order cannot be dated in the future', { [field]: [`At most today, ${today}`] });
  if (!BACKDATING_ROLES.has(ctx.user.role)) throw forbidden('Only a store manager may book an order on a past date', undefined, 'ORDER_BACKDATE_NOT_ALLOWED');
  const year = financialYears(ctx.db).byId(ctx.user.yearId)!;
  if (asked < year.start_date) {
    throw invalid('The date is before this financial year', { [field]: [`On or after ${year.start_date}`] });
  }
  return asked;
}
