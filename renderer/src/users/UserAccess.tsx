/** An existing user's access, for the admin: disable or enable, and a temporary password. */
import { useState } from 'react';
import { ApiError } from '../../../shared/client.js';
import { api } from '../../../shared/endpoints/index.js';
import { PASSWORD_MIN_LENGTH, type UserSummary } from '../../../shared/models/users.js';
import { useEndpointMutation, useInvalidate } from '../core/service.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';

export function UserAccess({ user }: { user: UserSummary }) {
  const invalidate = useInvalidate();
  const [password, setPassword] = useState('');
  const [said, setSaid] = useState('');
  const after = async (answer: { message: string }) => {
    setSaid(answer.message);
    await invalidate(api.Users.list);
  };
  const disable = useEndpointMutation(api.Users.disable, { onSuccess: after });
  const enable = useEndpointMutation(api.Users.enable, { onSuccess: after });
  const resetPassword = useEndpointMutation(api.Users.resetPassword, {
    onSuccess: async (answer) => {
      setPassword('');
      await after(answer);
    },
  });
  const failed = [disable, enable, resetPassword].find((m) => m.isError);
  const passwordError = resetPassword.isError ? resetPassword.error : null;

  return (
    <section className="form-grid" aria-labelledby="user-access-title">
      <h2 id="user-access-title" className="span-7">
        Access
      </h2>
      {said && !failed && (
        <p className="banner banner-info span-7" role="status">
          {said}
        </p>
      )}
      {failed && !passwordError && <ErrorBanner banner={bannerFor(failed.error, 'change this user’s access')} />}
      <div className="actions span-7">
        {user.isActive ? (
          <button
            type="button"
            className="button button-danger"
            disabled={disable.isPending}
            onClick={() => {
              if (window.confirm(`Disable ${user.userName}? They are signed out at once and cannot sign in.`)) {
                disable.mutate({ body: { userID: user.userID } });
              }
            }}
          >
            Disable user
          </button>
        ) : (
          <button type="button" className="button button-secondary" disabled={enable.isPending} onClick={() => enable.mutate({ body: { userID: user.userID } })}>
            Enable user
          </button>
        )}
      </div>
      <form
        className="form-section span-7"
        noValidate
        aria-label="Reset password"
        onSubmit={(e) => {
          e.preventDefault();
          resetPassword.mutate({ body: { userID: user.userID, newPassword: password } });
        }}
      >
        <div className="field span-4">
          <label htmlFor="u-reset">New temporary password</label>
          <input
            id="u-reset"
            type="password"
            autoComplete="new-password"
            value={password}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? 'u-reset-error' : 'u-reset-hint'}
            onChange={(e) => setPassword(e.target.value)}
          />
          {passwordError ? (
            <p id="u-reset-error" className="field-error">
              {(passwordError instanceof ApiError && passwordError.fieldErrors('newPassword')[0]) || bannerFor(passwordError, 'reset the password').detail}
            </p>
          ) : (
            <p id="u-reset-hint" className="field-hint">
              At least {PASSWORD_MIN_LENGTH} characters. {user.userName} is signed out and chooses their own at the next sign-in.
            </p>
          )}
        </div>
        <button type="submit" className="button button-secondary" disabled={resetPassword.isPending}>
          Reset password
        </button>
      </form>
    </section>
  );
}
