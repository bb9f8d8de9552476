/** Saving an eye examination (Customer/savePrescription): checked, then one immediate transaction. */
import type { OMAppCustomerData } from '../../../shared/models/prescription.js';
import type { RequestContext } from '../context.js';
import { localDate } from '../../../shared/domain/calendar.js';
import {
  DEFAULT_PRESCRIPTION_TYPE,
  isBlankRxEntry,
  normaliseRxEntry,
  PRESCRIPTION_TYPES,
  validatePrescriptionList,
} from '../../../shared/domain/rx.js';
import { ServiceError, conflict, invalid, notFound } from '../errors.js';
import { customers } from '../store/customer.js';
import { doctors } from '../store/doctor.js';
import { eyeExams, rxRowOf } from '../store/eye-exam.js';
import { readCustomer, type CustomerInput } from './customer-input.js';
import { addMonths, ageOn, calendarDate } from '../input/dates.js';
import { findExam, recallMonths, recordExam } from './exam.js';
import { masksMobiles } from './mobile.js';
import { optionalText } from '../input/text.js';

/** The request's customer fields, under the names customer-input knows them by. */
const CUSTOMER_FIELDS = {
  firstName: 'firstName',
  lastName: 'lastName',
  mobile: 'mobile',
  email: 'emailId',
  birthDate: 'birthDate',
  genderID: 'genderID',
  houseNO: 'houseNumber',
  societyName: 'societyName',
  street: 'street',
  area: 'area',
  city: 'city',
  sourceID: 'customerSourceID',
} as const;

/**
 * Creates or updates one eye examination. With no customerID the customer is created from the
 * request's name, mobile and address fields; with one, those fields are ignored (the profile is
 * edited through upsert). Every entry is checked by shared/domain/rx.ts and stored normalised.
 * An update replaces the whole examination, recall date included: left out, it is derived again.
 */
export function savePrescription(ctx: RequestContext, body: OMAppCustomerData) {
  const errors: Record<string, string[]> = {};
  const entries = body.prescriptionList ?? [];
  for (const [key, messages] of Object.entries(validatePrescriptionList(entries))) errors[`prescriptionList.${key}`] = messages;
  const filled = entries.filter((e) => !isBlankRxEntry(e));
  if (filled.length === 0) errors.prescriptionList = ['Enter the figures of at least one eye'];

  const typeText = body.presripionTypeID?.trim();
  const typeId = typeText ? Number(typeText) : DEFAULT_PRESCRIPTION_TYPE;
  if (!PRESCRIPTION_TYPES.some((t) => t.id === typeId)) {
    errors.presripionTypeID = [`One of ${PRESCRIPTION_TYPES.map((t) => `${t.id} (${t.label})`).join(', ')}`];
  }
  const today = localDate(ctx.now());
  let visitingDate = today;
  let visitKnown = false;
  try {
    visitingDate = calendarDate(body.visitingDate, 'visitingDate') ?? today;
    visitKnown = true;
    if (visitingDate > today) errors.visitingDate = ['The visit cannot be in the future'];
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    Object.assign(errors, err.errors);
  }
  // The contract's extension (shared/contract/extensions.ts); absent, the rule by age sets it below.
  let recallDate: string | null = null;
  try {
    recallDate = calendarDate(body.eyeCheckupRecallDate, 'eyeCheckupRecallDate');
    if (recallDate !== null && visitKnown && recallDate <= visitingDate) {
      errors.eyeCheckupRecallDate = [`The recall must come after the visit (${visitingDate})`];
    }
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    Object.assign(errors, err.errors);
  }
  const remarks = optionalText(body.prescriptionRemarks);
  if (remarks && remarks.length > 2000) errors.prescriptionRemarks = ['At most 2000 characters'];
  if (Object.keys(errors).length > 0) throw invalid('The prescription has errors', errors);

  const rxRows = filled.map((input) => rxRowOf(normaliseRxEntry(input)));
  const by = { userId: ctx.user.id, at: ctx.now().toISOString() };
  const companyId = ctx.user.companyId;

  return ctx.db
    .transaction(() => {
      const customerStore = customers(ctx.db);
      let customerId: number;
      if (body.customerID?.trim()) {
        customerId = ctx.decode('customer', body.customerID.trim(), 'customerID');
        if (!customerStore.byId(companyId, customerId)) throw notFound('No such customer');
      } else {
        const input: CustomerInput = {};
        for (const [from, to] of Object.entries(CUSTOMER_FIELDS)) {
          (input as Record<string, unknown>)[to] = body[from as keyof typeof CUSTOMER_FIELDS] ?? null;
        }
        const back = Object.fromEntries(Object.entries(CUSTOMER_FIELDS).map(([from, to]) => [to, from]));
        const fields = readCustomer(ctx, input, undefined, { masked: masksMobiles(ctx), path: (f) => back[f] ?? f });
        customerId = ctx.ids.next('customer');
        customerStore.insert({ ...fields, id: customerId, company_id: companyId }, by);
      }
      const customer = customerStore.byId(companyId, customerId)!;

      let doctorId: number | null = null;
      if (body.doctorID?.trim()) {
        doctorId = ctx.decode('doctor', body.doctorID.trim(), 'doctorID');
        if (!doctors(ctx.db).byId(companyId, doctorId)) throw notFound('No such doctor');
      }
      let examId: number;
      if (body.id?.trim()) {
        const found = findExam(ctx, body.id, 'id');
        if (found.customer_id !== customerId) throw notFound('No such prescription for this customer');
        if (found.is_active === 0) throw conflict('This prescription was deleted; save a new one instead', 'PRESCRIPTION_DELETED');
        examId = found.id;
        const age = customer.birth_date ? ageOn(customer.birth_date, visitingDate) : customer.age;
        const exam = {
          company_id: companyId,
          doctor_id: doctorId,
          type_id: typeId,
          visiting_date: visitingDate,
          remarks,
          recall_date: recallDate ?? addMonths(visitingDate, recallMonths(age)),
        };
        const store = eyeExams(ctx.db);
        store.update({ ...exam, id: examId }, by);
        store.replaceRx(examId, rxRows);
      } else {
        examId = recordExam(ctx, { customerId, doctorId, typeId, visitingDate, remarks, recallDate, rxRows }).id;
      }
      return {
        message: body.id?.trim() ? 'Prescription updated' : 'Prescription saved',
        customerID: ctx.enc.encode('customer', customerId),
        eyeInfoID: ctx.enc.encode('prescription', examId),
      };
    })
    .immediate();
}
