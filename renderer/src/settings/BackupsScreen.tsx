/**
 * Settings > Backups (issue 14), for a manager or the admin: the recent backups and how each went,
 * "Back up now", and where, when and how many. A folder outside the data folder (a USB drive, a
 * network share) gets encrypted backups, so it needs the store's backup passphrase. The admin may
 * choose a backup to restore: it is checked at once and put in place when the app next starts (the
 * service cannot replace the file it has open); `npm run restore` does the same with the app closed.
 */
import { Fragment, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import { hasRole } from '../../../shared/contract/roles.js';
import type { BackupOverview, BackupResult, StagedRestore } from '../../../shared/models/backup.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { useSession } from '../core/session.js';
import { formatMoment } from '../ui/dates.js';
import { bannerFor, ErrorBanner, placeFieldErrors } from '../ui/errors.js';

const REASONS: Record<BackupResult['reason'], string> = {
  daily: 'Daily',
  close: 'App closed',
  migration: 'Before upgrade',
  manual: 'Backed up now',
};

function size(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export function BackupsScreen() {
  const overview = useEndpoint(api.Backup.overview, {});
  const mayRestore = hasRole(useSession((s) => s.session?.userRole), api.Backup.stageRestore.auth);
  return (
    <section className="panel screen" aria-labelledby="backups-title">
      <header className="screen-head">
        <h1 id="backups-title">Backups</h1>
      </header>
      {overview.error && <ErrorBanner banner={bannerFor(overview.error, 'read the backups')} />}
      {overview.data && (
        <>
          {overview.data.stagedRestore && <StagedBanner staged={overview.data.stagedRestore} mayCancel={mayRestore} />}
          <BackupNow overview={overview.data} />
          <RecentBackups recent={overview.data.recent} mayRestore={mayRestore} />
          <BackupSettingsForm key={`${overview.data.folder}|${overview.data.hour}|${overview.data.generations}`} overview={overview.data} />
          <RestoreHelp />
        </>
      )}
    </section>
  );
}

function BackupNow({ overview }: { overview: BackupOverview }) {
  const invalidate = useInvalidate();
  const now = useEndpointMutation(api.Backup.now, { onSettled: () => void invalidate(api.Backup.overview, api.Backup.status) });
  return (
    <>
      <p className="lead">
        {overview.lastGoodAt ? `The last good backup was taken ${formatMoment(overview.lastGoodAt)}.` : 'No backup has been taken yet.'} Backups
        go to <code>{overview.folderInUse}</code>
        {overview.encrypted ? ', encrypted with the store’s backup passphrase.' : '.'} A backup is taken every day from{' '}
        {String(overview.hour).padStart(2, '0')}:00, when the app closes and before every upgrade; the newest {overview.generations} are kept.
      </p>
      <div className="actions">
        <button type="button" className="button button-primary" disabled={now.isPending} onClick={() => now.mutate({ body: {} })}>
          {now.isPending ? 'Backing up…' : 'Back up now'}
        </button>
        <span className="muted" role="status">
          {now.data ? now.data.message : ''}
        </span>
      </div>
      {now.error && <ErrorBanner banner={bannerFor(now.error, 'back up')} />}
    </>
  );
}

function StagedBanner({ staged, mayCancel }: { staged: StagedRestore; mayCancel: boolean }) {
  const invalidate = useInvalidate();
  const cancel = useEndpointMutation(api.Backup.cancelRestore, { onSuccess: () => void invalidate(api.Backup.overview) });
  return (
    <div className="banner banner-warning" role="note" aria-label="Restore at the next start">
      <strong>A restore is waiting for the next start</strong>
      <span>
        When Optical POS next starts, the store returns to {staged.returnsTo} Close and start the app on this PC to restore; the
        current store is kept aside.
      </span>
      {mayCancel && (
        <span>
          <button type="button" className="button button-secondary button-small" disabled={cancel.isPending} onClick={() => cancel.mutate({ body: {} })}>
            Cancel the restore
          </button>
        </span>
      )}
      {cancel.error && <ErrorBanner banner={bannerFor(cancel.error, 'cancel the restore')} />}
    </div>
  );
}

function RestoreChoice({ backup, onDone }: { backup: BackupResult; onDone: () => void }) {
  const invalidate = useInvalidate();
  const [passphrase, setPassphrase] = useState('');
  const stage = useEndpointMutation(api.Backup.stageRestore, {
    onSuccess: () => {
      void invalidate(api.Backup.overview);
      onDone();
    },
  });
  return (
    <form
      className="restore-choice"
      aria-label="Restore this backup"
      onSubmit={(event) => {
        event.preventDefault();
        stage.mutate({ body: { file: backup.file ?? '', ...(passphrase ? { passphrase } : {}) } });
      }}
    >
      <p>
        The store will return to {formatMoment(backup.at)}: everything entered since is not in this backup. It is checked now and
        put in place when the app next starts.
      </p>
      {backup.encrypted && (
        <div className="field">
          <label htmlFor="restore-passphrase">Backup passphrase (only if it was made under an earlier passphrase)</label>
          <input id="restore-passphrase" type="password" autoComplete="off" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} />
        </div>
      )}
      {stage.error && <ErrorBanner banner={bannerFor(stage.error, 'restore this backup')} />}
      <div className="actions">
        <button type="submit" className="button button-primary button-small" disabled={stage.isPending}>
          {stage.isPending ? 'Checking…' : 'Restore at the next start'}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onDone}>
          Keep the store as it is
        </button>
      </div>
    </form>
  );
}

function RecentBackups({ recent, mayRestore }: { recent: BackupResult[]; mayRestore: boolean }) {
  const [choosing, setChoosing] = useState<string | null>(null);
  if (recent.length === 0) return null;
  return (
    <table className="data-table" aria-label="Recent backups">
      <thead>
        <tr>
          <th scope="col">Taken</th>
          <th scope="col">Why</th>
          <th scope="col">Result</th>
          <th scope="col">File</th>
          {mayRestore && (
            <th scope="col">
              <span className="visually-hidden">Restore</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {recent.map((r) => (
          <Fragment key={`${r.at}-${r.reason}`}>
          <tr>
            <td>{formatMoment(r.at)}</td>
            <td>{REASONS[r.reason]}</td>
            <td>
              <span className={r.ok ? 'tag' : 'tag tag-danger'}>{r.ok ? 'Good' : 'Failed'}</span> {r.message}
            </td>
            <td>
              {r.file ? <code>{r.file}</code> : ''} {size(r.bytes)}
              {r.encrypted ? ' (encrypted)' : ''}
            </td>
            {mayRestore && (
              <td>
                {r.ok && r.file && (
                  <button type="button" className="button button-secondary button-small" onClick={() => setChoosing(r.file ?? null)}>
                    Restore…
                  </button>
                )}
              </td>
            )}
          </tr>
          {choosing !== null && choosing === r.file && (
            <tr>
              <td colSpan={5}>
                <RestoreChoice backup={r} onDone={() => setChoosing(null)} />
              </td>
            </tr>
          )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

function BackupSettingsForm({ overview }: { overview: BackupOverview }) {
  const invalidate = useInvalidate();
  const [folder, setFolder] = useState(overview.folder);
  const [hour, setHour] = useState(String(overview.hour));
  const [generations, setGenerations] = useState(String(overview.generations));
  const [passphrase, setPassphrase] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useEndpointMutation(api.Backup.settings, {
    onSuccess: () => {
      setPassphrase('');
      void invalidate(api.Backup.overview);
    },
    onError: (error) => {
      const found: Record<string, string> = {};
      placeFieldErrors(error, (path, message) => {
        found[path] = message;
        return ['folder', 'hour', 'generations', 'passphrase'].includes(path);
      });
      setFieldErrors(found);
    },
  });
  useEffect(() => setFieldErrors({}), [folder, hour, generations, passphrase]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ body: { folder, hour: Number(hour), generations: Number(generations), ...(passphrase ? { passphrase } : {}) } });
  };
  const field = (id: string, label: string, input: ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={`backup-${id}`}>{label}</label>
      {input}
      {fieldErrors[id] ? (
        <p id={`backup-${id}-error`} className="field-error">
          {fieldErrors[id]}
        </p>
      ) : (
        hint && <p className="field-hint">{hint}</p>
      )}
    </div>
  );
  return (
    <form className="form-grid" onSubmit={submit} aria-labelledby="backup-settings-title">
      <h2 id="backup-settings-title">Where, when and how many</h2>
      {field(
        'folder',
        'Backup folder',
        <input id="backup-folder" value={folder} placeholder="The data folder’s own backups folder" onChange={(e) => setFolder(e.target.value)} aria-invalid={fieldErrors.folder ? true : undefined} />,
        'The full path of a USB drive or network folder; empty keeps them in the data folder. Backups outside the data folder are encrypted.',
      )}
      {field('hour', 'Daily backup from (hour, 0–23)', <input id="backup-hour" type="number" min={0} max={23} value={hour} onChange={(e) => setHour(e.target.value)} />)}
      {field('generations', 'Backups kept', <input id="backup-generations" type="number" min={1} max={365} value={generations} onChange={(e) => setGenerations(e.target.value)} />)}
      {field(
        'passphrase',
        overview.passphraseSet ? 'New backup passphrase (leave empty to keep it)' : 'Backup passphrase',
        <input id="backup-passphrase" type="password" autoComplete="new-password" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} aria-invalid={fieldErrors.passphrase ? true : undefined} />,
        'At least 10 characters. Write it down and keep it away from the PC: an encrypted backup cannot be restored without it.',
      )}
      {save.error && !Object.keys(fieldErrors).length && <ErrorBanner banner={bannerFor(save.error, 'keep the backup settings')} />}
      <div className="actions">
        <button type="submit" className="button button-secondary" disabled={save.isPending}>
          Save backup settings
        </button>
        <span className="muted" role="status">
          {save.isSuccess ? 'Saved.' : ''}
        </span>
      </div>
    </form>
  );
}

function RestoreHelp() {
  return (
    <div className="banner banner-info" role="note">
      <strong>Restoring a backup</strong>
      <span>
        The store cannot be replaced while the app has it open. The admin chooses a backup above (Restore…): it is checked at
        once and put in place when the app next starts. Or close Optical POS on this PC and run{' '}
        <code>npm run restore -- FILE</code> with any backup file (it asks for the passphrase of an encrypted one from another
        PC). Either way the current store is kept aside under a dated name, and you are told which day the store goes back to.
      </span>
    </div>
  );
}
