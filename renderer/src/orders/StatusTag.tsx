import { SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';

/** Final states look different from live ones: nothing more is expected of those orders. */
export function StatusTag({ statusId, name }: { statusId: number; name: string }) {
  const tone =
    statusId === SALES_ORDER_STATUS.Cancelled ? 'tag tag-danger' : statusId === SALES_ORDER_STATUS.Delivered ? 'tag tag-muted' : 'tag';
  return (
    <span className={tone} data-testid="order-status">
      {name}
    </span>
  );
}
