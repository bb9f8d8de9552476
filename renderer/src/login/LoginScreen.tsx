import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../shared/client.js';
import { api } from '../../../shared/endpoints/index.js';
import { LoginRequest } from '../../../shared/models/auth.js';
import { serviceUrl, useEndpointMutation } from '../core/service.js';
import { landAfterSignIn } from '../core/router.js';
import { useSession } from '../core/session.js';

type Banner = { title: string; detail: string };

/** What to tell the person at the counter, by what went wrong. */
function bannerFor(error: unknown): Banner | null {
  if (!(error instanceof ApiError)) {
    // fetch rejects (TypeError) when nothing answers: the service is down or the URL is wrong.
    return {
      title: 'Cannot reach the Optical POS service',
      detail: `Nothing answered at ${serviceUrl}. Check that the service is running, then try again.`,
    };
  }
  switch (error.status) {
    case 401:
      return { title: 'Sign-in failed', detail: error.body.message };
    case 429:
      return { title: 'Account temporarily locked', detail: error.body.message };
    case 400:
      // Field messages are shown next to their fields; a banner only when none matched.
      return error.fieldErrors('userName').length || error.fieldErrors('password').length
        ? null
        : { title: 'Sign-in failed', detail: error.body.message };
    default:
      return { title: 'The service could not sign you in', detail: error.body.message };
  }
}

/** The demo's users and their well-known password: shown on the demo's sign-in only, never a real store's. */
const DEMO_HINT = 'Sign in as admin, manager, cashier or optometrist, password demo1234.';

export function LoginScreen({ demo = false, notice = null }: { demo?: boolean; notice?: string | null }) {
  const login = useSession((s) => s.login);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { userName: '', password: '' },
  });

  const mutation = useEndpointMutation(api.Auth.login, {
    input: (body: LoginRequest) => ({ body }),
    onSuccess: (session) => {
      landAfterSignIn(session.userRole);
      login(session);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        for (const field of ['userName', 'password'] as const) {
          const [message] = error.fieldErrors(field);
          if (message) setError(field, { message });
        }
        if (error.status === 401) {
          // A mistyped password is the usual cause: let them retype it straight away.
          setValue('password', '');
          setFocus('password');
        }
      }
    },
  });

  const banner = mutation.isError ? bannerFor(mutation.error) : null;
  const pending = mutation.isPending;

  return (
    <main className="login">
      <section className="login-card" aria-labelledby="login-title">
        <header className="login-brand">
          <span className="brand-mark" aria-hidden="true">
            OP
          </span>
          <div>
            <h1 id="login-title">Optical POS</h1>
            <p className="login-subtitle">Sign in to start your shift</p>
          </div>
        </header>

        {demo && (
          <div className="banner banner-warning demo-sign-in" role="note" aria-label="Demo store">
            <strong>Demo store — sample data, not for real sales</strong>
            <span>{DEMO_HINT}</span>
          </div>
        )}
        {notice && !demo && (
          <div className="banner banner-info" role="status">
            <span>{notice}</span>
          </div>
        )}

        {banner && (
          <div className="banner banner-error" role="alert">
            <strong>{banner.title}</strong>
            <span>{banner.detail}</span>
          </div>
        )}

        <form className="login-form" noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
          <div className="field">
            <label htmlFor="login-user">User name</label>
            <input
              id="login-user"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              aria-invalid={errors.userName ? true : undefined}
              aria-describedby={errors.userName ? 'login-user-error' : undefined}
              {...register('userName')}
            />
            {errors.userName && (
              <p id="login-user-error" className="field-error">
                {errors.userName.message}
              </p>
            )}
          </div>

          <div className="field">
            <label htmlFor="login-password">Password</label>
            <input
              id="login-password"
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'login-password-error' : undefined}
              {...register('password')}
            />
            {errors.password && (
              <p id="login-password-error" className="field-error">
                {errors.password.message}
              </p>
            )}
          </div>

          <button type="submit" className="button button-primary button-block" disabled={pending}>
            {pending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </section>
    </main>
  );
}
