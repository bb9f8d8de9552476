/**
 * A customer as a request describes it → the columns to store, with every rule the counter and
 * the books rely on. Shared by upsert and by save-prescription's "create the customer too".
 *
 * A field the request leaves out keeps its stored value (a form that does not show blood group
 * must not wipe it); `null` or `''` clears it. A caller who sees masked mobiles cannot have read
 * the number, so an empty mobile from them keeps the stored one.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { gstinProblem } from '../../../shared/domain/gstin.js';
import { EMAIL_PATTERN, MOBILE_PATTERN, type EncryptedCustomerModel } from '../../../shared/models/customer.js';
import type { RequestContext } from '../context.js';
import { ServiceError, invalid } from '../errors.js';
import type { Entity } from '../ids/entities.js';
import { branches } from '../store/branch.js';
import { countries } from '../store/country.js';
import type { CustomerFields, CustomerView } from '../store/customer.js';
import { states } from '../store/state.js';
import { calendarDate } from '../input/dates.js';
import { digitsOf } from './mobile.js';
import { atMost, maxLengthOf } from '../../../shared/contract/lengths.js';

export type CustomerInput = Partial<EncryptedCustomerModel>;


export function readCustomer(
  ctx: RequestContext,
  input: CustomerInput,
  existing: CustomerView | undefined,
  options: { masked: boolean; path?: (field: string) => string },
): CustomerFields {
  const path = options.path ?? ((f: string) => f);
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[path(field)] ??= []).push(message);

  /** Trimmed text, `undefined` when the request left the field out. */
  const given = <K extends keyof CustomerInput>(key: K): string | null | undefined => {
    const v = input[key];
    if (v === undefined) return undefined;
    if (v === null) return null;
    const t = String(v).trim();
    return t === '' ? null : t;
  };
  const text = (key: keyof CustomerInput, stored: string | null | undefined, max = maxLengthOf(key)): string | null => {
    const v = given(key);
    if (v === undefined) return stored ?? null;
    if (v !== null && v.length > max) fail(key, atMost(max));
    return v;
  };
  const bool = (key: keyof CustomerInput, stored: number | undefined, fallback: number): number => {
    const v = input[key];
    if (v === undefined || v === null) return v === null ? fallback : (stored ?? fallback);
    return v === true ? 1 : 0;
  };
  const nbool = (key: keyof CustomerInput, stored: number | null | undefined): number | null => {
    const v = input[key];
    if (v === undefined) return stored ?? null;
    return v === null ? null : v === true ? 1 : 0;
  };
  const ref = (key: keyof CustomerInput, entity: Entity, stored: number | null | undefined): number | null => {
    const v = given(key);
    if (v === undefined) return stored ?? null;
    if (v === null) return null;
    try {
      return ctx.decode(entity, v, path(key));
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      for (const [field, messages] of Object.entries(err.errors ?? {})) (errors[field] ??= []).push(...messages);
      return null;
    }
  };
  const date = (key: keyof CustomerInput, stored: string | null | undefined): string | null => {
    const v = given(key);
    if (v === undefined) return stored ?? null;
    try {
      return calendarDate(v, path(key));
    } catch {
      fail(key, 'Expected a date like 2025-04-01');
      return null;
    }
  };

  const firstName = text('firstName', existing?.first_name);
  const lastName = text('lastName', existing?.last_name);
  if (!firstName) fail('firstName', 'Required');
  if (!lastName) fail('lastName', 'Required');
  const isForeigner = bool('isForeigner', existing?.is_foreigner, 0);

  let mobile = text('mobile', existing?.mobile);
  if (options.masked && existing && !given('mobile')) mobile = existing.mobile;
  if (mobile !== null && mobile !== existing?.mobile) {
    if (!MOBILE_PATTERN.test(mobile)) fail('mobile', 'Enter a 10-digit mobile number');
    else if (!isForeigner && !/^[6-9]/.test(digitsOf(mobile)!)) fail('mobile', 'An Indian mobile number starts with 6, 7, 8 or 9');
  }
  const phone = text('phoneNO', existing?.phone_no);
  if (phone !== null && !/^[0-9+()\-. ]+$/.test(phone)) fail('phoneNO', 'A phone number has digits, spaces and + ( ) - only');

  const email = text('emailId', existing?.email);
  if (email !== null && email !== existing?.email && !EMAIL_PATTERN.test(email)) fail('emailId', 'Enter a valid e-mail address');

  const taxNo = text('taxNO', existing?.tax_no);
  if (taxNo !== null && taxNo !== existing?.tax_no && !isForeigner) {
    // An Indian customer's tax number is their GSTIN; it goes on B2B tax invoices.
    const problem = gstinProblem(taxNo);
    if (problem) fail('taxNO', problem);
  }

  const countryId = ref('countryID', 'country', existing?.country_id);
  if (countryId !== null && !countries(ctx.db).byId(countryId)) fail('countryID', 'No such country');
  const stateId = ref('stateID', 'state', existing?.state_id);
  if (stateId !== null && !states(ctx.db).byId(stateId)) fail('stateID', 'No such state');
  const zip = text('zipCode', existing?.zip_code);
  if (zip !== null && zip !== existing?.zip_code && !isForeigner && !/^[1-9][0-9]{5}$/.test(zip)) {
    fail('zipCode', 'An Indian PIN code is 6 digits');
  }

  const today = localDate(ctx.now());
  const birthDate = date('birthDate', existing?.birth_date);
  if (birthDate && (birthDate > today || birthDate < '1900-01-01')) fail('birthDate', 'Birth date must be between 1900 and today');
  const marriageDate = date('marriageDate', existing?.marriage_date);
  if (marriageDate && marriageDate > today) fail('marriageDate', 'Marriage date cannot be in the future');
  if (marriageDate && birthDate && marriageDate < birthDate) fail('marriageDate', 'Marriage date is before the birth date');

  const branchId = ref('branchID', 'branch', existing?.branch_id) ?? ctx.user.branchId;
  const branch = branches(ctx.db).byId(branchId);
  if (!branch || branch.company_id !== ctx.user.companyId) fail('branchID', 'No such branch');
  const storeId = ref('storeID', 'branch', existing?.store_id);
  if (storeId !== null && branches(ctx.db).byId(storeId)?.company_id !== ctx.user.companyId) fail('storeID', 'No such branch');

  const fields: CustomerFields = {
    branch_id: branchId,
    year_id: existing?.year_id ?? ctx.user.yearId,
    title: text('title', existing?.title),
    first_name: firstName ?? '',
    middle_name: text('middleName', existing?.middle_name),
    last_name: lastName ?? '',
    gender_id: ref('genderID', 'gender', existing?.gender_id),
    birth_date: birthDate,
    marriage_date: marriageDate,
    is_married: bool('isMarried', existing?.is_married, 0),
    age: input.age === undefined ? (existing?.age ?? null) : (input.age ?? null),
    mobile,
    mobile_digits: digitsOf(mobile),
    phone_no: phone,
    phone_digits: digitsOf(phone),
    email,
    house_number: text('houseNumber', existing?.house_number),
    society_name: text('societyName', existing?.society_name),
    street: text('street', existing?.street),
    area: text('area', existing?.area),
    landmark: text('landmark', existing?.landmark),
    address: text('address', existing?.address),
    city: text('city', existing?.city),
    zip_code: zip,
    state_id: stateId,
    country_id: countryId,
    face_shape_id: ref('faceShapeID', 'faceShape', existing?.face_shape_id),
    customer_source_id: ref('customerSourceID', 'source', existing?.customer_source_id),
    customer_category_id: ref('customerCategoryID', 'customerCategory', existing?.customer_category_id),
    store_id: storeId,
    membership_id: ref('membershipID', 'membership', existing?.membership_id),
    reference: text('reference', existing?.reference),
    existing_customer_reference: text('existingCustomerReference', existing?.existing_customer_reference),
    remarks: text('remarks', existing?.remarks),
    tax_no: taxNo,
    blood_group: text('bloodGroup', existing?.blood_group),
    self: text('self', existing?.self),
    client_consent_image: text('clientConsentImage', existing?.client_consent_image),
    client_consent_display_name: text('clientConsentDisplayName', existing?.client_consent_display_name),
    prescription_document: text('prescriptionDocument', existing?.prescription_document),
    prescription_document_display_name: text('prescriptionDocumentDisplayName', existing?.prescription_document_display_name),
    is_member: nbool('isMember', existing?.is_member),
    dnd_promotional: nbool('dndForPromotionalMessage', existing?.dnd_promotional),
    dnd_transactional: nbool('dndForTransactionalMessage', existing?.dnd_transactional),
    new_customer: bool('newCustomer', existing?.new_customer, existing ? 0 : 1),
    is_nri: bool('isNRI', existing?.is_nri, 0),
    is_store_customer: bool('isStoreCustomer', existing?.is_store_customer, 0),
    is_black_list: bool('isBlackList', existing?.is_black_list, 0),
    is_foreigner: isForeigner,
    is_active: bool('isActive', existing?.is_active, 1),
  };
  if (Object.keys(errors).length > 0) throw invalid('The customer has errors', errors);
  return fields;
}
