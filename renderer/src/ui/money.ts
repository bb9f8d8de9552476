/**
 * Rupee amounts as an Indian shop writes them: ₹ sign and lakh grouping (₹1,25,000.00).
 * Always two decimals so that amounts line up in right-aligned columns.
 */
const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatRupees(amount: number): string {
  return RUPEES.format(amount);
}

/** GST as printed on a bill: "18%", "5%", "2.5%"; null when the service knows no rate. */
export function formatGstRate(rate: number | null | undefined): string | null {
  if (rate === null || rate === undefined) return null;
  return `${Number.isInteger(rate) ? rate : rate.toFixed(2).replace(/0+$/, '')}%`;
}
