import { api } from '../../../../shared/endpoints/index.js';
import { LENS_TYPES } from '../../../../shared/domain/rx.js';
import { implement } from '../../http/handler.js';
import { findExam } from '../../customer/exam.js';
import { rxValues } from '../../customer/rx-view.js';
import { eyeExams } from '../../store/eye-exam.js';

/**
 * Customer/prescription-versions (issue 16): the whole line of the examination any of its
 * versions names, newest first; each with its figures, who saved it, and who superseded it when.
 */
export const prescriptionVersions = implement(api.Customer.prescriptionVersions, ({ body }, ctx) => {
  const named = findExam(ctx, body.customerEyeInfoID, 'customerEyeInfoID');
  const store = eyeExams(ctx.db);
  return store.versions(ctx.user.companyId, named.version_root ?? named.id).map((v) => ({
    id: ctx.enc.encode('prescription', v.id),
    versionNo: v.version_no,
    isCurrent: v.superseded_at === null,
    isActive: v.is_active === 1,
    visitingDate: v.visiting_date,
    doctorName: v.doctor_name,
    remarks: v.remarks,
    eyeCheckupRecallDate: v.recall_date,
    amendReason: v.amend_reason,
    createdBy: v.created_by_name,
    createdAt: v.created_at,
    supersededBy: v.superseded_by_name,
    supersededAt: v.superseded_at,
    supersededByID: ctx.enc.encodeNullable('prescription', v.superseded_by_id),
    rows: LENS_TYPES.flatMap((t) => {
      const row = store.rx(v.id).find((r) => r.lens_type === Number(t.id));
      return row ? [{ lensTypeID: t.id, ...rxValues(row) }] : [];
    }),
  }));
});
