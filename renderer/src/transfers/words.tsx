/** How the transfer screens name documents and states. */
import type { TransferSummary } from '../../../shared/models/transfer.js';

export const DOCUMENT_NAMES: Record<TransferSummary['documentKind'], string> = {
  delivery_challan: 'Delivery challan',
  transfer_invoice: 'Tax invoice',
};

export const STATUS_NAMES: Record<TransferSummary['status'], string> = {
  in_transit: 'In transit',
  received: 'Received',
  received_with_discrepancy: 'Received with discrepancy',
};

export function StatusTag({ status }: { status: TransferSummary['status'] }) {
  const tone = status === 'received_with_discrepancy' ? 'tag tag-danger' : status === 'received' ? 'tag tag-muted' : 'tag';
  return <span className={tone}>{STATUS_NAMES[status]}</span>;
}
