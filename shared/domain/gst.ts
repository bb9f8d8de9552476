/**
 * GST on a sale, in integer paise. One module for both sides: the service stores these figures
 * and the counter screen previews the same totals before saving, so they can never disagree.
 *
 * Rules (issue 5): a line discount comes off before tax; a price that includes tax is split back
 * (taxable = gross × 100 / (100 + rate)); inside the company's state the tax is halved into CGST
 * and SGST, across states it is IGST; each line figure is rounded to the paisa once, from exact
 * integer arithmetic; the bill is rounded to the rupee once at the end, the difference kept in
 * `rounding`. Rates are basis points (500 = 5 %), as gst_rate stores them.
 */

export interface GstLineInput {
  qty: number;
  /** Paise per unit, as the price list states it (with or without tax, per `priceIncludesTax`). */
  unitPrice: number;
  /** Paise off the line; wins over discountBp when given. */
  discountAmount?: number | null;
  /** Percent × 100 off qty × unitPrice, used when no discountAmount is given. */
  discountBp?: number | null;
  /** Null when the HSN has no known rate: the line is then tax-free, not an error. */
  rateBp: number | null;
  priceIncludesTax: boolean;
}

export interface GstLine {
  /** qty × unitPrice. */
  gross: number;
  discount: number;
  taxable: number;
  rateBp: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  /** What the customer pays for the line: taxable + tax. */
  total: number;
}

/** round(a / b) for integers, halves away from zero, without floating-point division error. */
export function divRound(a: number, b: number): number {
  if (b <= 0) throw new RangeError('divisor must be positive');
  const sign = a < 0 ? -1 : 1;
  const abs = Math.abs(a);
  return sign * Math.floor((2 * abs + b) / (2 * b));
}

/** Intra-state tax in two halves that always add up: CGST rounded down, so SGST takes an odd paisa. */
export function halves(tax: number): { cgst: number; sgst: number } {
  const cgst = Math.floor(tax / 2);
  return { cgst, sgst: tax - cgst };
}

export function lineDiscount(gross: number, discountAmount?: number | null, discountBp?: number | null): number {
  if (discountAmount !== null && discountAmount !== undefined && discountAmount > 0) return Math.min(discountAmount, gross);
  if (discountBp !== null && discountBp !== undefined && discountBp > 0) return Math.min(divRound(gross * discountBp, 10000), gross);
  return 0;
}

export function gstLine(input: GstLineInput, intraState: boolean): GstLine {
  const gross = input.qty * input.unitPrice;
  const discount = lineDiscount(gross, input.discountAmount, input.discountBp);
  const rateBp = input.rateBp ?? 0;
  const net = gross - discount;
  let taxable: number;
  let tax: number;
  if (input.priceIncludesTax) {
    taxable = divRound(net * 10000, 10000 + rateBp);
    tax = net - taxable;
  } else {
    taxable = net;
    tax = divRound(net * rateBp, 10000);
  }
  const { cgst, sgst } = intraState ? halves(tax) : { cgst: 0, sgst: 0 };
  const igst = intraState ? 0 : tax;
  return { gross, discount, taxable, rateBp, cgst, sgst, igst, tax, total: taxable + tax };
}

/** Charges added to the bill after the lines; paise. */
export interface BillCharges {
  /** Untaxed job charges (only when `job` is not given). */
  jobCharges?: number;
  shippingCharges?: number;
  otherCharges?: number;
  serviceTax?: number;
  /**
   * Job and fitting charges as a taxed service line (jobChargesLine): its taxable value and GST
   * go into the bill's tax totals, its total into the charges.
   */
  job?: GstLine;
}

/** Job charges of `paise` as one service line at `rateBp`, inclusive or exclusive of GST as the store prices. */
export function jobChargesLine(paise: number, rateBp: number, priceIncludesTax: boolean, intraState: boolean): GstLine {
  return gstLine({ qty: 1, unitPrice: paise, rateBp, priceIncludesTax }, intraState);
}

export interface BillTotals {
  qty: number;
  gross: number;
  discount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  /** Sum of line totals. */
  grandTotal: number;
  charges: number;
  /** netAmount − (grandTotal + charges): what rounding to the rupee added (+) or took off (−). */
  rounding: number;
  /** Whole rupees, in paise. */
  netAmount: number;
}

export function billTotals(lines: ReadonlyArray<GstLine & { qty?: number }>, charges: BillCharges = {}): BillTotals {
  const sum = (f: (l: GstLine & { qty?: number }) => number) => lines.reduce((s, l) => s + f(l), 0);
  const grandTotal = sum((l) => l.total);
  const job = charges.job;
  const extra =
    (job ? job.total : charges.jobCharges ?? 0) + (charges.shippingCharges ?? 0) + (charges.otherCharges ?? 0) + (charges.serviceTax ?? 0);
  const before = grandTotal + extra;
  const netAmount = divRound(before, 100) * 100;
  const withJob = (f: (l: GstLine) => number) => sum(f) + (job ? f(job) : 0);
  return {
    qty: sum((l) => l.qty ?? 0),
    gross: sum((l) => l.gross),
    discount: sum((l) => l.discount),
    taxable: withJob((l) => l.taxable),
    cgst: withJob((l) => l.cgst),
    sgst: withJob((l) => l.sgst),
    igst: withJob((l) => l.igst),
    tax: withJob((l) => l.tax),
    grandTotal,
    charges: extra,
    rounding: netAmount - before,
    netAmount,
  };
}

