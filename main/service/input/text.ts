/**
 * Reading text from a request (issue 13: one home for input readers): trimmed, and empty means
 * "not given".
 */

/** Trimmed text, or null when absent or blank. */
export const optionalText = (v: string | null | undefined): string | null => v?.trim() || null;
