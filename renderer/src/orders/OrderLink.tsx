import { Fragment } from 'react';
import { hrefFor } from '../core/router.js';

/** An order number that opens its order page, as every list shows it; a dash when there is none. */
export function OrderLink({ salesOrderNo }: { salesOrderNo: string | null | undefined }) {
  if (!salesOrderNo) return <>—</>;
  return (
    <a className="row-link mono" href={hrefFor({ name: 'order', salesOrderNo })}>
      {/* A number may wrap after each '/' (AMD1/SO/2026-27/1-000123), so a narrow list keeps its width. */}
      {salesOrderNo.split('/').map((part, i, parts) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </Fragment>
      ))}
    </a>
  );
}
