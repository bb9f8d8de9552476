/** Customers (spec: "Customer search filter", "Customer list item", "Customer record"). */
import { z } from 'zod';
import { extension } from '../contract/extensions.js';
import { bounded, TEXT_MAX } from '../contract/lengths.js';
import { fields, nbool, ndt, nint32, noutDt, noutInt, noutStr, optPattern, reqStr, str, strings } from '../contract/primitives.js';

/**
 * The spec's customer rules, shared by the customer record and the quick sale's customerModel,
 * so the form, the service and the sale agree on one definition.
 */
export const MOBILE_PATTERN = /^\(?([0-9]{3})\)?[-. ]?([0-9]{3})[-. ]?([0-9]{4})$/;
export const EMAIL_PATTERN =
  /^([a-zA-Z0-9_\-\.]+)@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.)|(([a-zA-Z0-9\-]+\.)+))([a-zA-Z]{2,5}|[0-9]{1,3})(\]?)$/;
export const EMAIL_MAX = TEXT_MAX.email;
export const TAX_NO_MAX = TEXT_MAX.taxNo;

export const mobileField = () => optPattern(MOBILE_PATTERN, 'Enter a 10-digit mobile number', 'phone');
export const emailField = () =>
  bounded('email')
    .regex(new RegExp(`^$|${EMAIL_PATTERN.source}`), 'Enter a valid e-mail address')
    .nullish();
export const taxNoField = () => bounded('taxNo').nullish();

/** The 26-field filter that six Customer endpoints take as body. */
export const OMSearchCustomer = z.object({
  ...fields(nint32, 'companyID', 'branchID', 'yearID', 'fromPage', 'toPage'),
  ...strings(
    'customerID', 'firstName', 'lastName', 'mobile', 'phoneNO', 'email', 'city', 'isActive', 'orderBy',
    'customerSourceStringID', 'typeID', 'customerNo', 'identityNumber', 'occupation', 'birthDate',
    'visitingDate', 'customerSource', 'customerCategory', 'isMember', 'membershipName', 'isBlackList',
  ),
  searchTerm: extension('OMSearchCustomer', 'searchTerm', str('search')),
});
export type OMSearchCustomer = z.infer<typeof OMSearchCustomer>;

export const CustomerListItem = z.object({
  customerID: z.string(),
  name: z.string(),
  ...fields(noutStr, 'mobile', 'phoneNO', 'email', 'city', 'isActive', 'createdDate', 'prescriptionID', 'visitingDate'),
});
export type CustomerListItem = z.infer<typeof CustomerListItem>;

const CUSTOMER_STRINGS = [
  'id', 'branchID', 'stateID', 'countryID', 'faceShapeID', 'genderID', 'companyID', 'customerID', 'yearID',
  'title', 'firstName', 'middleName', 'lastName', 'reference', 'remarks', 'mobile', 'emailId', 'city', 'zipCode',
  'address', 'houseNumber', 'societyName', 'street', 'area', 'landmark', 'createdBy', 'createdIP', 'modifiedBy',
  'modifiedIP', 'existingCustomerReference', 'phoneNO', 'taxNO', 'customerSourceID', 'customerCategoryID',
  'storeID', 'membershipID', 'bloodGroup', 'self', 'clientConsentImage', 'clientConsentDisplayName',
  'prescriptionDocument', 'prescriptionDocumentDisplayName', 'lefT_SphericalWithSign', 'righT_SphericalWithSign',
  'righT_CylinderWithSign', 'lefT_CylinderWithSign', 'lefT_AxisWithSign', 'righT_AxisWithSign',
  'righT_AdditionWithSign', 'lefT_AdditionWithSign', 'leftVision', 'rightVision', 'leftvn', 'rightvn', 'rightpd',
  'leftpd', 'leftbc', 'rightbc', 'leftdia', 'rightdia', 'prescriptionRemarks', 'salesOrderID',
] as const;
const CUSTOMER_BOOLS = ['isMarried', 'isActive', 'newCustomer', 'isNRI', 'isStoreCustomer', 'isBlackList', 'isForeigner'] as const;
const CUSTOMER_NULLABLE_BOOLS = ['isMember', 'dndForPromotionalMessage', 'dndForTransactionalMessage'] as const;
const CUSTOMER_DATES = ['birthDate', 'createdDate', 'modifiedDate', 'marriageDate'] as const;

/**
 * Body of customer upsert (77 fields). Issue 3 asks for the same rules as the quick sale's
 * customerModel: names required, mobile/email/taxNO as the spec constrains them.
 */
export const EncryptedCustomerModel = z.object({
  ...strings(...CUSTOMER_STRINGS),
  firstName: reqStr('name'),
  lastName: reqStr('name'),
  mobile: mobileField(),
  emailId: emailField(),
  taxNO: taxNoField(),
  ...fields(nbool, ...CUSTOMER_BOOLS, ...CUSTOMER_NULLABLE_BOOLS),
  ...fields(ndt, ...CUSTOMER_DATES),
  age: z.number().int().min(0).max(150).nullish(),
});
export type EncryptedCustomerModel = z.infer<typeof EncryptedCustomerModel>;

/** What customer detail answers: the same 77 fields, as stored. */
export const CustomerRecord = z.object({
  ...fields(noutStr, ...CUSTOMER_STRINGS),
  id: z.string(),
  customerID: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  ...fields(() => z.boolean(), ...CUSTOMER_BOOLS),
  ...fields(() => z.boolean().nullable(), ...CUSTOMER_NULLABLE_BOOLS),
  ...fields(noutDt, ...CUSTOMER_DATES),
  age: noutInt(),
});
export type CustomerRecord = z.infer<typeof CustomerRecord>;

export const CustomerUpsertResult = z.object({ message: z.string(), customerID: z.string() });
export type CustomerUpsertResult = z.infer<typeof CustomerUpsertResult>;

export const CustomerIdParams = z.object({ customerId: bounded('id').min(1) });
