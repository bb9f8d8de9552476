/**
 * Every signed-in user is warned when the last good backup is more than a day old (issue 14): the
 * store's data is one disk away from being lost. A manager is pointed to the Backups screen.
 */
import { hasRole } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import { formatMoment } from '../ui/dates.js';
import { hrefFor } from '../core/router.js';
import { useEndpoint } from '../core/service.js';

const EVERY_15_MINUTES = 15 * 60_000;

export function BackupWarning({ role }: { role: string }) {
  const status = useEndpoint(api.Backup.status, {}, { refetchInterval: EVERY_15_MINUTES, retry: false });
  if (!status.data?.stale) return null;
  const last = status.data.lastGoodAt;
  return (
    <div className="banner banner-warning backup-warning" role="note" aria-label="Backup warning">
      <strong>{last ? `No backup since ${formatMoment(last)}` : 'The store has never been backed up'}</strong>
      <span>
        {hasRole(role, api.Backup.now.auth) ? (
          <>
            A day’s sales could be lost to a disk failure. <a href={hrefFor({ name: 'backups' })}>Back up now</a> and check the backup settings.
          </>
        ) : (
          'A day’s sales could be lost to a disk failure. Tell the store manager.'
        )}
      </span>
    </div>
  );
}
