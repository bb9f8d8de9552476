import { useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import { PRESCRIPTION_TYPES } from '../../../shared/domain/rx.js';
import type { PrescriptionListItem } from '../../../shared/models/prescription.js';
import { PrescriptionVersions } from './PrescriptionVersions.js';
import { PrintActions } from '../print/PrintActions.js';
import { endpointKey, useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { dateInputValue, formatDate } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { hrefFor } from '../core/router.js';
import { COLUMNS, EYES, USES } from './grid.js';
import { groupExams, historyValue, useOf, usedColumns } from './history.js';

/** The input of a customer's prescription list; a change to one refreshes `endpointKey(api.Customer.prescriptionList, prescriptionsOf(customerId))`. */
export const prescriptionsOf = (customerId: string) => ({ body: { customerID: customerId } });

export function usePrescriptionList(customerId: string) {
  return useEndpoint(api.Customer.prescriptionList, prescriptionsOf(customerId));
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
      {groupExams(list.data).map((exam) => (
        <li key={exam[0]!.id}>
          <RxCard exam={exam} customerId={customerId} />
        </li>
      ))}
    </ol>
  );
}

export function prescriptionTypeLabel(typeID: number | null): string | null {
  return PRESCRIPTION_TYPES.find((t) => t.id === typeID)?.label ?? null;
}

const useLabel = (item: PrescriptionListItem) => USES.find((u) => u.use === useOf(item))?.label ?? '';

/** One examination, compact: the card an optometrist compares against. */
export function RxCard({ exam, customerId }: { exam: PrescriptionListItem[]; customerId: string }) {
  const item = exam[0]!;
  const invalidate = useInvalidate();
  const [confirming, setConfirming] = useState(false);
  const [showVersions, setShowVersions] = useState(false);
  // A soft delete: the card stays, marked, because orders made from it still show this Rx.
  const remove = useEndpointMutation(api.Customer.deletePrescription, {
    input: (_: void) => ({ body: { customerEyeInfoID: item.id } }),
    onSuccess: () => invalidate(endpointKey(api.Customer.prescriptionList, prescriptionsOf(customerId))),
    onSettled: () => setConfirming(false),
  });
  const columns = usedColumns(exam);
  const date = formatDate(item.visitingDate) ?? item.visitingDateString ?? 'No date';
  const recall = formatDate(item.eyeCheckupRecallDate);
  const type = prescriptionTypeLabel(item.typeID);
  return (
    <article className={item.isActive ? 'rx-card' : 'rx-card rx-card-deleted'} aria-label={`Prescription of ${date}`}>
      <header className="rx-card-head">
        <strong>{date}</strong>
        {item.doctorName && <span>{item.doctorName}</span>}
        {type && <span className="muted">{type}</span>}
        {recall && <span className="muted">Recall {recall}</span>}
        {!item.isActive && <span className="tag tag-danger">Deleted</span>}
        {item.versionNo > 1 && <span className="tag">Amended · version {item.versionNo}</span>}
        {item.isActive && !confirming && (
          <a
            className="button button-secondary button-small"
            href={hrefFor({ name: 'prescriptionAmend', customerId, examId: item.id })}
            aria-label={`Amend the prescription of ${date}`}
          >
            Amend
          </a>
        )}
        {item.isActive && !confirming && (
          <button type="button" className="button button-secondary button-small rx-card-action" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
        {confirming && (
          <span className="rx-card-action" role="group" aria-label="Confirm delete">
            <span>Delete this prescription?</span>
            <button type="button" className="button button-danger button-small" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Yes, delete
            </button>
            <button type="button" className="button button-secondary button-small" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        )}
      </header>
      {remove.isError && <ErrorBanner banner={bannerFor(remove.error, 'delete the prescription')} />}
      {columns.length > 0 ? (
        <table className="rx-mini">
          <thead>
            <tr>
              <th scope="col">Lens</th>
              <th scope="col">Eye</th>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {COLUMNS.find((col) => col.key === c)?.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {exam.flatMap((row) =>
              EYES.map(({ eye, short }) => (
                <tr key={`${useOf(row)}-${eye}`}>
                  <th scope="row">{useLabel(row)}</th>
                  <th scope="row">{short}</th>
                  {columns.map((c) => (
                    <td key={c} className="mono">
                      {historyValue(row, eye, c) ?? '—'}
                    </td>
                  ))}
                </tr>
              )),
            )}
          </tbody>
        </table>
      ) : (
        <p className="muted">No figures recorded.</p>
      )}
      {item.remarks && <p className="rx-remarks">{item.remarks}</p>}
      {item.versionNo > 1 && (
        <button type="button" className="button button-secondary button-small" aria-expanded={showVersions} onClick={() => setShowVersions((v) => !v)}>
          {showVersions ? 'Hide earlier versions' : 'Show earlier versions'}
        </button>
      )}
      {showVersions && <PrescriptionVersions examId={item.id} />}
      {/* A withdrawn prescription is kept for the orders made from it, not handed to the patient again. */}
      {item.isActive && (
        <PrintActions
          doc={{ kind: 'prescription', id: item.id, number: dateInputValue(item.visitingDate) || item.id.slice(-8) }}
          printLabel="Print prescription card"
        />
      )}
    </article>
  );
}
