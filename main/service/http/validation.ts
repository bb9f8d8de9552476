/** Contract validation at the edge: zod issues become the spec's `{message, errors}` 400. */
import type { z } from 'zod';
import { atMost } from '../../../shared/contract/lengths.js';
import { invalid } from '../errors.js';

export function fieldErrors(error: z.ZodError, root: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

const WORDS: Record<string, string> = { no: 'number', id: 'ID', ip: 'IP', gst: 'GST', pd: 'PD', vn: 'VN', va: 'VA', hsn: 'HSN', cpt: 'CPT', nis: 'NIS' };

/**
 * A field path in the words a cashier reads: `receiptModel.chequeNo` → "cheque number",
 * `salesorderModel.salesOrderDetailList.0.pairNo` → "pair number", `lefT_AxisWithSign` → "left axis with sign".
 */
export function fieldWords(path: string): string {
  const name = path.split('.').filter((s) => !/^\d+$/.test(s)).at(-1) ?? path;
  const words = name
    .replace(/^(\w+?)_/, (_, head: string) => `${head.toLowerCase()} `)
    .replace(/(DateTime|Date|Time)String$/, '$1')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase());
  return words.join(' ') || path;
}

/** Parses one part of a request (path, query or body) with its contract schema. */
export function parsePart<T extends z.ZodType>(schema: T | undefined, value: unknown, root: string): z.output<T> | undefined {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error, root);
  // Text longer than its field takes (shared/contract/lengths.ts): said in words, with its own code.
  const tooLong = result.error.issues.every((i) => i.code === 'too_big' && i.origin === 'string');
  if (tooLong) {
    const said = result.error.issues.map((i) => `${fieldWords(i.path.length > 0 ? i.path.map(String).join('.') : root)} (${atMost(Number((i as { maximum: number | bigint }).maximum)).toLowerCase()})`);
    throw invalid(`Too long: ${[...new Set(said)].join(', ')}`, errors, 'TEXT_TOO_LONG');
  }
  throw invalid(`Invalid request: ${Object.keys(errors).join(', ')}`, errors);
}
