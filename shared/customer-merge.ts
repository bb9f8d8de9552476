/**
 * The rules of a customer merge that every copy of the data applies the same way: a branch PC
 * (main/service/store/customer-merge.ts, sync/merge-redirect.ts) and the hub's current rows
 * (hub/sync/merge-fold.ts). Pure: the callers read and write their own stores.
 */

/**
 * Every table whose rows name a customer (customer_id): orders, receipts, invoices, credit notes,
 * examinations (the Rx rows follow their examination), recalls and their calls, returns.
 * test/service/customer-merge.test.ts checks the schema has no other.
 */
export const CUSTOMER_TABLES = [
  'sales_order',
  'receipt',
  'invoice',
  'credit_note',
  'customer_eye_info',
  'eye_checkup_recall',
  'recall_contact',
  'sales_return',
] as const;
export type CustomerTable = (typeof CUSTOMER_TABLES)[number];
export const isCustomerTable = (t: string): t is CustomerTable => (CUSTOMER_TABLES as readonly string[]).includes(t);

/** The person's fields a merge chooses between (the audit, branch and flag columns stay the survivor's). */
export const PERSON_COLUMNS = [
  'title', 'first_name', 'middle_name', 'last_name', 'gender_id', 'birth_date', 'marriage_date', 'is_married',
  'mobile', 'mobile_digits', 'phone_no', 'phone_digits', 'email', 'house_number', 'society_name', 'street', 'area',
  'landmark', 'address', 'city', 'zip_code', 'state_id', 'country_id', 'remarks', 'tax_no', 'blood_group',
] as const;
export type PersonColumn = (typeof PERSON_COLUMNS)[number];

/** How many merges a chain of merged-away customers is followed through (A into B into C …). */
const MAX_HOPS = 16;

/** Where a customer lives now: itself, or the end of its chain of merges (`mergedInto`: a customer's merged_into, or null). */
export function survivorOf(id: number, mergedInto: (id: number) => number | null): number {
  let at = id;
  for (let hops = 0; hops < MAX_HOPS; hops++) {
    const next = mergedInto(at);
    if (next === null) return at;
    at = next;
  }
  return at;
}

/**
 * The customer a pulled row should name: a row of a customer table (not a delete) naming a
 * merged-away customer names the survivor instead (it was made elsewhere before the merge got
 * there). Null: the change stays as it is.
 */
export function redirectedCustomer(
  change: { tbl: string; op: string; rowId: number | null; newValues: Record<string, unknown> | null },
  mergedInto: (id: number) => number | null,
): { from: number; to: number } | null {
  const customerId = change.newValues?.customer_id;
  if (change.op === 'delete' || !isCustomerTable(change.tbl) || typeof customerId !== 'number' || change.rowId === null) return null;
  const to = survivorOf(customerId, mergedInto);
  return to === customerId ? null : { from: customerId, to };
}

/**
 * The fields of a merged-away record edited after the manager saw it (`seen`, the merge's
 * merged_seen) whose edit is newer than the survivor's own value (the same last-writer-wins as any
 * customer edit): these are carried onto the survivor, with the edit's clock time.
 */
export function lateEdits(
  merged: Record<string, unknown>,
  seen: Record<string, unknown>,
  clockOf: (who: 'merged' | 'survivor', col: PersonColumn) => string | null,
): Array<{ col: PersonColumn; value: unknown; hlc: string }> {
  const out: Array<{ col: PersonColumn; value: unknown; hlc: string }> = [];
  for (const col of PERSON_COLUMNS) {
    if ((merged[col] ?? null) === (seen[col] ?? null)) continue;
    const edited = clockOf('merged', col);
    const kept = clockOf('survivor', col);
    if (edited === null || (kept !== null && edited <= kept)) continue;
    out.push({ col, value: merged[col] ?? null, hlc: edited });
  }
  return out;
}
