/**
 * How long a piece of text a request carries may be: one table of kinds and one rule from a
 * field's name to its kind, so that a cheque number is never 50 kB and every model says the same
 * thing for the same kind of field. The contract states the length (zod `.max()`, `maxLength` in
 * the OpenAPI document); the service refuses a longer value with a 400 naming the field, before
 * anything is read or written (main/service/http/validation.ts).
 *
 * A field of the spec's models that the service does not keep still has a length: a client that
 * sends it back gets the same answer everywhere, and no field takes more than its kind's room.
 */
import { z } from 'zod';

/** Characters, per kind of text. */
export const TEXT_MAX = {
  /** A yes/no or a tiny code sent as text, a PIN code, a blood group. */
  short: 10,
  /** A GSTIN (a customer's tax number): 15 characters. */
  taxNo: 15,
  /** One value of a prescription: -12.25, 180, 6/6, N6, In. */
  rx: 20,
  /** A user's sign-in name. */
  userName: 50,
  /** A phone or mobile number. */
  phone: 20,
  /** A number or code printed on a document or typed from one: cheque, batch, pair, policy, card, reference, voucher numbers; HSN, GSTIN, an amount as text. */
  code: 30,
  /** A date or a date-time written as text. */
  date: 40,
  /** An id the service or one of its lists handed out: ENC ids, cart session ids, paging keys, numeric ids as text, an IP address. */
  id: 64,
  /** A person's, a bank's, a branch's or a thing's name; a title, a city, a status. */
  name: 100,
  /** What the counter types to find something (main/service/input/text.ts SEARCH_MAX). */
  search: 100,
  /** Why money moved at the till, or why a price was approved: one line on a report. */
  reason: 200,
  /** A name that may be long: a doctor's name with titles and degrees, an insurer's name. */
  longName: 200,
  /** An address, or a line of one (house, society, street, area, landmark). */
  address: 250,
  /** A password as typed (only its hash is kept). */
  password: 200,
  /** Any other short free text. */
  text: 250,
  /** An e-mail address (RFC 5321's longest path is 256 with its brackets). */
  email: 255,
  /** Remarks, reasons, notes, descriptions, the insurance information. */
  remarks: 500,
  /** A message template, a backup passphrase. */
  template: 1000,
  /** A folder or file on this computer. */
  path: 2000,
  /** Printed terms and conditions. */
  longText: 2000,
  /** A document sent as text: a consent image or prescription scan as a data URL, a receipt's HTML, a logo. */
  document: 1_000_000,
} as const;
export type TextKind = keyof typeof TEXT_MAX;

/** Fields whose name alone would put them in the wrong kind. */
const FIELD_KIND: Readonly<Record<string, TextKind>> = {
  taxNO: 'taxNo',
  reason: 'reason',
  zipCode: 'short',
  bloodGroup: 'short',
  self: 'name',
  nameOnCard: 'name',
  deliveryMode: 'name',
  houseNumber: 'address',
  houseNO: 'address',
  societyName: 'address',
  street: 'address',
  area: 'address',
  landmark: 'address',
  password: 'password',
  userName: 'userName',
  currentPassword: 'password',
  newPassword: 'password',
  doctor: 'longName',
  doctorName: 'longName',
  insuranceCompanyName: 'longName',
  termsAndConditions: 'longText',
  after: 'id',
  index: 'code',
  tax: 'code',
  cpt: 'code',
  amount: 'code',
  netAmount: 'code',
  discount: 'code',
  totalRows: 'code',
  deliveryDateDays: 'code',
};

/** The rest by the shape of their names, first match wins; anything unmatched is `text`. */
const RULES: ReadonlyArray<readonly [RegExp, TextKind]> = [
  [/DisplayName$/, 'name'],
  [/^(htmlContent|signature)$|(Image|Document|Logo|Signature)$/, 'document'],
  [/^(searchTerm|searchItem|barcodeScan|term)$/, 'search'],
  [/[rR]emarks$|[rR]eason$|^(note|description|condition|work|material)$|Information$/, 'remarks'],
  [/Date(String|Time|TimeString)?$|^(date|dateString|from|to)$|Time(String)?$|^stringBirthDate$/, 'date'],
  [/[eE]mail(I[dD])?$/, 'email'],
  [/[mM]obile(No)?$|^phoneNO$/, 'phone'],
  [/^(sph|cyl|axis|add|va|vn|pd|bc|dia|fh|th|k1|k2|prism|base|near|vision|spherical|cylinder|addition|basecurve|baseCurve|diameter|spectacleLensType|lensFittingHeight|lensTotalHeight)$/, 'rx'],
  [/_(Left|Right)$|^(righT|lefT)_|^(right|left)(Vision|vn|pd|bc|dia)$/, 'rx'],
  [/^is[A-Z]/, 'short'],
  [/^id$|I[dD]$|IDStr$|IP$/, 'id'],
  [/(No|NO|Number|Code|code)$/, 'code'],
  [/[aA]ddress$/, 'address'],
  [/[nN]ame$|^title$|Title$|[cC]ity$|^(gender|status|priority|supplier|transport|group|outcome|occupation|value|orderBy|reference|existingCustomerReference|material)$/, 'name'],
  [/(State|Country|By|Person|Type|Source|Category|Branch)$/, 'name'],
];

/** The kind of text a field holds, by its name. */
export function textKind(field: string): TextKind {
  return FIELD_KIND[field] ?? RULES.find(([pattern]) => pattern.test(field))?.[1] ?? 'text';
}

/** The most characters a field of this name takes. */
export const maxLengthOf = (field: string): number => TEXT_MAX[textKind(field)];

/** How a refused length is worded, next to the field. */
export const atMost = (max: number): string => `At most ${max.toLocaleString('en-IN')} characters`;

/** A string of at most `max` characters (a kind or a number), refused with atMost's words. */
export const bounded = (max: TextKind | number) => {
  const n = typeof max === 'number' ? max : TEXT_MAX[max];
  return z.string().max(n, atMost(n));
};

/** The spec's default nullable string, as long as its field's name allows. */
export const textField = (field: string) => bounded(maxLengthOf(field)).nullish();
