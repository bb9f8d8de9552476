/** Master-data look-ups: dropdowns, years, countries and states, branch, app version, credit notes. */
import { z } from 'zod';
import { fields, noutStr, outDt, outNum, pathInt64, pathStr, qInt32Or, qReqInt64 } from '../contract/primitives.js';

/** The `{id, name}` element of every dropdown (sources, genders, suppliers, payment kinds ...). */
export const IdName = z.object({ id: z.string(), name: z.string() });
export type IdName = z.infer<typeof IdName>;

export const PageQuery = z.object({ page: qInt32Or(1), pageSize: qInt32Or(20) });

/** discountRate is a percentage (10 = 10 %). */
export const Membership = IdName.extend({ discountRate: outNum() });
export type Membership = z.infer<typeof Membership>;

/** A financial year, April to March in India; yearName like "2026-27". */
export const FinancialYear = z.object({
  yearID: z.string(),
  yearName: z.string(),
  fromDate: outDt(),
  toDate: outDt(),
  isCurrent: z.boolean(),
});
export type FinancialYear = z.infer<typeof FinancialYear>;

/** isoCode is ISO 3166-1 alpha-2 ("IN"). */
export const Country = z.object({ countryID: z.string(), countryName: z.string(), isoCode: z.string() });
export type Country = z.infer<typeof Country>;

/** gstStateCode is the two-digit GST state code ("24" Gujarat); null outside India. */
export const State = z.object({ stateID: z.string(), stateName: z.string(), gstStateCode: noutStr() });
export type State = z.infer<typeof State>;

export const CountryIdParams = z.object({ countryId: pathStr() });

export const AppVersion = z.object({
  version: z.string(),
  buildNumber: z.string(),
  forceUpdate: z.boolean(),
  updateMessage: noutStr(),
});
export type AppVersion = z.infer<typeof AppVersion>;

export const BranchDetails = z.object({
  branchID: z.string(),
  branchName: z.string(),
  ...fields(
    noutStr,
    'branchAddress', 'branchCity', 'branchMobile', 'branchEmail', 'branchTaxNO', 'branchLogo', 'branchSignature',
    'branchCountry', 'branchState',
  ),
  companyName: z.string(),
});
export type BranchDetails = z.infer<typeof BranchDetails>;

/** fileName is a bare file name (the login's `logo`); anything with a path separator is refused. */
export const BranchLogoParams = z.object({
  branchId: pathInt64(),
  fileName: pathStr().regex(/^[^/\\]+$/, 'A file name, not a path').refine((s) => s !== '.' && s !== '..', 'A file name, not a path'),
});

/** The bytes of an image; the endpoint row names the content types. */
export const BinaryBody = z.unknown();

export const CreditNotesQuery = z.object({ customerId: qReqInt64() });

/** balance is what is left to spend of `amount`. */
export const CreditNote = z.object({
  creditNoteID: z.string(),
  creditNoteNo: z.string(),
  amount: outNum(),
  balance: outNum(),
  date: outDt(),
});
export type CreditNote = z.infer<typeof CreditNote>;
