/**
 * Reading text from a request (issue 13: one home for input readers): trimmed, and empty means
 * "not given".
 */
import { invalid } from '../errors.js';
import { atMost, TEXT_MAX } from '../../../shared/contract/lengths.js';

/** Trimmed text, or null when absent or blank. */
export const optionalText = (v: string | null | undefined): string | null => v?.trim() || null;

/** The longest text a search filter takes; longer is a typing or pasting accident, or an attack. */
export const SEARCH_MAX = TEXT_MAX.search;

/**
 * A search filter's text: trimmed, inner spaces collapsed, null when blank, and a 400 naming the
 * field when it is longer than SEARCH_MAX (issue 14: a 50,000-character LIKE pattern used to be a 500).
 */
export function searchText(v: string | null | undefined, field: string): string | null {
  const t = optionalText(v)?.replace(/\s+/g, ' ') ?? null;
  if (t !== null && t.length > SEARCH_MAX) throw invalid(`Search text is too long: ${field}`, { [field]: [atMost(SEARCH_MAX)] }, 'SEARCH_TOO_LONG');
  return t;
}
