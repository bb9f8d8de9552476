import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { eyeExams } from '../../store/eye-exam.js';
import { findExam } from '../../customer/exam.js';

/** A soft delete: the examination stays in history (isActive false) and in the orders made from it. */
export const deletePrescription = implement(api.Customer.deletePrescription, ({ body }, ctx) =>
  ctx.db
    .transaction(() => {
      const exam = findExam(ctx, body.customerEyeInfoID, 'customerEyeInfoID');
      const switchedOff = eyeExams(ctx.db).deactivate(exam.id, { userId: ctx.user.id, at: ctx.now().toISOString() });
      return { message: switchedOff ? 'Prescription deleted' : 'Prescription was already deleted' };
    })
    .immediate(),
);
