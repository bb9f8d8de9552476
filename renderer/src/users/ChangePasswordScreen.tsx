/**
 * Changing one's own password (issue 14): from the menu at any time, and, forced, right after a
 * sign-in whose password someone else set (a real store's first sign-in, a new user, an admin's
 * reset). The service answers a new token, so the session carries on; other sessions end.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../shared/client.js';
import { api } from '../../../shared/endpoints/index.js';
import { ChangePasswordRequest, PASSWORD_MIN_LENGTH } from '../../../shared/models/users.js';
import { useEndpointMutation } from '../core/service.js';
import { useSession } from '../core/session.js';
import { bannerFor, ErrorBanner, placeFieldErrors } from '../ui/errors.js';
import { Field } from '../ui/Field.js';

type Values = ChangePasswordRequest & { confirmPassword: string };
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function ChangePasswordScreen({ forced = false }: { forced?: boolean }) {
  const passwordChanged = useSession((s) => s.passwordChanged);
  const logout = useSession((s) => s.logout);
  const userName = useSession((s) => s.session?.userName);
  const [done, setDone] = useState(false);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const contract = zodResolver(ChangePasswordRequest);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    resolver: async (values, context, options) => {
      const result = await contract(values, context, options as never);
      if (values.confirmPassword !== values.newPassword) {
        return { values: {}, errors: { ...result.errors, confirmPassword: { type: 'match', message: 'Does not match the new password' } } };
      }
      return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors } : { values, errors: {} };
    },
  });

  const change = useEndpointMutation(api.Users.changePassword, {
    input: ({ currentPassword, newPassword }: Values) => ({ body: { currentPassword, newPassword } }),
    onSuccess: (answer) => {
      passwordChanged(answer.token);
      reset();
      setDone(true);
    },
    onError: (error) => {
      setDone(false);
      if (error instanceof ApiError && error.body.code === 'WRONG_PASSWORD') {
        setError('currentPassword', { type: 'server', message: 'Wrong password' });
        return;
      }
      setUnplaced(
        placeFieldErrors(error, (path, message) => {
          if (!(FIELDS as readonly string[]).includes(path)) return false;
          setError(path as (typeof FIELDS)[number], { type: 'server', message });
          return true;
        }),
      );
    },
  });

  const wrongPassword = change.error instanceof ApiError && change.error.body.code === 'WRONG_PASSWORD';
  const form = (
    <form className="login-form" noValidate aria-label="Change password" onSubmit={handleSubmit((values) => change.mutate(values))}>
      <input type="text" hidden readOnly autoComplete="username" value={userName ?? ''} />
      <Field
        id="pw-current"
        label={forced ? 'Password you signed in with' : 'Current password'}
        type="password"
        autoComplete="current-password"
        autoFocus
        registration={register('currentPassword')}
        error={errors.currentPassword?.message}
      />
      <Field
        id="pw-new"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        registration={register('newPassword')}
        error={errors.newPassword?.message}
      />
      <Field
        id="pw-confirm"
        label="New password again"
        type="password"
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
      <button type="submit" className="button button-primary" disabled={change.isPending}>
        {change.isPending ? 'Saving…' : 'Change password'}
      </button>
    </form>
  );
  const failure = change.isError && !wrongPassword && <ErrorBanner banner={bannerFor(change.error, 'change the password')} extra={unplaced} />;

  if (forced) {
    return (
      <main className="login">
        <section className="login-card" aria-labelledby="pw-title">
          <header className="login-brand">
            <span className="brand-mark" aria-hidden="true">
              OP
            </span>
            <div>
              <h1 id="pw-title">Choose your password</h1>
              <p className="login-subtitle">
                {userName}, your password was set by someone else. Choose your own before you start.
              </p>
            </div>
          </header>
          {failure}
          {form}
          <button type="button" className="button button-ghost" onClick={logout}>
            Log out
          </button>
        </section>
      </main>
    );
  }
  return (
    <section className="panel screen screen-narrow" aria-labelledby="pw-title">
      <h1 id="pw-title">My password</h1>
      <p className="muted">Changing it signs you out on every other computer.</p>
      {done && (
        <p className="banner banner-info" role="status">
          Password changed.
        </p>
      )}
      {failure}
      {form}
    </section>
  );
}
