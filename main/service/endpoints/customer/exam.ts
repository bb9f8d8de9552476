/** Finding an eye examination named by a request, within the caller's company only. */
import type { RequestContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { eyeExams, type EyeExamView } from '../../store/eye-exam.js';

export function findExam(ctx: RequestContext, idText: string | null | undefined, field: string): EyeExamView {
  if (!idText?.trim()) throw badRequest(`${field} is required`, { [field]: ['Required'] });
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
