/**
 * The earlier versions of an amended examination (issue 16): each kept as it was, marked
 * superseded, with who replaced it and when, and its figures.
 */
import { api } from '../../../shared/endpoints/index.js';
import { lensType } from '../../../shared/domain/rx.js';
import { useEndpoint } from '../core/service.js';
import { formatDate } from '../ui/dates.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { COLUMNS, EYES, USES } from './grid.js';

/** "25 Nov 2026 21:35": a moment in the store's words. */
function when(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(iso.slice(0, 10)) ?? iso.slice(0, 10)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export function PrescriptionVersions({ examId }: { examId: string }) {
  const versions = useEndpoint(api.Customer.prescriptionVersions, { body: { customerEyeInfoID: examId } });
  if (versions.isError) return <ErrorBanner banner={bannerFor(versions.error, 'load the earlier versions')} />;
  if (!versions.data) return <p className="muted">Loading versions…</p>;
  const earlier = versions.data.filter((v) => !v.isCurrent);
  return (
    <ol className="rx-versions" aria-label="Earlier versions">
      {earlier.map((v) => {
        const columns = COLUMNS.filter((c) => v.rows.some((r) => r[c.key]));
        // Why it was replaced is said on the version that replaced it.
        const reason = versions.data.find((x) => x.id === v.supersededByID)?.amendReason;
        return (
          <li key={v.id}>
            <article className="rx-card rx-card-superseded" aria-label={`Version ${v.versionNo}`}>
              <header className="rx-card-head">
                <strong>Version {v.versionNo}</strong>
                <span className="tag tag-muted">Superseded</span>
                <span className="muted">
                  by {v.supersededBy ?? 'someone'} on {when(v.supersededAt)}
                </span>
                <span className="muted">saved by {v.createdBy} on {when(v.createdAt)}</span>
              </header>
              <table className="rx-mini">
                <thead>
                  <tr>
                    <th scope="col">Lens</th>
                    <th scope="col">Eye</th>
                    {columns.map((c) => (
                      <th key={c.key} scope="col">
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {v.rows.map((r) => {
                    const type = lensType(r.lensTypeID);
                    return (
                      <tr key={r.lensTypeID}>
                        <th scope="row">{USES.find((u) => u.use === type?.use)?.label ?? ''}</th>
                        <th scope="row">{EYES.find((e) => e.eye === type?.eye)?.short ?? ''}</th>
                        {columns.map((c) => (
                          <td key={c.key} className="mono">
                            {r[c.key] ?? '—'}
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              {reason && <p className="rx-remarks">Amended because: {reason}</p>}
            </article>
          </li>
        );
      })}
    </ol>
  );
}
