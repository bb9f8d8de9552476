/**
 * The back office's purchasing papers on A4, in the block model: a purchase order to send the
 * supplier, the goods receipt note (what came in, against which invoice, with the supplier's GST:
 * input tax for the accountant) and the debit note of a return to a supplier. Built from the
 * same detail the screens show (purchasing/), so the paper and the screen cannot disagree.
 */
import type { GoodsReceiptDetail, PurchaseOrderDetail, SupplierReturnDetail } from '../../../shared/models/purchasing.js';
import type { RequestContext } from '../context.js';
import { notFound } from '../errors.js';
import { indianDate } from '../input/dates.js';
import { suppliers } from '../store/supplier.js';
import { printSource } from '../store/print-source.js';
import type { Block, PrintedDocument } from './layout.js';
import { issuerLines, letterhead } from './letterhead.js';
import { rupees } from './money.js';
import { PAPERS } from './paper.js';

const money = (r: number) => rupees(Math.round(r * 100));

function head(ctx: RequestContext, supplierID: string, title: string, note: string | null): Block[] {
  const issuer = printSource(ctx.db).issuer(ctx.user.branchId, ctx.user.companyId);
  if (!issuer) throw notFound('No such branch');
  const s = suppliers(ctx.db).byId(ctx.user.companyId, ctx.decode('supplier', supplierID, 'supplierID'));
  const supplierLines = s
    ? [s.name, ...[s.contact_person, s.address, s.city].filter((l): l is string => Boolean(l)), ...(s.state_name ? [`State: ${s.state_name}`] : []), `GSTIN: ${s.gstin ?? 'not registered'}`, ...(s.mobile ? [`Phone: ${s.mobile}`] : [])]
    : [];
  return [
    letterhead(ctx, issuer),
    { kind: 'title', text: title, note },
    {
      kind: 'parties',
      parts: [
        { heading: 'Supplier', lines: supplierLines },
        {
          heading: 'Branch',
          lines: issuerLines(issuer),
        },
      ],
    },
  ];
}

const gstColumns = [
  { title: 'Taxable', width: 1.3, align: 'right' as const },
  { title: 'GST', width: 0.7, align: 'right' as const },
  { title: 'Tax', width: 1.1, align: 'right' as const },
];

export function purchaseOrderDocument(ctx: RequestContext, o: PurchaseOrderDetail): PrintedDocument {
  const blocks = head(ctx, o.supplierID, 'PURCHASE ORDER', o.status === 'open' ? null : o.status.toUpperCase());
  blocks.push(
    { kind: 'fields', columns: 2, rows: [['Order no.', o.poNo], ['Date', indianDate(o.orderDate)], ['Expected by', o.expectedDate ? indianDate(o.expectedDate) : '—'], ['Raised by', o.createdBy]] },
    {
      kind: 'table',
      columns: [
        { title: '#', width: 0.4 },
        { title: 'Code', width: 1.3 },
        { title: 'Item', width: 3.2 },
        { title: 'Power', width: 2.2 },
        { title: 'Qty', width: 0.6, align: 'right' },
        { title: 'Rate', width: 1, align: 'right' },
        { title: 'Amount', width: 1.2, align: 'right' },
      ],
      rows: o.lines.map((l) => [String(l.lineNo), l.itemCode, l.itemName, l.power ?? '', String(l.qty), l.expectedCost === null ? '' : money(l.expectedCost), l.expectedCost === null ? '' : money(l.expectedCost * l.qty)]),
    },
    { kind: 'totals', rows: [{ label: 'Units', value: String(o.ordered) }, { label: 'Expected value before GST', value: money(o.expectedValue), strong: true }] },
  );
  if (o.remarks) blocks.push({ kind: 'text', text: o.remarks });
  blocks.push({ kind: 'signature', above: '', below: 'Authorised signatory' });
  return { title: `Purchase order ${o.poNo}`, fileName: `purchase-order-${o.poNo}`, paper: PAPERS.A4, blocks };
}

export function goodsReceiptDocument(ctx: RequestContext, g: GoodsReceiptDetail): PrintedDocument {
  const blocks = head(ctx, g.supplierID, 'GOODS RECEIPT NOTE', null);
  blocks.push(
    {
      kind: 'fields',
      columns: 2,
      rows: [
        ['Receipt no.', g.grNo], ['Received on', indianDate(g.receiptDate)],
        ['Supplier invoice', g.supplierInvoiceNo], ['Invoice date', indianDate(g.supplierInvoiceDate)],
        ['Purchase order', g.poNo ?? '—'], ['Received by', g.createdBy],
      ],
    },
    {
      kind: 'table',
      columns: [
        { title: '#', width: 0.4 },
        { title: 'Item', width: 3 },
        { title: 'HSN', width: 0.9 },
        { title: 'Batch / expiry', width: 1.8 },
        { title: 'Qty', width: 0.6, align: 'right' },
        { title: 'Rate', width: 1, align: 'right' },
        ...gstColumns,
        { title: 'Landed', width: 1, align: 'right' },
      ],
      rows: g.lines.map((l) => [
        String(l.lineNo), `${l.itemCode} ${l.itemName}`, l.hsnCode ?? '', [l.batchNo, l.expiryDate ? indianDate(l.expiryDate) : ''].filter(Boolean).join(' / '),
        String(l.qty), money(l.unitCost), money(l.taxable), `${l.ratePercent}%`, money(l.cgst + l.sgst + l.igst), money(l.landedUnitCost),
      ]),
    },
    {
      kind: 'totals',
      rows: [
        { label: 'Taxable value', value: money(g.taxable) },
        ...(g.intraState ? [{ label: 'CGST', value: money(g.cgst) }, { label: 'SGST', value: money(g.sgst) }] : [{ label: 'IGST', value: money(g.igst) }]),
        ...(g.charges > 0 ? [{ label: 'Freight and other charges', value: money(g.charges) }] : []),
        { label: 'Invoice total', value: money(g.total), strong: true },
      ],
    },
  );
  const shortOrExcess = g.variances.filter((v) => v.difference !== 0);
  if (shortOrExcess.length > 0) {
    blocks.push({ kind: 'heading', text: 'Against the order' }, {
      kind: 'table',
      columns: [{ title: 'Item', width: 4 }, { title: 'Ordered', width: 1, align: 'right' }, { title: 'Received', width: 1, align: 'right' }, { title: 'Short / excess', width: 1.3, align: 'right' }],
      rows: shortOrExcess.map((v) => [`${v.itemCode} ${v.itemName}${v.power ? ` ${v.power}` : ''}`, String(v.ordered), String(v.received), v.difference < 0 ? `${-v.difference} short` : `${v.difference} excess`]),
    });
  }
  if (g.remarks) blocks.push({ kind: 'text', text: g.remarks });
  blocks.push({ kind: 'signature', above: '', below: 'Received by' });
  return { title: `Goods receipt ${g.grNo}`, fileName: `goods-receipt-${g.grNo}`, paper: PAPERS.A4, blocks };
}

const REASONS: Record<string, string> = { damaged: 'Damaged', wrong_power: 'Wrong power', wrong_item: 'Wrong item', expired: 'Expired', other: 'Other' };

export function debitNoteDocument(ctx: RequestContext, r: SupplierReturnDetail): PrintedDocument {
  const blocks = head(ctx, r.supplierID, 'DEBIT NOTE', 'Goods returned to the supplier');
  blocks.push(
    {
      kind: 'fields',
      columns: 2,
      rows: [['Debit note no.', r.debitNoteNo], ['Date', indianDate(r.returnDate)], ['Goods receipt', r.grNo ?? '—'], ['Supplier invoice', r.supplierInvoiceNo ?? '—']],
    },
    {
      kind: 'table',
      columns: [
        { title: '#', width: 0.4 },
        { title: 'Item', width: 3.2 },
        { title: 'Batch', width: 1.2 },
        { title: 'Reason', width: 1.2 },
        { title: 'Qty', width: 0.6, align: 'right' },
        { title: 'Rate', width: 1, align: 'right' },
        ...gstColumns,
      ],
      rows: r.lines.map((l) => [String(l.lineNo), `${l.itemCode} ${l.itemName}`, l.batchNo, REASONS[l.reason] ?? l.reason, String(l.qty), money(l.unitCost), money(l.taxable), `${l.ratePercent}%`, money(l.cgst + l.sgst + l.igst)]),
    },
    {
      kind: 'totals',
      rows: [
        { label: 'Taxable value', value: money(r.taxable) },
        ...(r.intraState ? [{ label: 'CGST', value: money(r.cgst) }, { label: 'SGST', value: money(r.sgst) }] : [{ label: 'IGST', value: money(r.igst) }]),
        { label: 'Debit note total', value: money(r.total), strong: true },
      ],
    },
  );
  if (r.remarks) blocks.push({ kind: 'text', text: r.remarks });
  blocks.push({ kind: 'signature', above: '', below: 'Authorised signatory' });
  return { title: `Debit note ${r.debitNoteNo}`, fileName: `debit-note-${r.debitNoteNo}`, paper: PAPERS.A4, blocks };
}
