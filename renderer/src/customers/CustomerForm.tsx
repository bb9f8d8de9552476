import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { dateEntryMessage } from '../../../shared/domain/calendar.js';
import { api } from '../../../shared/endpoints/index.js';
import {
  EncryptedCustomerModel,
  type CustomerRecord,
} from '../../../shared/models/customer.js';
import { endpointKey, useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { dateInputValue } from '../ui/dates.js';
import { bannerFor, ErrorBanner, placeFieldErrors } from '../ui/errors.js';
import { Field } from '../ui/Field.js';
import { FormDateField, isDateEntry } from '../ui/DateField.js';
import { hrefFor, navigate } from '../core/router.js';
import type { LikelySameMatch } from '../../../shared/models/customer-merge.js';
import { LikelySame } from './LikelySame.js';

type CustomerInput = z.input<typeof EncryptedCustomerModel>;
type CustomerBody = z.output<typeof EncryptedCustomerModel>;

/** The fields this form shows; the rest of the 77 travel through untouched on edit. */
const SHOWN = [
  'title', 'firstName', 'middleName', 'lastName', 'mobile', 'phoneNO', 'emailId', 'birthDate', 'marriageDate',
  'houseNumber', 'societyName', 'street', 'area', 'landmark', 'city', 'zipCode', 'taxNO', 'remarks', 'isActive',
  'dndForPromotionalMessage',
] as const satisfies readonly FieldPath<CustomerInput>[];
type ShownField = (typeof SHOWN)[number];

const REQUIRED = new Set<string>(['firstName', 'lastName']);

/**
 * A blank box is "not given": the contract's date fields reject '' and the service stores null
 * for absent text, so blanks become null before the contract's schema sees them. The two
 * required names stay '' so that their message is "Required", not a type error.
 */
function blanksToNull(values: CustomerInput): CustomerInput {
  const out: Record<string, unknown> = { ...values };
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === 'string' && value.trim() === '' && !REQUIRED.has(key)) out[key] = null;
  }
  return out as CustomerInput;
}

/**
 * Cashiers and optometrists are sent mobiles masked, "98XXXXXX45" (docs/decisions.md, "Masked
 * mobiles"). Sent back unchanged, that is no number at all: the contract's pattern refuses it.
 */
export const isMaskedMobile = (mobile: string | null | undefined): mobile is string => /^\d*X+\d*$/.test(mobile ?? '');

interface FormContext {
  /** The masked mobile this form was loaded with, while the user may only see it masked. */
  maskedMobile: string | null;
}

/*
 * A masked mobile the user left alone is left out of the body: the service keeps a field the
 * request leaves out, so the number they were never shown survives the edit. Typed over, the
 * new number is checked and sent like any other.
 */
function withoutUnchangedMask(values: CustomerInput, context: FormContext | undefined): CustomerInput {
  if (!context?.maskedMobile || values.mobile !== context.maskedMobile) return values;
  const { mobile: _kept, ...rest } = values;
  return rest;
}

const contractResolver = zodResolver(EncryptedCustomerModel);
/** The date boxes hold ISO days; typed text that is not one is said in the store's format (issue 16). */
const DATE_FIELDS = [
  ['birthDate', 'Birth date'],
  ['marriageDate', 'Anniversary'],
] as const;
const resolver: Resolver<CustomerInput, FormContext, CustomerBody> = async (values, context, options) => {
  const unreadable = DATE_FIELDS.filter(([key]) => !isDateEntry(values[key] as string | null | undefined));
  const readable = { ...values, ...Object.fromEntries(unreadable.map(([key]) => [key, ''])) } as CustomerInput;
  const result = await contractResolver(blanksToNull(withoutUnchangedMask(readable, context)), context, options);
  if (unreadable.length === 0) return result;
  const errors = { ...result.errors, ...Object.fromEntries(unreadable.map(([key, label]) => [key, { type: 'format', message: dateEntryMessage(label) }])) };
  return { values: {}, errors } as Awaited<ReturnType<typeof contractResolver>>;
};

const EMPTY: CustomerInput = { firstName: '', lastName: '', mobile: '', emailId: '', isActive: true };

/** A stored record as form values: nulls as blank boxes, dates as yyyy-mm-dd. */
function recordToForm(record: CustomerRecord): CustomerInput {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) values[key] = value === null ? '' : value;
  values.birthDate = dateInputValue(record.birthDate);
  values.marriageDate = dateInputValue(record.marriageDate);
  return values as CustomerInput;
}

function isShown(path: string): path is ShownField {
  return (SHOWN as readonly string[]).includes(path);
}

export function CustomerForm({ customerId }: { customerId?: string }) {
  const editing = customerId !== undefined;
  const invalidate = useInvalidate();
  const [duplicates, setDuplicates] = useState<{ rows: LikelySameMatch[]; body: CustomerBody } | null>(null);
  const [unplaced, setUnplaced] = useState<string[]>([]);

  const detail = useEndpoint(api.Customer.detail, customerId !== undefined ? { body: { customerID: customerId } } : null);

  const maskedMobile = editing && isMaskedMobile(detail.data?.mobile) ? detail.data.mobile : null;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<CustomerInput, FormContext, CustomerBody>({ resolver, defaultValues: EMPTY, context: { maskedMobile } });

  useEffect(() => {
    if (detail.data) reset(recordToForm(detail.data));
  }, [detail.data, reset]);

  const save = useEndpointMutation(api.Customer.upsert, {
    input: (body: CustomerBody) => ({ body }),
    onSuccess: async (result) => {
      await invalidate(api.Customer.list);
      await invalidate(endpointKey(api.Customer.detail, { body: { customerID: result.customerID } }));
      navigate({ name: 'customer', customerId: result.customerID, tab: 'profile' }, { replace: editing });
    },
    onError: (error) => {
      let first: ShownField | null = null;
      const left = placeFieldErrors(error, (path, message) => {
        // The upsert body is the customer itself; accept a customerModel. prefix as well.
        const field = path.replace(/^customerModel\./, '');
        if (!isShown(field)) return false;
        setError(field, { type: 'server', message });
        first ??= field;
        return true;
      });
      setUnplaced(left);
      if (first) setFocus(first);
    },
  });

  // Who of the company, at any branch, may be this person: asked before a new record is saved.
  const check = useEndpointMutation(api.CustomerMerge.likelySame, {
    input: (body: CustomerBody) => ({
      body: {
        mobile: body.mobile || null,
        email: body.emailId || null,
        firstName: body.firstName,
        lastName: body.lastName,
        birthDate: body.birthDate ?? null,
      },
    }),
  });

  async function submit(body: CustomerBody) {
    setUnplaced([]);
    setDuplicates(null);
    if (!editing) {
      // A second record for the same person splits their prescription history: ask first.
      const found = await check.mutateAsync(body).catch(() => null);
      if (found && found.matches.length > 0) {
        setDuplicates({ rows: found.matches, body });
        return;
      }
    }
    save.mutate(body);
  }

  const err = (name: ShownField) => errors[name]?.message;
  const pending = save.isPending || check.isPending;
  const title = editing ? 'Edit customer' : 'New customer';

  if (editing && detail.isError) {
    return (
      <section className="panel screen">
        <h1>{title}</h1>
        <ErrorBanner banner={bannerFor(detail.error, 'load this customer')} />
      </section>
    );
  }

  return (
    <section className="panel screen" aria-labelledby="customer-form-title">
      <header className="screen-head">
        <h1 id="customer-form-title">{title}</h1>
        <a
          className="button button-secondary"
          href={hrefFor(editing ? { name: 'customer', customerId, tab: 'profile' } : { name: 'customers' })}
        >
          Cancel
        </a>
      </header>

      {save.isError && <ErrorBanner banner={bannerFor(save.error, 'save the customer')} extra={unplaced} />}
      {check.isError && (
        <ErrorBanner banner={bannerFor(check.error, 'check for duplicates')} />
      )}

      {duplicates && (
        <LikelySame
          matches={duplicates.rows}
          use={(d) => (
            <a className="button button-secondary button-small" href={hrefFor({ name: 'customer', customerId: d.customerID, tab: 'profile' })}>
              Open {d.name}
            </a>
          )}
          onCreateAnyway={() => save.mutate(duplicates.body)}
          createLabel="Save as a new customer anyway"
          pending={pending}
        />
      )}

      {editing && detail.isPending ? (
        <p className="muted">Loading…</p>
      ) : (
        <form className="form-grid" noValidate onSubmit={handleSubmit(submit)} aria-label={title}>
          <fieldset className="form-section">
            <legend>Name and contact</legend>
            <Field id="c-title" label="Title" className="span-1" registration={register('title')} error={err('title')} list="c-titles" />
            <datalist id="c-titles">
              <option value="Mr" />
              <option value="Ms" />
              <option value="Mrs" />
              <option value="Dr" />
              <option value="Master" />
              <option value="Baby" />
            </datalist>
            <Field id="c-first" label="First name" className="span-2" autoFocus registration={register('firstName')} error={err('firstName')} autoComplete="off" />
            <Field id="c-middle" label="Middle name" className="span-2" registration={register('middleName')} error={err('middleName')} autoComplete="off" />
            <Field id="c-last" label="Last name" className="span-2" registration={register('lastName')} error={err('lastName')} autoComplete="off" />
            <Field
              id="c-mobile"
              label="Mobile"
              className="span-2"
              type="tel"
              inputMode="tel"
              registration={register('mobile')}
              error={err('mobile')}
              hint={maskedMobile ? 'Hidden for your role: kept as is, or type a new number' : '10 digits'}
              autoComplete="off"
              // One keystroke replaces the masked digits instead of editing them into a broken number.
              onFocus={maskedMobile ? (e) => e.currentTarget.select() : undefined}
            />
            <Field id="c-phone" label="Other phone" className="span-2" type="tel" registration={register('phoneNO')} error={err('phoneNO')} autoComplete="off" />
            <Field id="c-email" label="E-mail" className="span-3" type="email" registration={register('emailId')} error={err('emailId')} autoComplete="off" />
            <FormDateField control={control} name="birthDate" id="c-birth" label="Birth date" className="span-2" error={err('birthDate')} />
            <FormDateField control={control} name="marriageDate" id="c-marriage" label="Anniversary" className="span-2" error={err('marriageDate')} />
          </fieldset>

          <fieldset className="form-section">
            <legend>Address</legend>
            <Field id="c-house" label="House no." className="span-1" registration={register('houseNumber')} error={err('houseNumber')} />
            <Field id="c-society" label="Building / society" className="span-3" registration={register('societyName')} error={err('societyName')} />
            <Field id="c-street" label="Street" className="span-3" registration={register('street')} error={err('street')} />
            <Field id="c-area" label="Area" className="span-2" registration={register('area')} error={err('area')} />
            <Field id="c-landmark" label="Landmark" className="span-2" registration={register('landmark')} error={err('landmark')} />
            <Field id="c-city" label="City" className="span-2" registration={register('city')} error={err('city')} />
            <Field id="c-zip" label="PIN code" className="span-1" inputMode="numeric" registration={register('zipCode')} error={err('zipCode')} />
          </fieldset>

          <fieldset className="form-section">
            <legend>Other</legend>
            <Field id="c-tax" label="GSTIN / tax no." className="span-2" registration={register('taxNO')} error={err('taxNO')} />
            <Field id="c-remarks" label="Remarks" className="span-5" registration={register('remarks')} error={err('remarks')} />
            <label className="check span-3">
              <input type="checkbox" {...register('dndForPromotionalMessage')} /> No promotional messages
            </label>
            {editing && (
              <label className="check span-2">
                <input type="checkbox" {...register('isActive')} /> Active
              </label>
            )}
          </fieldset>

          <div className="actions">
            <button type="submit" className="button button-primary" disabled={pending || (editing && !isDirty)}>
              {check.isPending ? 'Checking…' : save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Save customer'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
