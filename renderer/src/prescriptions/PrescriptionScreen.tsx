import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { api } from '../../../shared/endpoints/index.js';
import { dateEntryMessage, isCalendarDay, localDate } from '../../../shared/domain/calendar.js';
import { DEFAULT_PRESCRIPTION_TYPE, lensType, PRESCRIPTION_TYPES, transpose, type Eye, type LensUse } from '../../../shared/domain/rx.js';
import type { OMAppCustomerData, PrescriptionListItem, PrescriptionVersion } from '../../../shared/models/prescription.js';
import { fullName, isInactive } from '../customers/names.js';
import { endpointKey, useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { formatDate } from '../ui/dates.js';
import { FormDateField } from '../ui/DateField.js';
import { bannerFor, ErrorBanner, placeFieldErrors } from '../ui/errors.js';
import { hrefFor, navigate } from '../core/router.js';
import { cellLabel, cellPath, COLUMNS, emptyGrid, entryErrorPath, EYES, gridEntries, gridProblems, tidyCell, USES, type Grid, type GridColumn } from './grid.js';
import { groupExams, historyValue, useOf } from './history.js';
import { prescriptionsOf, prescriptionTypeLabel, usePrescriptionList } from './PrescriptionHistory.js';

interface RxForm {
  doctorID: string;
  presripionTypeID: string;
  visitingDate: string;
  recallDate: string;
  prescriptionRemarks: string;
  /** Amending only: why (issue 16). */
  amendReason: string;
  grid: Grid;
}
type RxPath = FieldPath<RxForm>;

/** Request fields → the form's own names, where a service error must land on another input. */
const FORM_FIELD: Record<string, RxPath> = {
  doctorID: 'doctorID',
  presripionTypeID: 'presripionTypeID',
  visitingDate: 'visitingDate',
  eyeCheckupRecallDate: 'recallDate',
  prescriptionRemarks: 'prescriptionRemarks',
};

const SHORT_USE: Record<LensUse, string> = { distance: 'Dist.', near: 'Near', contact: 'CL' };

/** Puts a message at a dotted path of RHF's nested error object. */
function putError(errors: Record<string, unknown>, path: string, message: string): void {
  const keys = path.split('.');
  let at = errors;
  keys.slice(0, -1).forEach((k) => {
    at = (at[k] ??= {}) as Record<string, unknown>;
  });
  at[keys[keys.length - 1]!] = { type: 'validate', message };
}

/** Local checks before anything is sent: the shared Rx rules for every cell, and the dates. */
const resolver: Resolver<RxForm> = (values) => {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(gridProblems(values.grid))) putError(errors, path, message);
  if (!values.visitingDate) putError(errors, 'visitingDate', 'Enter the date of the examination');
  else if (!isCalendarDay(values.visitingDate)) putError(errors, 'visitingDate', dateEntryMessage('Visiting date'));
  else if (values.visitingDate > localDate(new Date())) putError(errors, 'visitingDate', 'The visit cannot be in the future');
  if (values.recallDate && !isCalendarDay(values.recallDate)) putError(errors, 'recallDate', dateEntryMessage('Recall date'));
  else if (values.recallDate && isCalendarDay(values.visitingDate) && values.recallDate <= values.visitingDate) {
    putError(errors, 'recallDate', 'The recall comes after the visit');
  }
  return Object.keys(errors).length > 0
    ? { values: {}, errors: errors as FieldErrors<RxForm> }
    : { values, errors: {} };
};

/** The form as the version being amended left it: the list item's header, the version's every figure. */
function amendedValues(item: PrescriptionListItem, version: PrescriptionVersion): RxForm {
  const grid = emptyGrid();
  for (const row of version.rows) {
    const type = lensType(row.lensTypeID);
    if (!type) continue;
    for (const c of COLUMNS) grid[type.use][type.eye][c.key] = row[c.key] ?? '';
  }
  return {
    doctorID: item.eyeInfo_DoctorID ?? '',
    presripionTypeID: String(item.typeID ?? DEFAULT_PRESCRIPTION_TYPE),
    visitingDate: item.visitingDate?.slice(0, 10) ?? localDate(new Date()),
    recallDate: item.eyeCheckupRecallDate?.slice(0, 10) ?? '',
    prescriptionRemarks: item.remarks ?? '',
    amendReason: '',
    grid,
  };
}

/** A new examination, or (amendId) a new version of the one named: the old one is kept as superseded. */
export function PrescriptionScreen({ customerId, amendId }: { customerId: string; amendId?: string }) {
  const invalidate = useInvalidate();
  const sentRef = useRef<{ use: LensUse; eye: Eye }[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const [cylinderForm, setCylinderForm] = useState<'as typed' | 'transposed'>('as typed');

  const customer = useEndpoint(api.Customer.detail, { body: { customerID: customerId } });
  const doctors = useEndpoint(api.Customer.doctorList, { body: {} }, { staleTime: 60_000 });
  const history = usePrescriptionList(customerId);
  // The newest examination not deleted, one item per lens use.
  const previous = groupExams(history.data ?? []).find((exam) => exam[0]!.isActive) ?? null;
  const previousRows = (previous ?? []).flatMap((item) => EYES.map((e) => ({ item, ...e })));
  const versions = useEndpoint(api.Customer.prescriptionVersions, amendId ? { body: { customerEyeInfoID: amendId } } : null);
  const amendedItem = amendId ? (history.data ?? []).find((i) => i.id === amendId) : undefined;
  const amendedVersion = versions.data?.find((v) => v.id === amendId);
  const [filled, setFilled] = useState(false);
  const title = amendId ? 'Amend prescription' : 'New prescription';

  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<RxForm>({
    resolver,
    defaultValues: {
      doctorID: '',
      presripionTypeID: String(DEFAULT_PRESCRIPTION_TYPE),
      visitingDate: localDate(new Date()),
      recallDate: '',
      prescriptionRemarks: '',
      amendReason: '',
      grid: emptyGrid(),
    },
  });
  // Amending: the form starts from the version being replaced, once both answers are in.
  useEffect(() => {
    if (filled || !amendedItem || !amendedVersion) return;
    reset(amendedValues(amendedItem, amendedVersion));
    setFilled(true);
  }, [filled, amendedItem, amendedVersion, reset]);

  const bodyOf = (values: RxForm): OMAppCustomerData => {
    const sent = gridEntries(values.grid);
    sentRef.current = sent;
    return {
        customerID: customerId,
        doctorID: values.doctorID || null,
        presripionTypeID: values.presripionTypeID,
        visitingDate: values.visitingDate,
        // Left out, the service recalls by age (a year; six months under 16).
        ...(values.recallDate ? { eyeCheckupRecallDate: values.recallDate } : {}),
        prescriptionRemarks: values.prescriptionRemarks.trim() || null,
        prescriptionList: sent.map(({ entry }) => entry),
    };
  };
  const outcome = {
    onSuccess: async () => {
      await invalidate(endpointKey(api.Customer.prescriptionList, prescriptionsOf(customerId)));
      await invalidate(api.Customer.list, api.Customer.prescriptionVersions, api.Customer.recallList);
      navigate({ name: 'customer', customerId, tab: 'prescriptions' }, { replace: true });
    },
    onError: (error: Error) => {
      let first: RxPath | null = null;
      const left = placeFieldErrors(error, (path, message) => {
        const entry = /^prescriptionList\.(.+)$/.exec(path);
        const target = entry ? entryErrorPath(sentRef.current, entry[1]!) : (FORM_FIELD[path] ?? null);
        if (!target) return false;
        setError(target as RxPath, { type: 'server', message });
        first ??= target as RxPath;
        return true;
      });
      setUnplaced(left);
      if (first) setFocus(first);
    },
  };
  const create = useEndpointMutation(api.Customer.savePrescription, { input: (values: RxForm) => ({ body: bodyOf(values) }), ...outcome });
  const amend = useEndpointMutation(api.Customer.amendPrescription, {
    input: (values: RxForm) => ({ body: { ...bodyOf(values), id: amendId ?? '', amendReason: values.amendReason.trim() || null } }),
    ...outcome,
  });
  const save = amendId ? amend : create;

  function submit(values: RxForm) {
    setNotice(null);
    setUnplaced([]);
    if (gridEntries(values.grid).length === 0) {
      setNotice('Enter the figures of at least one eye before saving.');
      return;
    }
    save.mutate(values);
  }

  /** Every row with a cylinder, rewritten in the other cylinder form; all rows or none. */
  function transposeAll() {
    const grid = getValues('grid');
    const changes: [LensUse, Eye, { sph: string; cyl: string; axis: string | null }][] = [];
    const blocked: string[] = [];
    for (const { use, label } of USES) {
      for (const { eye, label: eyeLabel } of EYES) {
        const row = grid[use][eye];
        if (!row.cyl.trim()) continue;
        const t = transpose(row);
        if (t) changes.push([use, eye, t]);
        else blocked.push(`${eyeLabel} ${label.toLowerCase()}`);
      }
    }
    if (blocked.length > 0) {
      setNotice(`Cannot transpose ${blocked.join(', ')}: enter SPH, CYL and AXIS as numbers first.`);
      return;
    }
    if (changes.length === 0) {
      setNotice('There is no cylinder to transpose.');
      return;
    }
    for (const [use, eye, t] of changes) {
      const opts = { shouldDirty: true, shouldValidate: isSubmitted };
      setValue(cellPath(use, eye, 'sph'), t.sph, opts);
      setValue(cellPath(use, eye, 'cyl'), t.cyl, opts);
      setValue(cellPath(use, eye, 'axis'), t.axis ?? '', opts);
    }
    setNotice(null);
    setCylinderForm((f) => (f === 'as typed' ? 'transposed' : 'as typed'));
  }

  const cellError = (use: LensUse, eye: Eye, column: GridColumn) => errors.grid?.[use]?.[eye]?.[column]?.message;
  const activeDoctors = (doctors.data ?? []).filter((d) => !isInactive(d.isActive));
  const name = customer.data ? fullName(customer.data) : '';
  const allErrors = [
    ...Object.entries(errors.grid ?? {}).flatMap(([use, eyes]) =>
      Object.entries(eyes ?? {}).flatMap(([eye, cells]) =>
        Object.entries(cells ?? {}).map(([column, e]) => ({
          label: cellLabel(use as LensUse, eye as Eye, column as GridColumn),
          message: (e as { message?: string } | undefined)?.message ?? '',
        })),
      ),
    ),
  ];

  return (
    <section className="panel screen screen-wide" aria-labelledby="rx-title">
      <header className="screen-head">
        <h1 id="rx-title">{title}</h1>
        <p className="lead">
          <a className="row-link" href={hrefFor({ name: 'customer', customerId, tab: 'prescriptions' })}>
            {name || 'Customer'}
          </a>
          {customer.data?.mobile ? ` · ${customer.data.mobile}` : ''}
        </p>
      </header>

      {customer.isError && <ErrorBanner banner={bannerFor(customer.error, 'load this customer')} />}
      {save.isError && <ErrorBanner banner={bannerFor(save.error, 'save the prescription')} extra={unplaced} />}
      {allErrors.length > 0 && (
        <div className="banner banner-error" role="alert">
          <strong>Check the highlighted cells</strong>
          <ul className="banner-list">
            {allErrors.map((e) => (
              <li key={e.label}>
                {/* The shared rules name the cell themselves ("Left CYL must be …"); anything else gets the cell's name. */}
                {/^(Right|Left) /.test(e.message) ? e.message : `${e.label}: ${e.message}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      {notice && (
        <div className="banner banner-warning" role="alert">
          <span>{notice}</span>
        </div>
      )}

      {amendId && amendedVersion && (
        <p className="banner banner-info">
          Amending version {amendedVersion.versionNo} of {formatDate(amendedVersion.visitingDate) ?? 'this examination'}: it is kept, marked superseded.
        </p>
      )}
      {versions.isError && <ErrorBanner banner={bannerFor(versions.error, 'load the prescription to amend')} />}
      <form className="rx-form" noValidate aria-label={title} onSubmit={handleSubmit(submit)}>
        <div className="rx-exam">
          <div className="field">
            <label htmlFor="rx-doctor">Doctor</label>
            <select id="rx-doctor" {...register('doctorID')}>
              <option value="">— Not referred —</option>
              {activeDoctors.map((d) => (
                <option key={d.doctorID} value={d.doctorID}>
                  {d.doctorName}
                </option>
              ))}
            </select>
            {errors.doctorID && <p className="field-error">{errors.doctorID.message}</p>}
          </div>
          <div className="field">
            <label htmlFor="rx-type">Figures from</label>
            <select id="rx-type" {...register('presripionTypeID')}>
              {PRESCRIPTION_TYPES.map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
          <FormDateField control={control} name="visitingDate" id="rx-visit" label="Visiting date" error={errors.visitingDate?.message} />
          <FormDateField control={control} name="recallDate" id="rx-recall" label="Recall date" hint="Blank: by age on saving" error={errors.recallDate?.message} />
        </div>

        <div className="rx-toolbar">
          <h2 id="rx-grid-title">Right and left eye</h2>
          <span className="muted">Tab moves across the grid; values are tidied as you leave a cell.</span>
          <button type="button" className="button button-secondary" onClick={transposeAll}>
            Transpose ± cylinder
          </button>
          <span className="tag" aria-live="polite">
            Cylinder {cylinderForm}
          </span>
        </div>

        <table className="rx-grid" aria-labelledby="rx-grid-title">
          <thead>
            <tr>
              <th scope="col" className="rx-use">
                Lens
              </th>
              <th scope="col" className="rx-eye">
                Eye
              </th>
              {COLUMNS.map((c) => (
                <th key={c.key} scope="col" title={c.title}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          {previous && (
            <tbody className="rx-previous" aria-label="Previous prescription">
              {previousRows.map(({ item, eye, short }, i) => (
                <tr key={`${useOf(item)}-${eye}`}>
                  {i === 0 && (
                    <th scope="rowgroup" rowSpan={previousRows.length} className="rx-use">
                      Previous
                      <span className="rx-previous-date">
                        {formatDate(item.visitingDate) ?? item.visitingDateString}
                        {item.doctorName ? ` · ${item.doctorName}` : ''}
                        {prescriptionTypeLabel(item.typeID) ? ` · ${prescriptionTypeLabel(item.typeID)}` : ''}
                      </span>
                    </th>
                  )}
                  <th scope="row" className="rx-eye">
                    {SHORT_USE[useOf(item)]} {short.split(' ')[0]}
                  </th>
                  {COLUMNS.map((c) => (
                    <td key={c.key} className="mono" aria-label={`Previous ${cellLabel(useOf(item), eye, c.key)}`}>
                      {historyValue(item, eye, c.key) ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          )}
          {USES.map(({ use, label }) => (
            <tbody key={use} className={`rx-group rx-group-${use}`}>
              {EYES.map(({ eye, short }, i) => (
                <tr key={eye}>
                  {i === 0 && (
                    <th scope="rowgroup" rowSpan={2} className="rx-use">
                      {label}
                    </th>
                  )}
                  <th scope="row" className="rx-eye">
                    {short}
                  </th>
                  {COLUMNS.map((c) => {
                    if (!c.uses.includes(use)) return <td key={c.key} className="rx-na" aria-hidden="true" />;
                    const error = cellError(use, eye, c.key);
                    const path = cellPath(use, eye, c.key);
                    return (
                      <td key={c.key} className={error ? 'rx-cell rx-cell-invalid' : 'rx-cell'}>
                        <input
                          type="text"
                          inputMode={c.key === 'va' || c.key === 'vn' ? 'text' : 'decimal'}
                          autoComplete="off"
                          spellCheck={false}
                          aria-label={cellLabel(use, eye, c.key)}
                          aria-invalid={error ? true : undefined}
                          title={error ?? c.title}
                          {...register(path, {
                            onBlur: (e: { target: HTMLInputElement }) => {
                              const tidy = tidyCell(c.key, e.target.value);
                              if (tidy !== e.target.value) setValue(path, tidy, { shouldDirty: true, shouldValidate: isSubmitted });
                            },
                          })}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>

        <div className="rx-foot">
          <div className="field">
            <label htmlFor="rx-remarks">Remarks</label>
            <input id="rx-remarks" type="text" autoComplete="off" {...register('prescriptionRemarks')} />
          </div>
          {amendId && (
            <div className="field">
              <label htmlFor="rx-amend-reason">Reason for the amendment</label>
              <input id="rx-amend-reason" type="text" autoComplete="off" maxLength={500} {...register('amendReason')} />
            </div>
          )}
          <a className="button button-secondary" href={hrefFor({ name: 'customer', customerId, tab: 'prescriptions' })}>
            Cancel
          </a>
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : amendId ? 'Save amendment' : 'Save prescription'}
          </button>
        </div>
      </form>
    </section>
  );
}
