/**
 * Join my company's hub: its address and the join code head office gave, as
 * `npm run setup -- --join`. The service checks the hub against the code's fingerprint before the
 * code is sent, pulls the company's data, remembers the hub and syncs with it from then on.
 */
import { useForm } from 'react-hook-form';
import { api } from '../../../shared/endpoints/index.js';
import type { JoinHubRequest, SetupDone } from '../../../shared/models/setup.js';
import { useEndpointMutation } from '../core/service.js';
import { bannerFor, ErrorBanner, placeFieldErrors } from '../ui/errors.js';
import { Field } from '../ui/Field.js';

type Values = Required<{ [K in keyof JoinHubRequest]: string }>;

export function JoinHubForm({ onDone, onCancel }: { onDone: (done: SetupDone) => void; onCancel: () => void }) {
  const { register, handleSubmit, setError, formState: { errors } } = useForm<Values>({ defaultValues: { hubUrl: '', joinCode: '' } });
  const mutation = useEndpointMutation(api.Setup.joinHub, {
    input: (body: Values) => ({ body }),
    onSuccess: onDone,
    onError: (error) => placeFieldErrors(error, (path, message) => {
      if (path !== 'hubUrl' && path !== 'joinCode') return false;
      setError(path, { message });
      return true;
    }),
  });
  return (
    <form className="first-run-form" noValidate aria-label="Join my company’s hub" onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <ErrorBanner banner={mutation.isError && !Object.keys(errors).length ? bannerFor(mutation.error, 'join the hub') : null} />
      <Field id="join-hub" label="Hub address" placeholder="https://hub.example:8790" spellCheck={false} autoCapitalize="none" error={errors.hubUrl?.message}
        registration={register('hubUrl', { validate: (v) => v.trim() !== '' || 'Hub address: required' })} />
      <Field id="join-code" label="Join code" placeholder="ABCD-EFGH-JKLM-9F3A-0C21-77B4-E5D0" spellCheck={false} autoCapitalize="characters" hint="From head office; it works once" error={errors.joinCode?.message}
        registration={register('joinCode', { validate: (v) => v.trim() !== '' || 'Join code: required' })} />
      <div className="first-run-actions">
        <button type="button" className="button" onClick={onCancel}>Back</button>
        <button type="submit" className="button button-primary" disabled={mutation.isPending}>{mutation.isPending ? 'Joining… (fetching the company’s data)' : 'Join the hub'}</button>
      </div>
    </form>
  );
}
