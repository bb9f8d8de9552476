/**
 * The lines of a dispatch as the manager scans them, and the receiving branch's count as goods are
 * scanned in: pure functions, so what a scan does is tested without a screen.
 */
export interface DraftLine {
  code: string;
  batchNo: string;
  qty: number;
  /** Rupees per unit as typed; '' for the item's cost. */
  unitValue: string;
}

/**
 * A scan adds one to the line of the same code and batch (a value typed with it replaces the
 * line's), or a new line at the end.
 */
export function addScan(lines: readonly DraftLine[], code: string, batchNo: string, unitValue = ''): DraftLine[] {
  const c = code.trim();
  const b = batchNo.trim();
  const v = unitValue.trim();
  if (!c) return [...lines];
  const i = lines.findIndex((l) => l.code.toLowerCase() === c.toLowerCase() && l.batchNo === b);
  if (i < 0) return [...lines, { code: c, batchNo: b, qty: 1, unitValue: v }];
  return lines.map((l, n) => (n === i ? { ...l, qty: l.qty + 1, unitValue: v || l.unitValue } : l));
}

export interface ReceivingLine {
  lineId: string;
  code: string;
  barcode: string | null;
  qty: number;
  received: number;
  damaged: number;
}

/**
 * A scan at the receiving branch counts one more received on the first line of that code (or barcode) with room
 * left; null when no line of the transfer has the code or every one is full (more than was sent).
 */
export function receiveScan(lines: readonly ReceivingLine[], code: string): ReceivingLine[] | null {
  const c = code.trim().toLowerCase();
  const i = lines.findIndex((l) => (l.code.toLowerCase() === c || l.barcode?.toLowerCase() === c) && l.received + l.damaged < l.qty);
  if (i < 0) return null;
  return lines.map((l, n) => (n === i ? { ...l, received: l.received + 1 } : l));
}

export const shortOf = (l: ReceivingLine): number => Math.max(l.qty - l.received - l.damaged, 0);
