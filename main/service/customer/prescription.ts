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
import { eyeCheckupRecalls } from '../store/eye-checkup-recall.js';
import type { AmendPrescriptionRequest } from '../../../shared/models/prescription.js';
import type { EyeExamView } from '../store/eye-exam.js';
import { masksMobiles } from './mobile.js';
import { optionalText } from '../input/text.js';
import { extend } from '../../../shared/extend.js';
import { atMost, TEXT_MAX } from '../../../shared/contract/lengths.js';

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
interface ExamInput {
  typeId: number;
  visitingDate: string;
  recallDate: string | null;
  remarks: string | null;
  rxRows: ReturnType<typeof rxRowOf>[];
}

/** The request's examination, checked by shared/domain/rx.ts; every problem at once, named by field. */
function readExam(ctx: RequestContext, body: OMAppCustomerData, more: Record<string, string[]> = {}): ExamInput {
  const errors: Record<string, string[]> = { ...more };
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

  return { typeId, visitingDate, recallDate, remarks, rxRows: filled.map((input) => rxRowOf(normaliseRxEntry(input))) };
}

/** When the next check-up is due: as given, else by the customer's age at the visit (recallMonths). */
function recallFor(customer: { birth_date: string | null; age: number | null }, exam: ExamInput): string {
  const age = customer.birth_date ? ageOn(customer.birth_date, exam.visitingDate) : customer.age;
  return exam.recallDate ?? addMonths(exam.visitingDate, recallMonths(age));
}

function doctorOf(ctx: RequestContext, body: OMAppCustomerData): number | null {
  if (!body.doctorID?.trim()) return null;
  const doctorId = ctx.decode('doctor', body.doctorID.trim(), 'doctorID');
  if (!doctors(ctx.db).byId(ctx.user.companyId, doctorId)) throw notFound('No such doctor');
  return doctorId;
}

export function savePrescription(ctx: RequestContext, body: OMAppCustomerData) {
  const { typeId, visitingDate, recallDate, remarks, rxRows } = readExam(ctx, body);
  const by = { userId: ctx.user.id, at: ctx.now().toISOString() };
  const companyId = ctx.user.companyId;

  return ctx.db
    .transaction(() => {
      const customerStore = customers(ctx.db);
      let customerId: number;
      if (body.customerID?.trim()) {
        // A merged-away customer's id records the prescription on the record kept.
        const found = customerStore.byId(companyId, ctx.decode('customer', body.customerID.trim(), 'customerID'));
        if (!found) throw notFound('No such customer');
        customerId = found.id;
      } else {
        const input: CustomerInput = {};
        for (const [from, to] of Object.entries(CUSTOMER_FIELDS)) {
          (input as Record<string, unknown>)[to] = body[from as keyof typeof CUSTOMER_FIELDS] ?? null;
        }
        const back = Object.fromEntries(Object.entries(CUSTOMER_FIELDS).map(([from, to]) => [to, from]));
        const fields = readCustomer(ctx, input, undefined, { masked: masksMobiles(ctx), path: (f) => back[f] ?? f });
        customerId = ctx.ids.next('customer');
        customerStore.insert(extend(fields, { id: customerId, company_id: companyId }), by);
      }
      const customer = customerStore.byId(companyId, customerId)!;

      const doctorId = doctorOf(ctx, body);
      let examId: number;
      if (body.id?.trim()) {
        const found = findExam(ctx, body.id, 'id');
        if (found.customer_id !== customerId) throw notFound('No such prescription for this customer');
        if (found.is_active === 0) throw conflict('This prescription was deleted; save a new one instead', 'PRESCRIPTION_DELETED');
        if (found.superseded_at !== null) throw superseded(found);
        examId = found.id;
        const exam = {
          company_id: companyId,
          doctor_id: doctorId,
          type_id: typeId,
          visiting_date: visitingDate,
          remarks,
          recall_date: recallFor(customer, { typeId, visitingDate, recallDate, remarks, rxRows }),
        };
        const store = eyeExams(ctx.db);
        store.update(extend(exam, { id: examId }), by);
        store.replaceRx(examId, rxRows);
        eyeCheckupRecalls(ctx.db).redate(examId, exam.recall_date);
      } else {
        const made = recordExam(ctx, { customerId, doctorId, typeId, visitingDate, remarks, recallDate, rxRows });
        examId = made.id;
        // The recall list works eye_checkup_recall: an examination saved here sets one, as a sale does.
        eyeCheckupRecalls(ctx.db).insert({
          id: ctx.ids.next('eye_checkup_recall'), company_id: companyId, branch_id: ctx.user.branchId, customer_id: customerId,
          recall_date: made.recallDate, remarks: null, sales_order_id: null, eye_info_id: examId, created_by: ctx.user.id, created_at: by.at,
        });
      }
      return {
        message: body.id?.trim() ? 'Prescription updated' : 'Prescription saved',
        customerID: ctx.enc.encode('customer', customerId),
        eyeInfoID: ctx.enc.encode('prescription', examId),
      };
    })
    .immediate();
}

/** A version an amendment already replaced: amend the current one instead. */
function superseded(exam: EyeExamView) {
  return conflict(
    `This version was amended by ${exam.superseded_by_name ?? 'someone'} at ${exam.superseded_at}; open the current version to change it`,
    'PRESCRIPTION_SUPERSEDED',
  );
}

/**
 * Amends an examination (issue 16): the figures as a new version of the line, the version named
 * by `id` kept and marked superseded (by whom, when), its recall moved to the new version. The
 * new version is checked exactly as save-prescription checks; one immediate transaction.
 */
export function amendPrescription(ctx: RequestContext, body: AmendPrescriptionRequest) {
  const reason = optionalText(body.amendReason);
  const exam = readExam(ctx, body, reason && reason.length > TEXT_MAX.remarks ? { amendReason: [atMost(TEXT_MAX.remarks)] } : {});
  const by = { userId: ctx.user.id, at: ctx.now().toISOString() };
  return ctx.db
    .transaction(() => {
      const old = findExam(ctx, body.id, 'id');
      if (body.customerID?.trim() && ctx.decode('customer', body.customerID.trim(), 'customerID') !== old.customer_id) {
        throw notFound('No such prescription for this customer');
      }
      if (old.is_active === 0) throw conflict('This prescription was deleted; save a new one instead', 'PRESCRIPTION_DELETED');
      if (old.superseded_at !== null) throw superseded(old);
      const customer = customers(ctx.db).byId(ctx.user.companyId, old.customer_id)!;
      const doctorId = doctorOf(ctx, body);
      const recallDate = recallFor(customer, exam);
      const id = ctx.ids.next('customer_eye_info');
      const store = eyeExams(ctx.db);
      store.insert(
        {
          id, company_id: ctx.user.companyId, branch_id: ctx.user.branchId, customer_id: old.customer_id, doctor_id: doctorId,
          typed_doctor_name: doctorId === null ? old.typed_doctor_name : null, type_id: exam.typeId, visiting_date: exam.visitingDate,
          remarks: exam.remarks, recall_date: recallDate, amends_id: old.id, version_root: old.version_root ?? old.id,
          version_no: old.version_no + 1, amend_reason: reason,
        },
        by,
      );
      store.replaceRx(id, exam.rxRows);
      if (!store.supersede(old.id, id, by)) throw superseded(store.byId(ctx.user.companyId, old.id)!);
      const recalls = eyeCheckupRecalls(ctx.db);
      if (recalls.moveToExam(old.id, id, recallDate) === 0) {
        recalls.insert({
          id: ctx.ids.next('eye_checkup_recall'), company_id: ctx.user.companyId, branch_id: ctx.user.branchId, customer_id: old.customer_id,
          recall_date: recallDate, remarks: null, sales_order_id: null, eye_info_id: id, created_by: ctx.user.id, created_at: by.at,
        });
      }
      return {
        message: `Prescription amended (version ${old.version_no + 1})`,
        customerID: ctx.enc.encode('customer', old.customer_id),
        eyeInfoID: ctx.enc.encode('prescription', id),
      };
    })
    .immediate();
}
