/**
 * Set up my store: the same answers `npm run setup` asks for, checked by the service with the
 * same rules (a refusal names its field). The GSTIN's check character and state code are checked
 * here as they are typed, with the same shared function, as a help only.
 */
import { useForm } from 'react-hook-form';
import { gstinProblem, gstinStateCode } from '../../../shared/domain/gstin.js';
import { api } from '../../../shared/endpoints/index.js';
import type { SetupDone, SetupStatus, StoreSetupRequest } from '../../../shared/models/setup.js';
import { PASSWORD_MIN_LENGTH } from '../../../shared/models/users.js';
import { useEndpointMutation } from '../core/service.js';
import { bannerFor, ErrorBanner, placeFieldErrors } from '../ui/errors.js';
import { Field } from '../ui/Field.js';

type Values = Required<{ [K in keyof StoreSetupRequest]: string }> & { adminPasswordAgain: string };

const FIELDS = ['companyName', 'gstin', 'state', 'branchCode', 'branchName', 'branchCity', 'branchGstin', 'branchState', 'adminUserName', 'adminPassword', 'tillCode'] as const;

export function StoreSetupForm({ status, onDone, onCancel }: { status: SetupStatus; onDone: (done: SetupDone) => void; onCancel: () => void }) {
  const { register, handleSubmit, setError, watch, formState: { errors } } = useForm<Values>({
    // Each field is checked as it is left, the GSTIN's check character among them.
    mode: 'onTouched',
    defaultValues: { companyName: '', gstin: '', state: '', branchCode: '', branchName: '', branchCity: '', branchGstin: '', branchState: '', adminUserName: 'admin', adminPassword: '', adminPasswordAgain: '', tillCode: '1' },
  });
  const stateCode = (name: string) => status.states.find((s) => s.name === name)?.gstStateCode;
  const gstinCheck = (label: string, stateName: string) => (value: string) => {
    if (!value.trim()) return label === 'Company GSTIN' ? `${label}: required` : true;
    const problem = gstinProblem(value);
    if (problem) return `${label}: ${problem}`;
    const code = stateCode(stateName);
    return !code || gstinStateCode(value.toUpperCase()) === code ? true : `${label}: starts with ${gstinStateCode(value)}, but ${stateName} is ${code}`;
  };
  const mutation = useEndpointMutation(api.Setup.createStore, {
    input: (values: Values) => {
      const { adminPasswordAgain: _again, ...body } = values;
      return { body: { ...body, gstin: body.gstin.toUpperCase(), branchGstin: body.branchGstin.toUpperCase() || null, branchState: body.branchState || null } };
    },
    onSuccess: onDone,
    onError: (error) => placeFieldErrors(error, (path, message) => {
      const field = FIELDS.find((f) => f === path);
      if (field) setError(field, { message });
      return field !== undefined;
    }),
  });
  const leftOver = mutation.isError ? placeFieldErrors(mutation.error, (path) => (FIELDS as readonly string[]).includes(path)) : [];

  return (
    <form className="first-run-form" noValidate aria-label="Set up my store" onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <ErrorBanner banner={mutation.isError ? bannerFor(mutation.error, 'set up the store') : null} extra={leftOver} />
      <fieldset>
        <legend>Company</legend>
        <Field id="setup-company" label="Company name" error={errors.companyName?.message} registration={register('companyName', { validate: (v) => v.trim().length >= 2 || 'Company name: at least 2 characters' })} />
        <div className="field">
          <label htmlFor="setup-state">State</label>
          <select id="setup-state" aria-invalid={errors.state ? true : undefined} {...register('state', { validate: (v) => v !== '' || 'State: choose the company’s state' })}>
            <option value="">Choose…</option>
            {status.states.map((s) => (
              <option key={s.gstStateCode} value={s.name}>{`${s.name} (${s.gstStateCode})`}</option>
            ))}
          </select>
          {errors.state && <p className="field-error">{errors.state.message}</p>}
        </div>
        <Field id="setup-gstin" label="Company GSTIN" autoCapitalize="characters" spellCheck={false} hint="15 characters; its check character is checked as you type" error={errors.gstin?.message}
          registration={register('gstin', { validate: (v) => gstinCheck('Company GSTIN', watch('state'))(v) })} />
        <div className="field">
          <label htmlFor="setup-year">Financial year starts</label>
          <select id="setup-year" disabled aria-describedby="setup-year-hint" defaultValue="April">
            <option value="April">1 April (to 31 March)</option>
          </select>
          <p id="setup-year-hint" className="field-hint">The store keeps the Indian financial year, 1 April to 31 March; no other start is offered.</p>
        </div>
      </fieldset>
      <fieldset>
        <legend>First branch</legend>
        <Field id="setup-branch-code" label="Branch code" hint="Short, e.g. PUN1" error={errors.branchCode?.message} registration={register('branchCode', { validate: (v) => v.trim() !== '' || 'Branch code: required' })} />
        <Field id="setup-branch-name" label="Branch name" error={errors.branchName?.message} registration={register('branchName', { validate: (v) => v.trim().length >= 2 || 'Branch name: at least 2 characters' })} />
        <Field id="setup-branch-city" label="City" error={errors.branchCity?.message} registration={register('branchCity')} />
        <Field id="setup-branch-gstin" label="Branch GSTIN (if not the company’s)" autoCapitalize="characters" spellCheck={false} hint="Leave blank when the branch uses the company’s GSTIN" error={errors.branchGstin?.message}
          registration={register('branchGstin', { validate: (v) => gstinCheck('Branch GSTIN', watch('branchState') || watch('state'))(v) })} />
        <div className="field">
          <label htmlFor="setup-branch-state">Branch state (if not the company’s)</label>
          <select id="setup-branch-state" {...register('branchState')}>
            <option value="">Same as the company</option>
            {status.states.map((s) => (
              <option key={s.gstStateCode} value={s.name}>{s.name}</option>
            ))}
          </select>
          {errors.branchState && <p className="field-error">{errors.branchState.message}</p>}
        </div>
      </fieldset>
      <fieldset>
        <legend>Administrator and this till</legend>
        <Field id="setup-admin" label="Administrator user name" autoComplete="username" error={errors.adminUserName?.message} registration={register('adminUserName', { validate: (v) => v.trim().length >= 3 || 'Administrator user name: at least 3 characters' })} />
        <Field id="setup-password" type="password" autoComplete="new-password" label="Administrator password" hint={`At least ${PASSWORD_MIN_LENGTH} characters`} error={errors.adminPassword?.message}
          registration={register('adminPassword', { validate: (v) => v.length >= PASSWORD_MIN_LENGTH || `Administrator password: at least ${PASSWORD_MIN_LENGTH} characters` })} />
        <Field id="setup-password-again" type="password" autoComplete="new-password" label="Administrator password again" error={errors.adminPasswordAgain?.message}
          registration={register('adminPasswordAgain', { validate: (v) => v === watch('adminPassword') || 'Administrator password again: the two passwords differ' })} />
        <Field id="setup-till" label="Till code" hint="1 to 3 letters or digits, in every number this PC issues" error={errors.tillCode?.message} registration={register('tillCode')} />
      </fieldset>
      <div className="first-run-actions">
        <button type="button" className="button" onClick={onCancel}>Back</button>
        <button type="submit" className="button button-primary" disabled={mutation.isPending}>{mutation.isPending ? 'Setting up…' : 'Set up the store'}</button>
      </div>
    </form>
  );
}
