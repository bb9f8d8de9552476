/**
 * The 26-field customer search filter (OMSearchCustomer), read once for the customer list and
 * the duplicate check. Which fields match how is in docs/decisions.md, "Customer search".
 */
import type { OMSearchCustomer } from '../../../shared/models/customer.js';
import type { RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { orderClause } from '../input/paging.js';
import type { CustomerSearch } from '../store/customer.js';
import { calendarDate } from '../input/dates.js';
import { digitsOf } from './mobile.js';
import { searchText } from '../input/text.js';

const CUSTOMER_ORDER: Record<string, readonly string[]> = {
  name: ['c.first_name', 'c.last_name'],
  firstName: ['c.first_name', 'c.last_name'],
  lastName: ['c.last_name', 'c.first_name'],
  mobile: ['c.mobile_digits'],
  email: ['c.email'],
  city: ['c.city'],
  birthDate: ['c.birth_date'],
  createdDate: ['c.created_at'],
  modifiedDate: ['c.modified_at'],
};

/** "true"/"false" (any case), "1"/"0"; empty means "either". */
export function flagFilter(text: string | null | undefined, field: string): boolean | undefined {
  const t = (text ?? '').trim().toLowerCase();
  if (t === '') return undefined;
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw invalid(`Invalid ${field}`, { [field]: ['Expected true or false'] });
}

const text = (value: string | null | undefined, field: string): string | undefined => searchText(value, field) ?? undefined;

/** The one search box: a phone number (digits, spaces, brackets, dashes, a leading +) or words. */
function oneBox(term: string | undefined): CustomerSearch['anywhere'] {
  if (!term) return undefined;
  const digits = term.replace(/[\s().-]/g, '');
  // "+91 98250 12345" is the mobile 9825012345 as the store keeps it.
  if (/^\+?\d+$/.test(digits)) return { digits: digits.replace(/^\+/, '').replace(/^91(\d{10})$/, '$1') };
  return { words: term };
}

/**
 * Filter → store search, without paging. The token decides company and branch: the filter's
 * int32 companyID/branchID/yearID cannot hold this service's ids and are ignored.
 */
export function customerSearch(ctx: RequestContext, f: OMSearchCustomer): Omit<CustomerSearch, 'offset' | 'limit'> {
  const mobileDigits = digitsOf(f.mobile) ?? undefined;
  if (f.mobile && !mobileDigits) throw invalid('Invalid mobile', { mobile: ['Search a mobile number by its digits'] });
  const anywhere = oneBox(text(f.searchTerm, 'searchTerm'));
  const s: Omit<CustomerSearch, 'offset' | 'limit'> = {
    companyId: ctx.user.companyId,
    branchId: ctx.user.branchId,
    orderBy: orderClause(f.orderBy, CUSTOMER_ORDER, mobileDigits || (anywhere && 'digits' in anywhere) ? 'mobile' : 'name', 'c.id'),
  };
  if (anywhere) s.anywhere = anywhere;
  if (text(f.customerID, 'customerID')) s.customerId = ctx.decode('customer', f.customerID!.trim(), 'customerID');
  const name = text(f.firstName, 'firstName');
  if (name) s.name = name;
  const lastName = text(f.lastName, 'lastName');
  if (lastName) s.lastName = lastName;
  if (mobileDigits) s.mobileDigits = mobileDigits;
  const phone = digitsOf(f.phoneNO);
  if (phone) s.phoneDigits = phone;
  const email = text(f.email, 'email');
  if (email) s.email = email;
  const city = text(f.city, 'city');
  if (city) s.city = city;
  const birthDate = calendarDate(f.birthDate, 'birthDate');
  if (birthDate) s.birthDate = birthDate;
  const visitingDate = calendarDate(f.visitingDate, 'visitingDate');
  if (visitingDate) s.visitingDate = visitingDate;
  const isActive = flagFilter(f.isActive, 'isActive');
  if (isActive !== undefined) s.isActive = isActive;
  const isMember = flagFilter(f.isMember, 'isMember');
  if (isMember !== undefined) s.isMember = isMember;
  const isBlackList = flagFilter(f.isBlackList, 'isBlackList');
  if (isBlackList !== undefined) s.isBlackList = isBlackList;
  return s;
}
