/**
 * Paging and ordering of list requests (docs/decisions.md, "Paging and ordering"): fromPage/toPage
 * are 1-based row numbers, both inclusive; orderBy is "<field> [asc|desc]" checked against the
 * list's own columns, so no request text ever reaches SQL.
 */
import { invalid } from '../errors.js';

export const MAX_ROWS = 500;
const DEFAULT_ROWS = 20;

/** Rows fromPage..toPage; without them, the first 20. */
export function rowRange(fromPage: number | null | undefined, toPage: number | null | undefined): { offset: number; limit: number } {
  const from = fromPage ?? 1;
  const to = toPage ?? from + DEFAULT_ROWS - 1;
  const errors: Record<string, string[]> = {};
  if (from < 1) errors.fromPage = ['fromPage is a 1-based row number'];
  if (to < from) errors.toPage = ['toPage must not be before fromPage'];
  else if (to - from + 1 > MAX_ROWS) errors.toPage = [`At most ${MAX_ROWS} rows at a time`];
  if (Object.keys(errors).length > 0) throw invalid('Invalid row range', errors);
  return { offset: from - 1, limit: to - from + 1 };
}

/**
 * The field and direction "<field> [asc|desc]" names, checked against `columns` (matched without
 * regard to case); `fallback` when the text is empty. A 400 naming orderBy otherwise.
 */
export function orderField(
  text: string | null | undefined,
  columns: Record<string, readonly string[]>,
  fallback: string,
): { field: string; direction: 'ASC' | 'DESC' } {
  const wanted = (text ?? '').trim() || fallback;
  const m = /^([A-Za-z_]+)(?:\s+(asc|desc))?$/i.exec(wanted);
  const field = m ? Object.keys(columns).find((k) => k.toLowerCase() === m[1]!.toLowerCase()) : undefined;
  if (!m || !field) {
    throw invalid('Invalid orderBy', { orderBy: [`Order by one of ${Object.keys(columns).join(', ')}, then optionally asc or desc`] });
  }
  return { field, direction: (m[2] ?? 'asc').toLowerCase() === 'desc' ? 'DESC' : 'ASC' };
}

/**
 * An ORDER BY clause from "<field> [asc|desc]" (orderField); `columns` maps each allowed field to
 * its SQL expressions; `tieBreak` keeps pages stable when values repeat.
 */
export function orderClause(
  text: string | null | undefined,
  columns: Record<string, readonly string[]>,
  fallback: string,
  tieBreak: string,
): string {
  const { field, direction } = orderField(text, columns, fallback);
  return [...columns[field]!.map((c) => `${c} ${direction}`), `${tieBreak} ${direction}`].join(', ');
}

/** page/pageSize (1-based page number; getSources, getMemberships) → offset and limit. */
export function pageRange(page: number, pageSize: number): { offset: number; limit: number } {
  const errors: Record<string, string[]> = {};
  if (page < 1) errors.page = ['page is 1-based'];
  if (pageSize < 1 || pageSize > MAX_ROWS) errors.pageSize = [`pageSize is 1 to ${MAX_ROWS}`];
  if (Object.keys(errors).length > 0) throw invalid('Invalid page', errors);
  return { offset: (page - 1) * pageSize, limit: pageSize };
}
