/** EAN-13 barcodes, as printed on shelf labels; 890 is GS1 India's prefix. */
import { nodeBase, nodeOf } from '../ids/id-source.js';

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

/** The GS1 check digit of any GTIN (EAN-8, UPC-A, EAN-13): weights 3, 1, 3 … from the right. */
export function gtinCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/**
 * Why a typed barcode cannot be one, in the words of the form; null when it can. A supplier's
 * barcode is the number under the bars: EAN-13 (13 digits), or the shorter EAN-8 and the American
 * UPC-A (12) some imports carry; its last digit checks the others, so a mistyped digit is caught.
 */
export function barcodeProblem(barcode: string): string | null {
  if (!/^\d+$/.test(barcode) || ![8, 12, 13].includes(barcode.length)) {
    return `Barcode "${barcode}" is not an EAN-13: type the 13 digits under the bars, or leave it empty for the store to issue one`;
  }
  const check = gtinCheckDigit(barcode.slice(0, -1));
  if (barcode.at(-1) !== check) return `Barcode ${barcode} has a wrong check digit (the last digit should be ${check}): check it was typed right`;
  return null;
}

/**
 * The barcode the store issues to an item without a supplier's: EAN-13 in the range GS1 keeps for
 * in-store numbers (first digit 2), made of the item's own id: 2, the node that made the item
 * (4 digits), the item's sequence on that node (7 digits), the check digit. Item ids are unique
 * across PCs by construction (ids/id-source.ts), so these numbers are too, with no counter to
 * share; only head office's PCs make items. null past node 9999 or ten million items on a node:
 * then the supplier's barcode must be typed.
 */
export function storeBarcode(itemId: number): string | null {
  const node = nodeOf(itemId);
  const sequence = itemId - nodeBase(node);
  if (node > 9999 || sequence >= 10_000_000) return null;
  return ean13(`2${String(node).padStart(4, '0')}`, sequence);
}
