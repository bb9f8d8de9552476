import { hrefFor } from '../app/router.js';

/** An order number that opens its order page, as every list shows it; a dash when there is none. */
export function OrderLink({ salesOrderNo }: { salesOrderNo: string | null | undefined }) {
  if (!salesOrderNo) return <>—</>;
  return (
    <a className="row-link mono" href={hrefFor({ name: 'order', salesOrderNo })}>
      {salesOrderNo}
    </a>
  );
}
