/**
 * A user, new or existing (issue 14), for the admin: name, role and the branches they work in
 * (the usual one is where sign-in puts them). A new user gets a temporary password; an existing
 * one can be disabled, enabled again, or given a temporary password. The service keeps the last
 * active admin and names the field of any bad input.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ROLE_NAMES, ROLES, type Role } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import { PASSWORD_MIN_LENGTH, type UserSummary } from '../../../shared/models/users.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { hrefFor, navigate } from '../core/router.js';
import { bannerFor, ErrorBanner, placeFieldErrors } from '../ui/errors.js';
import { Field } from '../ui/Field.js';
import { UserAccess } from './UserAccess.js';

interface Values {
  userName: string;
  fullName: string;
  email: string;
  role: Role;
  usualBranchID: string;
  branchIDs: string[];
  password: string;
}

const FIELDS = ['userName', 'fullName', 'email', 'role', 'branchIDs', 'password'] as const;

function toForm(u: UserSummary): Values {
  return { userName: u.userName, fullName: u.fullName ?? '', email: u.email ?? '', role: u.role, usualBranchID: u.branchID, branchIDs: u.branchIDs, password: '' };
}

export function UserForm({ userId }: { userId?: string }) {
  const editing = userId !== undefined;
  const invalidate = useInvalidate();
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const users = useEndpoint(api.Users.list, {});
  const profile = useEndpoint(api.Account.getProfile, {});
  const branches = profile.data?.profile.branches ?? [];
  const user = editing ? users.data?.find((u) => u.userID === userId) : undefined;

  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { userName: '', fullName: '', email: '', role: 'cashier', usualBranchID: '', branchIDs: [], password: '' } });

  useEffect(() => {
    if (user) reset(toForm(user));
  }, [user, reset]);

  const onError = (error: Error) => {
    setUnplaced(
      placeFieldErrors(error, (path, message) => {
        const field = path.startsWith('branchIDs') ? 'branchIDs' : path;
        if (!(FIELDS as readonly string[]).includes(field)) return false;
        setError(field as (typeof FIELDS)[number], { type: 'server', message });
        return true;
      }),
    );
  };
  const done = async () => {
    await invalidate(api.Users.list);
    navigate({ name: 'users' });
  };
  const create = useEndpointMutation(api.Users.create, { onSuccess: done, onError });
  const update = useEndpointMutation(api.Users.update, { onSuccess: done, onError });
  const save = editing ? update : create;

  const submit = (v: Values) => {
    // The usual branch goes first; it is always one of the user's branches.
    const usual = v.usualBranchID || v.branchIDs[0] || '';
    const branchIDs = usual ? [usual, ...v.branchIDs.filter((b) => b !== usual)] : v.branchIDs;
    const common = { fullName: v.fullName, email: v.email, role: v.role, branchIDs };
    if (userId !== undefined) update.mutate({ body: { ...common, userID: userId } });
    else create.mutate({ body: { ...common, userName: v.userName, password: v.password } });
  };

  const title = editing ? `User ${user?.userName ?? ''}` : 'New user';
  const checked = watch('branchIDs');
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message;

  return (
    <section className="panel screen screen-narrow" aria-labelledby="user-form-title">
      <a className="back-link" href={hrefFor({ name: 'users' })}>
        ← Users
      </a>
      <h1 id="user-form-title">{title}</h1>
      {users.isError && <ErrorBanner banner={bannerFor(users.error, 'load the users')} />}
      {save.isError && <ErrorBanner banner={bannerFor(save.error, 'save the user')} extra={unplaced} />}
      {editing && users.isSuccess && !user && <p className="banner banner-error">No such user.</p>}

      {editing && !user ? (
        users.isPending && <p className="muted">Loading…</p>
      ) : (
        <form className="form-grid" noValidate aria-label={title} onSubmit={handleSubmit(submit)}>
          <fieldset className="form-section">
            <legend>User</legend>
            <Field id="u-name" label="User name" className="span-3" autoComplete="off" autoFocus={!editing} readOnly={editing} registration={register('userName')} error={err('userName')} />
            <Field id="u-full" label="Full name" className="span-4" autoComplete="off" registration={register('fullName')} error={err('fullName')} />
            <Field id="u-email" label="E-mail" className="span-4" type="email" registration={register('email')} error={err('email')} />
            <div className="field span-3">
              <label htmlFor="u-role">Role</label>
              <select id="u-role" aria-invalid={errors.role ? true : undefined} {...register('role')}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_NAMES[r]}
                  </option>
                ))}
              </select>
              {errors.role && <p className="field-error">{errors.role.message}</p>}
            </div>
          </fieldset>
          <fieldset className="form-section" aria-describedby={errors.branchIDs ? 'u-branches-error' : undefined}>
            <legend>Branches</legend>
            {branches.map((b) => (
              <label key={b.branchID} className="check span-3">
                <input type="checkbox" value={b.branchID} {...register('branchIDs')} /> Works at {b.branchName}
              </label>
            ))}
            <div className="field span-3">
              <label htmlFor="u-usual">Usual branch</label>
              <select id="u-usual" {...register('usualBranchID')}>
                <option value="">The first one ticked</option>
                {branches
                  .filter((b) => checked.includes(b.branchID))
                  .map((b) => (
                    <option key={b.branchID} value={b.branchID}>
                      {b.branchName}
                    </option>
                  ))}
              </select>
            </div>
            {errors.branchIDs && (
              <p id="u-branches-error" className="field-error span-7">
                {errors.branchIDs.message}
              </p>
            )}
          </fieldset>
          {!editing && (
            <fieldset className="form-section">
              <legend>Temporary password</legend>
              <Field
                id="u-password"
                label="Temporary password"
                className="span-4"
                type="password"
                autoComplete="new-password"
                hint={`At least ${PASSWORD_MIN_LENGTH} characters; the user chooses their own at the first sign-in`}
                registration={register('password')}
                error={err('password')}
              />
            </fieldset>
          )}
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : editing ? 'Save user' : 'Add user'}
            </button>
          </div>
        </form>
      )}
      {user && <UserAccess user={user} />}
    </section>
  );
}
