/**
 * Paise as printed: `₹1,23,456.50`, Indian grouping (thousands, then lakhs and crores by twos).
 * Integer arithmetic from the stored paise, so what is printed is exactly what is stored.
 */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const pairs = rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${pairs},${last3}`;
}

/** `1,23,456.50` without the sign; negative amounts start with `-`. */
export function amount(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`Not a whole number of paise: ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}${groupIndian(String(rupees))}.${String(rest).padStart(2, '0')}`;
}

/** `₹1,23,456.50`; `-₹0.40` below zero. */
export function rupees(paise: number): string {
  const text = amount(paise);
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** A round-off line shows its sign either way: `+₹0.40`, `-₹0.40`. */
export function signedRupees(paise: number): string {
  return paise > 0 ? `+${rupees(paise)}` : rupees(paise);
}

/** GST rate in basis points as printed: `18%`, `2.5%`. */
export function percent(basisPoints: number): string {
  const text = (basisPoints / 100).toFixed(2).replace(/\.?0+$/, '');
  return `${text}%`;
}
