/**
 * The variance report of a stock-take on A4: what was counted where, and per line the book (the
 * stock the movements held when the line was counted), the count, the variance and its value at
 * cost; then the shortage and the excess at cost. Built from the same view the screen shows
 * (stock/stock-take-view.ts), with the book always shown: the report is the manager's.
 */
import type { StockTakeDetail } from '../../../shared/models/stock-take.js';
import type { RequestContext } from '../context.js';
import { notFound } from '../errors.js';
import { printSource } from '../store/print-source.js';
import { detailOf, takeOf } from '../stock/stock-take-view.js';
import type { Block, PrintedDocument } from './layout.js';
import { letterhead } from './letterhead.js';
import { rupees } from './money.js';
import { PAPERS } from './paper.js';
import { printedInstant } from './till-report.js';

const paise = (r: number) => Math.round(r * 100);
const money = (r: number | null) => (r === null ? '' : rupees(paise(r)));
const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;
const signed = (n: number | null) => (n === null ? '' : n > 0 ? `+${n}` : String(n));

const STATUS_WORDS: Record<StockTakeDetail['status'], string> = { counting: 'Counting (not approved)', approved: 'Approved', cancelled: 'Cancelled' };
const SCOPE_WORDS: Record<StockTakeDetail['scope'], string> = { category: 'Category', brand: 'Brand', shelf: 'Shelf' };

export function stockTakeDocument(ctx: RequestContext, idText: string): PrintedDocument {
  const take = takeOf(ctx, idText, true);
  const issuer = printSource(ctx.db).issuer(take.branch_id, ctx.user.companyId);
  if (!issuer) throw notFound('No such branch');
  const view = detailOf(ctx, take, true);
  const totals = view.totals!;
  const uncountedWords = view.uncounted === 'zero' ? 'counted as none' : view.uncounted === 'leave' ? 'left as they were' : '';
  const blocks: Block[] = [
    letterhead(ctx, issuer),
    { kind: 'title', text: 'STOCK-TAKE VARIANCE REPORT', note: STATUS_WORDS[view.status] },
    {
      kind: 'fields',
      columns: 2,
      rows: [
        ['Stock-take', view.takeNo],
        ['Branch', view.branchName],
        [SCOPE_WORDS[view.scope], view.scopeName],
        ['Started', `${printedInstant(view.startedAt)} by ${view.startedBy}`],
        ...(view.closedAt ? [[view.status === 'approved' ? 'Approved' : 'Cancelled', `${printedInstant(view.closedAt)} by ${view.closedBy ?? ''}`] as [string, string]] : []),
        ['Lines', `${totals.counted} counted of ${totals.lines}`],
        ...(uncountedWords ? [['Uncounted lines', uncountedWords] as [string, string]] : []),
        ...(view.note ? [['Note', view.note] as [string, string]] : []),
      ],
    },
    {
      kind: 'table',
      columns: [
        { title: 'Code', width: 1.4 },
        { title: 'Item', width: 3.2 },
        { title: 'Batch', width: 1.2 },
        { title: 'Book', width: 0.8, align: 'right' },
        { title: 'Counted', width: 0.9, align: 'right' },
        { title: 'Variance', width: 0.9, align: 'right' },
        { title: 'Cost', width: 1.1, align: 'right' },
        { title: 'Value', width: 1.3, align: 'right' },
      ],
      rows: view.lines.map((l) => [
        l.code,
        l.listed ? l.name : `${l.name} (added)`,
        l.batchNo,
        l.book === null ? '' : String(l.book),
        l.counted === null ? 'not counted' : String(l.counted),
        signed(l.variance),
        money(l.unitCost),
        money(l.varianceValue),
      ]),
    },
    {
      kind: 'totals',
      rows: [
        { label: `Shortage, ${units(totals.shortageUnits)} at cost`, value: money(-totals.shortageValue) },
        { label: `Excess, ${units(totals.excessUnits)} at cost`, value: money(totals.excessValue) },
        { label: 'Net at cost', value: money(totals.netValue), strong: true },
      ],
    },
  ];
  if (totals.withoutCost > 0) blocks.push({ kind: 'text', text: `${totals.withoutCost} line(s) with a variance have no cost on the item: their value is not in the totals.`, small: true });
  if (view.status === 'cancelled') blocks.push({ kind: 'stamp', text: 'CANCELLED' });
  blocks.push({ kind: 'rule' }, { kind: 'signature', above: '', below: 'Store manager' });
  return { title: `Stock-take ${view.takeNo}`, fileName: `stock-take-${view.takeNo}`, paper: PAPERS.A4, blocks };
}
