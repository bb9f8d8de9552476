/** EAN-13 barcodes, as printed on shelf labels; 890 is GS1 India's prefix. */

export function ean13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** The n-th barcode of a store's own numbering: `prefix` and n together fill 12 digits, then the check digit. */
export function ean13(prefix: string, n: number): string {
  const first12 = prefix + String(n).padStart(12 - prefix.length, '0');
  return first12 + ean13CheckDigit(first12);
}
