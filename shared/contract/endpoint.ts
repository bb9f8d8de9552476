/**
 * One row of the endpoint table. The service registers its routes from these rows, the typed
 * client calls through them and the OpenAPI document is generated from them: an endpoint is
 * declared here and nowhere else.
 */
import type { z } from 'zod';
import type { Role } from './roles.js';

export const GROUPS = [
  'Auth',
  'Account',
  'Customer',
  'Orders',
  'Quick Sale',
  'Invoice',
  'Receipts',
  'Dashboard',
  'Common',
  // Declared extensions' own groups (no spec endpoint is in them).
  'Audit',
  /** Ours, not the spec's: user administration (issue 14), every row a declared extension. */
  'Users',
  'Backup',
  'Sync',
  /** Ours: till sessions and end of day (issue 16). */
  'Till',
  /** Ours: the first run on screen (no store yet) and leaving the demo for a real store. */
  'Setup',
  /** Ours: stock at every branch, the ledger, value at cost, low stock. */
  'Stock',
  /** Ours: counting stock (stock-takes). */
  'Stock Take',
  /** Ours: stock transfers between branches. */
  'Transfers',
  /** Ours: head office's catalogue (items, variants, barcodes, dated prices). */
  'Catalogue',
  /** Ours: a customer's returns and exchanges. */
  'Returns',
  /** Ours: suppliers, purchase orders, goods in and returns to a supplier. */
  'Purchasing',
  /** Ours: barcode labels on A4 sheets and thermal label printers. */
  'Labels',
  /** Ours: GSTR-1 and the accountant's Tally export. */
  'GST Returns',
  /** Ours: one record per person, likely duplicates merged and undone. */
  'Customer Merge',
  /** Ours: head office's views over every branch (the chain dashboard). */
  'Chain',
  /** Ours: the chain's reports by period, against the period before, as tables, XLSX and CSV. */
  'Reports',
] as const;
export type Group = (typeof GROUPS)[number];

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a 200 carries. `json` is validated against `response`; `binary` (logo images) and
 * `document` (PDF or HTML print output) are bytes whose content type the row names.
 */
export type ResponseKind =
  | { kind: 'json' }
  | { kind: 'binary'; contentTypes: readonly string[] }
  | { kind: 'document'; contentTypes: readonly string[] };

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface EndpointDef<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  group: Group;
  /** Stable operation name, unique in the table: `Customer.upsert`. */
  name: string;
  method: Method;
  /** Path exactly as the spec writes it, starting with `/api`. */
  path: string;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  responseKind?: ResponseKind;
  /** `public` means no bearer token (only login). Otherwise the roles that may call it. */
  auth: 'public' | readonly Role[];
  /** Error statuses this endpoint can answer beyond 400/401/403, for the OpenAPI document. */
  errors?: readonly number[];
  /** A decision of ours that the spec left open, in one line (also in docs/decisions.md). */
  note?: string;
  /**
   * Set only on rows the spec does not have (declared extensions): why the endpoint exists, in
   * one line. OpenAPI marks such operations `x-extension`; spec rows leave it unset.
   */
  extension?: string;
}

export function endpoint<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(def: EndpointDef<P, Q, B, R>): EndpointDef<P, Q, B, R> {
  return def;
}

/** A row's declared part, or never when the row has none. */
type Part<T> = Exclude<T, undefined>;
type Out<T> = [Part<T>] extends [never] ? undefined : Part<T> extends z.ZodType ? z.output<Part<T>> : undefined;
type In<T> = [Part<T>] extends [never] ? undefined : Part<T> extends z.ZodType ? z.input<Part<T>> : undefined;
type Has<T> = [Part<T>] extends [never] ? false : true;

/** What a caller passes: only the parts the row declares. */
export type EndpointInput<E extends EndpointDef> = (Has<E['params']> extends true
  ? { params: In<E['params']> }
  : { params?: undefined }) &
  (Has<E['query']> extends true ? { query?: In<E['query']> } : { query?: undefined }) &
  (Has<E['body']> extends true ? { body: In<E['body']> } : { body?: undefined });

/** What a handler receives after validation. */
export interface ParsedInput<E extends EndpointDef> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
}

export type EndpointResponse<E extends EndpointDef> = z.output<E['response']>;

/** `/api/Orders/{salesOrderNo}` → `/api/Orders/:salesOrderNo` for the router. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fill `{name}` placeholders with URI-encoded values. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
