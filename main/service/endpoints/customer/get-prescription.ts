import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { eyeExams } from '../../store/eye-exam.js';
import { findExam } from '../../customer/exam.js';
import { byUse, primaryUse } from '../../customer/rx-view.js';

/** The short form: SPH/CYL/AXIS of the leading lens type (distance, else near, else contact lens). */
export const getPrescription = implement(api.Customer.getPrescription, ({ body }, ctx) => {
  const exam = findExam(ctx, body.customerEyeInfoID, 'customerEyeInfoID');
  const uses = byUse(eyeExams(ctx.db).rx(exam.id));
  const primary = primaryUse(uses);
  const lead = primary ? uses.get(primary)! : {};
  return {
    id: ctx.enc.encode('prescription', exam.id),
    customerID: ctx.enc.encode('customer', exam.customer_id),
    typeID: exam.type_id,
    spherical_Left: lead.left?.sph ?? null,
    cylindrical_Left: lead.left?.cyl ?? null,
    axis_Left: lead.left?.axis ?? null,
    spherical_Right: lead.right?.sph ?? null,
    cylindrical_Right: lead.right?.cyl ?? null,
    axis_Right: lead.right?.axis ?? null,
    visitingDate: exam.visiting_date,
    doctorName: exam.doctor_name,
    isActive: exam.is_active === 1,
  };
});
