/**
 * The X or Z report of a till session on the receipt printer (issue 16): sales and what paid for
 * them, receipts against earlier orders, refunds, credit notes, discounts, approvals,
 * cancellations, GST by rate, and the cash: expected, counted by denomination, the difference.
 * Built from the report the service answered (a Z report from the one kept at close), so a
 * reprint says exactly what the close said.
 */
import { DENOMINATIONS } from '../../../shared/domain/till.js';
import type { TillReport } from '../../../shared/models/till.js';
import type { RequestContext } from '../context.js';
import { notFound } from '../errors.js';
import { printSource } from '../store/print-source.js';
import type { Block, PrintedDocument } from './layout.js';
import { letterhead } from './letterhead.js';
import { rupees } from './money.js';
import { PAPERS, type Paper } from './paper.js';

const paise = (r: number) => Math.round(r * 100);
const money = (r: number) => rupees(paise(r));
const two = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the till's local dd/mm/yyyy hh:mm. */
export function printedInstant(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

const tallyRow = (label: string, t: { count: number; amount: number }): [string, string, string] => [label, String(t.count), money(t.amount)];

export function tillReportDocument(ctx: RequestContext, report: TillReport, branchId: number, paper: Paper = PAPERS['80mm']): PrintedDocument {
  const issuer = printSource(ctx.db).issuer(branchId, ctx.user.companyId);
  if (!issuer) throw notFound('No such branch');
  const z = report.kind === 'Z';
  const blocks: Block[] = [
    letterhead(ctx, issuer),
    { kind: 'title', text: z ? 'Z REPORT (END OF DAY)' : 'X REPORT', note: z ? 'Till closed' : 'Till still open' },
    {
      kind: 'fields',
      rows: [
        ['Till', report.till || '(this PC)'],
        ['Opened', `${printedInstant(report.openedAt)} by ${report.openedBy}`],
        ...(z ? [['Closed', `${printedInstant(report.closedAt)} by ${report.closedBy ?? ''}`] as [string, string]] : []),
        ['Printed', printedInstant(report.at)],
      ],
    },
  ];
  const columns = [
    { title: '', width: 3 },
    { title: 'No.', width: 0.8, align: 'right' as const },
    { title: 'Amount', width: 1.8, align: 'right' as const },
  ];
  blocks.push({ kind: 'heading', text: 'Sales' }, {
    kind: 'table',
    columns,
    rows: [
      tallyRow('Sales', report.sales),
      ...report.salesByKind.map((k) => tallyRow(`  paid by ${k.kind}`, k)),
      tallyRow('Receipts, earlier orders', report.earlierOrderReceipts),
      tallyRow('Refunds', report.refunds),
      tallyRow('Credit notes issued', report.creditNotesIssued),
      tallyRow('Credit notes spent', report.creditNotesSpent),
      tallyRow('Discounts given', report.discounts),
      ['Price approvals', String(report.priceApprovals), ''],
      tallyRow('Cancellations', report.cancellations),
    ],
  });
  blocks.push({ kind: 'heading', text: 'Receipts by payment kind' }, { kind: 'table', columns, rows: report.receiptsByKind.map((k) => tallyRow(k.kind, k)) });
  if (report.gstByRate.length > 0) {
    blocks.push({ kind: 'heading', text: 'GST by rate' }, {
      kind: 'table',
      columns: [
        { title: 'Rate', width: 1 },
        { title: 'Taxable', width: 1.8, align: 'right' },
        { title: 'Tax', width: 1.6, align: 'right' },
      ],
      rows: report.gstByRate.map((g) => [`${g.ratePercent}%`, money(g.taxable), money(g.cgst + g.sgst + g.igst)]),
    });
  }
  if (report.moves.length > 0) {
    blocks.push({ kind: 'heading', text: 'Cash in and out' }, {
      kind: 'table',
      columns: [
        { title: 'Reason', width: 3 },
        { title: 'Amount', width: 1.8, align: 'right' },
      ],
      rows: report.moves.map((m) => [`${m.direction === 'in' ? 'In' : 'Out'}: ${m.reason}`, money(m.direction === 'in' ? m.amount : -m.amount)]),
    });
  }
  if (report.counted) {
    const counted = report.counted;
    const rows = DENOMINATIONS.filter((d) => (counted[d.key] ?? 0) > 0).map((d) => [d.label, String(counted[d.key]), rupees((counted[d.key] ?? 0) * d.rupees * 100)]);
    blocks.push({ kind: 'heading', text: 'Cash counted' }, { kind: 'table', columns, rows });
  }
  blocks.push({
    kind: 'totals',
    rows: [
      { label: 'Opening float', value: money(report.openingFloat) },
      { label: 'Cash receipts', value: money(report.cashReceipts) },
      { label: 'Cash in', value: money(report.cashIn) },
      { label: 'Cash out', value: money(-report.cashOut) },
      { label: 'Cash refunds', value: money(-report.cashRefunds) },
      { label: 'Expected cash', value: money(report.expectedCash), strong: true },
      ...(report.countedCash !== null ? [{ label: 'Counted cash', value: money(report.countedCash), strong: true }] : []),
      ...(report.difference !== null ? [{ label: report.difference < 0 ? 'Short' : report.difference > 0 ? 'Over' : 'Difference', value: money(report.difference), strong: true }] : []),
    ],
  });
  if (z) blocks.push({ kind: 'rule' }, { kind: 'signature', above: '', below: 'Cashier' });
  const stamp = report.at.slice(0, 16).replace(/[^0-9]/g, '');
  return { title: `${report.kind} report ${report.till}`, fileName: `${report.kind.toLowerCase()}-report-${report.till || 'till'}-${stamp}`, paper, blocks };
}
