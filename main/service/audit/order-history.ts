/**
 * An order's history from the change journal (issue 14), oldest first, in the words of the
 * counter: booked, paid, moved along, promised, invoiced, cancelled, with the price approvals
 * its lines used. Who did each and from which till; nothing here is kept apart from the journal.
 */
import type { RequestContext } from '../context.js';
import { journalEntries, type JournalRow } from '../store/journal.js';
import { describer, inRupees } from './describe.js';

interface Entry {
  at: string;
  userName: string | null;
  till: string;
  what: string;
}

const parse = (json: string | null): Record<string, unknown> => (json ? (JSON.parse(json) as Record<string, unknown>) : {});

export function orderHistory(ctx: RequestContext, orderId: number): Entry[] {
  const d = describer(ctx);
  const rows = journalEntries(ctx.db).ofOrder(orderId);
  const booked = rows.find((r) => r.tbl === 'sales_order' && r.op === 'insert');
  const out: Entry[] = [];
  const say = (row: JournalRow, what: string | null) => {
    if (what) out.push({ at: row.at, userName: row.user_name, till: row.till, what });
  };
  for (const row of rows) {
    const before = parse(row.old_values);
    const after = parse(row.new_values);
    const shown = (column: string, side: Record<string, unknown>) => d.shown(row.tbl, column, side[column]) ?? '—';
    switch (`${row.tbl}:${row.op}`) {
      case 'sales_order:insert':
        say(row, `Order ${String(after.order_no ?? '')} booked, net ${shown('net_amount', after)}`);
        break;
      case 'sales_order:update': {
        const parts: string[] = [];
        if ('status_id' in after) parts.push(`Status ${shown('status_id', before)} → ${shown('status_id', after)}`);
        if ('cancellation_reason_id' in after || 'cancel_remarks' in after) {
          const reason = [after.cancellation_reason_id !== undefined ? shown('cancellation_reason_id', after) : null, after.cancel_remarks]
            .filter((x) => x !== null && x !== undefined && x !== '')
            .join(' — ');
          if (reason) parts.push(`Reason: ${reason}`);
        }
        if ('delivery_date' in after || 'delivery_time' in after) {
          const when = (side: Record<string, unknown>, other: Record<string, unknown>) =>
            [side.delivery_date ?? other.delivery_date, side.delivery_time ?? other.delivery_time].filter(Boolean).join(' ') || '—';
          parts.push(`Delivery promise ${when(before, {})} → ${when(after, {})}`);
        }
        say(row, parts.length ? parts.join('. ') : null);
        break;
      }
      case 'sales_order_line:insert':
        // Lines booked with the order are part of "booked"; one added later is told.
        if (!booked || row.at !== booked.at) say(row, `Line added: ${String(after.name ?? '')} × ${String(after.qty ?? '')}`);
        break;
      case 'sales_order_line:delete':
        say(row, `Line removed: ${String(before.name ?? '')}`);
        break;
      case 'receipt:insert':
        say(row, `Receipt ${String(after.receipt_no ?? '')} for ${inRupees(Number(after.amount ?? 0))} (${shown('payment_kind_id', after)})`);
        break;
      case 'receipt:update':
        if ('status_id' in after) say(row, `Receipt ${d.shown('receipt', 'receipt_id', row.row_id) ?? ''}: ${shown('status_id', before)} → ${shown('status_id', after)}`);
        break;
      case 'invoice:insert':
        say(row, `Invoice ${String(after.invoice_no ?? '')} issued for ${inRupees(Number(after.net_amount ?? 0))}`);
        break;
      case 'credit_note:insert':
        say(row, `Credit note ${String(after.credit_note_no ?? '')} issued for ${inRupees(Number(after.amount ?? 0))}`);
        break;
      case 'price_approval:insert':
        say(
          row,
          `Price approved by ${shown('approved_by', after)} for ${shown('requested_by', after)}: ${String(after.what ?? '')}${after.reason ? ` (${String(after.reason)})` : ''}`,
        );
        break;
      case 'customer_told:event': {
        const how = { whatsapp: 'on WhatsApp', copied: 'by a copied message', phone: 'by phone' }[String(after.channel)] ?? '';
        say(row, `Customer told the order is ready${how ? ` ${how}` : ''}`);
        break;
      }
      default:
        if (row.op === 'delete') say(row, `${d.what(row, [])}`);
    }
  }
  return out;
}
