/** Finding an eye examination named by a request, within the caller's company only. */
import type { RequestContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { customers } from '../store/customer.js';
import { eyeExams, type EyeExamView, type EyeRxRow } from '../store/eye-exam.js';
import { addMonths, ageOn } from '../input/dates.js';

export function findExam(ctx: RequestContext, idText: string | null | undefined, field: string): EyeExamView {
  if (!idText?.trim()) throw invalid(`${field} is required`, { [field]: ['Required'] });
  const id = ctx.decode('prescription', idText.trim(), field);
  const exam = eyeExams(ctx.db).byId(ctx.user.companyId, id);
  if (!exam) throw notFound('No such prescription');
  return exam;
}

/**
 * When the next eye checkup is due: a year after the visit, six months for a child under 16,
 * whose eyes change faster. The default when a save request does not set eyeCheckupRecallDate.
 */
export function recallMonths(ageAtVisit: number | null): number {
  return ageAtVisit !== null && ageAtVisit < 16 ? 6 : 12;
}

export interface NewExam {
  customerId: number;
  doctorId: number | null;
  /** The doctor as typed when no doctor of the company matched (SaveSale's eyeInfoModel.doctorName). */
  typedDoctorName?: string | null;
  typeId: number;
  visitingDate: string;
  remarks: string | null;
  /** Null: derived from the customer's age at the visit (recallMonths). */
  recallDate: string | null;
  rxRows: readonly Omit<EyeRxRow, 'eye_info_id'>[];
}

/** Writes a new examination; shared by save-prescription and SaveSale so both derive the recall alike. */
export function recordExam(ctx: RequestContext, exam: NewExam): { id: number; recallDate: string } {
  const customer = customers(ctx.db).byId(ctx.user.companyId, exam.customerId)!;
  const age = customer.birth_date ? ageOn(customer.birth_date, exam.visitingDate) : customer.age;
  const recallDate = exam.recallDate ?? addMonths(exam.visitingDate, recallMonths(age));
  const id = ctx.ids.next('customer_eye_info');
  const store = eyeExams(ctx.db);
  store.insert(
    {
      id,
      company_id: ctx.user.companyId,
      branch_id: ctx.user.branchId,
      customer_id: exam.customerId,
      doctor_id: exam.doctorId,
      typed_doctor_name: exam.typedDoctorName ?? null,
      type_id: exam.typeId,
      visiting_date: exam.visitingDate,
      remarks: exam.remarks,
      recall_date: recallDate,
    },
    { userId: ctx.user.id, at: ctx.now().toISOString() },
  );
  store.replaceRx(id, exam.rxRows);
  return { id, recallDate };
}
