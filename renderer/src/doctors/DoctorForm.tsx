import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '../../../shared/endpoints/index.js';
import { DOCTOR_EDITORS, hasRole } from '../../../shared/contract/roles.js';
import { EncryptedDoctorSaveModel, type Doctor } from '../../../shared/models/doctor.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { useSession } from '../core/session.js';
import { bannerFor, ErrorBanner, placeFieldErrors } from '../ui/errors.js';
import { Field } from '../ui/Field.js';
import { hrefFor, navigate } from '../core/router.js';

type DoctorInput = z.input<typeof EncryptedDoctorSaveModel>;
type DoctorBody = z.output<typeof EncryptedDoctorSaveModel>;

const SHOWN = ['name', 'mobile', 'email', 'address', 'city', 'zipCode', 'remarks', 'isActive'] as const;
type ShownField = (typeof SHOWN)[number];

const contractResolver = zodResolver(EncryptedDoctorSaveModel);
/* Blank boxes are "not given"; the name stays '' so its message is "Required". */
const resolver: Resolver<DoctorInput, unknown, DoctorBody> = (values, context, options) => {
  const out: Record<string, unknown> = { ...values };
  for (const [key, value] of Object.entries(out)) if (key !== 'name' && value === '') out[key] = null;
  return contractResolver(out as DoctorInput, context, options);
};

function doctorToForm(d: Doctor): DoctorInput {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(d)) values[key] = value === null ? '' : value;
  return values as DoctorInput;
}

export function DoctorForm({ doctorId }: { doctorId?: string }) {
  const editing = doctorId !== undefined;
  const invalidate = useInvalidate();
  // The contract lets cashiers read doctors but not edit them; say so instead of failing on save.
  const role = useSession((s) => s.session?.userRole);
  const readOnly = !hasRole(role, DOCTOR_EDITORS);
  const [unplaced, setUnplaced] = useState<string[]>([]);

  const doctor = useEndpoint(api.Customer.getDoctor, doctorId !== undefined ? { params: { id: doctorId } } : null);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<DoctorInput, unknown, DoctorBody>({ resolver, defaultValues: { name: '', isActive: true } });

  useEffect(() => {
    if (doctor.data) reset(doctorToForm(doctor.data));
  }, [doctor.data, reset]);

  const save = useEndpointMutation(api.Customer.saveDoctor, {
    input: (body: DoctorBody) => ({ body }),
    onSuccess: async () => {
      await invalidate(api.Customer.doctorListPage);
      await invalidate(api.Customer.doctorList);
      await invalidate(api.Customer.getDoctor);
      navigate({ name: 'doctors' });
    },
    onError: (error) => {
      setUnplaced(
        placeFieldErrors(error, (path, message) => {
          if (!(SHOWN as readonly string[]).includes(path)) return false;
          setError(path as ShownField, { type: 'server', message });
          return true;
        }),
      );
    },
  });

  const err = (name: ShownField) => errors[name]?.message;
  const title = editing ? 'Edit doctor' : 'New doctor';

  return (
    <section className="panel screen screen-narrow" aria-labelledby="doctor-form-title">
      <a className="back-link" href={hrefFor({ name: 'doctors' })}>
        ← Doctors
      </a>
      <h1 id="doctor-form-title">{title}</h1>
      {readOnly && (
        <p className="banner banner-info">Cashiers can look doctors up; an optometrist or a manager keeps them up to date.</p>
      )}
      {doctor.isError && <ErrorBanner banner={bannerFor(doctor.error, 'load this doctor')} />}
      {save.isError && <ErrorBanner banner={bannerFor(save.error, 'save the doctor')} extra={unplaced} />}

      {editing && doctor.isPending ? (
        <p className="muted">Loading…</p>
      ) : (
        <form className="form-grid" noValidate aria-label={title} onSubmit={handleSubmit((body) => save.mutate(body))}>
          <fieldset className="form-section" disabled={readOnly}>
            <legend>Doctor</legend>
            <Field id="d-name" label="Name" className="span-4" autoFocus autoComplete="off" registration={register('name')} error={err('name')} />
            <Field id="d-mobile" label="Mobile" className="span-3" type="tel" registration={register('mobile')} error={err('mobile')} />
            <Field id="d-email" label="E-mail" className="span-4" type="email" registration={register('email')} error={err('email')} />
            <Field id="d-city" label="City" className="span-3" registration={register('city')} error={err('city')} />
            <Field id="d-address" label="Clinic address" className="span-5" registration={register('address')} error={err('address')} />
            <Field id="d-zip" label="PIN code" className="span-2" inputMode="numeric" registration={register('zipCode')} error={err('zipCode')} />
            <Field id="d-remarks" label="Remarks" className="span-7" registration={register('remarks')} error={err('remarks')} />
            <label className="check span-3">
              <input type="checkbox" {...register('isActive')} /> Active (offered in the doctor picker)
            </label>
          </fieldset>
          {!readOnly && (
            <div className="actions">
              <button type="submit" className="button button-primary" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save doctor'}
              </button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
