/**
 * GSTIN: 2-digit state code, 10-character PAN, entity number, 'Z', check character.
 * The check character is a mod-36 Luhn-style sum, so a mistyped GSTIN is caught at the
 * counter instead of on a tax invoice.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN is wrong, or null when it is right. */
export function gstinProblem(gstin: string): string | null {
  const value = gstin.trim().toUpperCase();
  if (!SHAPE.test(value)) return 'A GSTIN is 15 characters: state code, PAN, entity number, Z, check character';
  if (gstinCheckChar(value.slice(0, 14)) !== value[14]) return 'GSTIN check character does not match; look for a typo';
  return null;
}

export const gstinStateCode = (gstin: string): string => gstin.trim().slice(0, 2);
