import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/endpoints/index.js';
import { PRESCRIPTION_TYPES } from '../../../shared/domain/rx.js';
import type { PrescriptionListItem } from '../../../shared/models/prescription.js';
import { client } from '../service.js';
import { formatDate } from '../shell/dates.js';
import { bannerFor, ErrorBanner } from '../shell/errors.js';
import { hrefFor } from '../shell/router.js';
import { COLUMNS, EYES } from './grid.js';
import { historyValue, usedColumns } from './history.js';

export const prescriptionListKey = (customerId: string) => ['Customer.prescriptionList', customerId] as const;

export function usePrescriptionList(customerId: string) {
  return useQuery({
    queryKey: prescriptionListKey(customerId),
    queryFn: () => client.call(api.Customer.prescriptionList, { body: { customerID: customerId } }),
  });
}

export function PrescriptionHistory({ customerId }: { customerId: string }) {
  const list = usePrescriptionList(customerId);
  if (list.isError) return <ErrorBanner banner={bannerFor(list.error, 'load the prescription history')} />;
  if (!list.data) return <p className="muted">Loading prescriptions…</p>;
  if (list.data.length === 0) {
    return (
      <div className="placeholder">
        <p>No prescriptions yet.</p>
        <a className="button button-primary" href={hrefFor({ name: 'prescriptionNew', customerId })}>
          New prescription
        </a>
      </div>
    );
  }
  return (
    <ol className="rx-history" aria-label="Prescription history">
      {list.data.map((item) => (
        <li key={item.id}>
          <RxCard item={item} />
        </li>
      ))}
    </ol>
  );
}

export function prescriptionTypeLabel(typeID: number | null): string | null {
  return PRESCRIPTION_TYPES.find((t) => t.id === typeID)?.label ?? null;
}

/** One examination, compact: the card an optometrist compares against. */
export function RxCard({ item, heading }: { item: PrescriptionListItem; heading?: string }) {
  const columns = usedColumns([item]);
  const date = formatDate(item.visitingDate) ?? item.visitingDateString ?? 'No date';
  const recall = formatDate(item.eyeCheckupRecallDate);
  return (
    <article className={item.isActive ? 'rx-card' : 'rx-card rx-card-deleted'} aria-label={`Prescription of ${date}`}>
      <header className="rx-card-head">
        <strong>{heading ? `${heading}: ${date}` : date}</strong>
        {item.doctorName && <span>{item.doctorName}</span>}
        {prescriptionTypeLabel(item.typeID) && <span className="muted">{prescriptionTypeLabel(item.typeID)}</span>}
        {recall && <span className="muted">Recall {recall}</span>}
        {!item.isActive && <span className="tag tag-danger">Deleted</span>}
      </header>
      {columns.length > 0 ? (
        <table className="rx-mini">
          <thead>
            <tr>
              <th scope="col">Eye</th>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {COLUMNS.find((col) => col.key === c)?.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {EYES.map(({ eye, short }) => (
              <tr key={eye}>
                <th scope="row">{short}</th>
                {columns.map((c) => (
                  <td key={c} className="mono">
                    {historyValue(item, eye, c) ?? '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No figures recorded.</p>
      )}
      {item.remarks && <p className="rx-remarks">{item.remarks}</p>}
    </article>
  );
}
