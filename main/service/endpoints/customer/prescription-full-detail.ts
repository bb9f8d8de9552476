import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { branches } from '../../store/branch.js';
import { companies } from '../../store/company.js';
import { customers } from '../../store/customer.js';
import { eyeExams } from '../../store/eye-exam.js';
import { findExam } from '../../customer/exam.js';
import { masksMobiles, mobileShown } from '../../customer/mobile.js';
import { byUse, primaryUse } from '../../customer/rx-view.js';

/**
 * A printable prescription card. The header is the branch where the eye test was done. Distance
 * spectacles lead; near vision comes from the near rows, BC, DIA and K1/K2 from the contact-lens
 * rows (the only rows that record them).
 */
export const prescriptionFullDetail = implement(api.Customer.prescriptionFullDetail, ({ body }, ctx) => {
  const exam = findExam(ctx, body.customerEyeInfoID, 'customerEyeInfoID');
  const customer = customers(ctx.db).byId(ctx.user.companyId, exam.customer_id)!;
  const company = companies(ctx.db).byId(exam.company_id)!;
  const branch = branches(ctx.db).byId(exam.branch_id)!;
  const uses = byUse(eyeExams(ctx.db).rx(exam.id));
  const primary = primaryUse(uses);
  const lead = primary ? uses.get(primary)! : {};
  const near = uses.get('near') ?? lead;
  const contact = uses.get('contact') ?? {};
  return {
    customerID: ctx.enc.encode('customer', customer.id),
    firstName: customer.first_name,
    lastName: customer.last_name,
    mobile: mobileShown(masksMobiles(ctx), customer.mobile),
    emailID: customer.email,
    city: customer.city,
    visitingDate: exam.visiting_date,
    typeID: exam.type_id,
    spherical_Left: lead.left?.sph ?? null,
    spherical_Right: lead.right?.sph ?? null,
    cylindrical_Left: lead.left?.cyl ?? null,
    cylindrical_Right: lead.right?.cyl ?? null,
    axis_Left: lead.left?.axis ?? null,
    axis_Right: lead.right?.axis ?? null,
    addition_Left: lead.left?.add ?? null,
    addition_Right: lead.right?.add ?? null,
    vision_Left: lead.left?.va ?? null,
    vision_Right: lead.right?.va ?? null,
    vN_Left: near.left?.vn ?? lead.left?.vn ?? null,
    vN_Right: near.right?.vn ?? lead.right?.vn ?? null,
    pD_Left: lead.left?.pd ?? null,
    pD_Right: lead.right?.pd ?? null,
    baseCurve_Left: contact.left?.bc ?? null,
    baseCurve_Right: contact.right?.bc ?? null,
    diameter_Left: contact.left?.dia ?? null,
    diameter_Right: contact.right?.dia ?? null,
    k1_Left: contact.left?.k1 ?? null,
    k1_Right: contact.right?.k1 ?? null,
    k2_Left: contact.left?.k2 ?? null,
    k2_Right: contact.right?.k2 ?? null,
    prescriptionRemarks: exam.remarks,
    companyName: company.name,
    companyAddress: company.address,
    companyEmailID: company.email,
    companyMobile: company.mobile,
    branchName: branch.name,
    branchAddress: branch.address,
    branchEmail: branch.email,
    branchMoile: branch.mobile,
    doctorID: ctx.enc.encodeNullable('doctor', exam.doctor_id),
  };
});
