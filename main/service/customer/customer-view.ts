/** A stored customer as the spec's answers show it: the 77-field record and the list item. */
import type { CustomerListItem, CustomerRecord } from '../../../shared/models/customer.js';
import { localDate } from '../../../shared/domain/calendar.js';
import type { RequestContext } from '../context.js';
import type { CustomerListRow, CustomerView } from '../store/customer.js';
import { eyeExams } from '../store/eye-exam.js';
import { salesOrders } from '../store/sales-order.js';
import { ageOn } from '../input/dates.js';
import { mobileShown } from './mobile.js';
import { byUse, primaryUse } from './rx-view.js';

const flag = (v: number) => v === 1;
const nflag = (v: number | null) => (v === null ? null : v === 1);

export function listItem(ctx: RequestContext, mask: boolean, r: CustomerListRow): CustomerListItem {
  return {
    customerID: ctx.enc.encode('customer', r.id),
    name: `${r.first_name} ${r.last_name}`,
    mobile: mobileShown(mask, r.mobile),
    phoneNO: r.phone_no,
    email: r.email,
    city: r.city,
    isActive: String(r.is_active === 1),
    createdDate: r.created_at,
    prescriptionID: ctx.enc.encodeNullable('prescription', r.prescription_id),
    visitingDate: r.visiting_date,
  };
}

/**
 * The record, with the Rx summary fields (…WithSign, vision, pd, bc, dia) taken from the
 * latest active examination: distance spectacles lead, near vision comes from the near rows,
 * BC and DIA from the contact-lens rows. Rx is written through save-prescription, not here.
 */
export function customerRecord(ctx: RequestContext, mask: boolean, c: CustomerView): CustomerRecord {
  const exams = eyeExams(ctx.db);
  const latest = exams.ofCustomer(ctx.user.companyId, c.id).find((e) => e.is_active === 1 && e.superseded_at === null);
  const uses = byUse(latest ? exams.rx(latest.id) : []);
  const primary = primaryUse(uses);
  const lead = primary ? uses.get(primary)! : {};
  const near = uses.get('near') ?? lead;
  const contact = uses.get('contact') ?? {};
  const id = ctx.enc.encode('customer', c.id);
  const enc = ctx.enc;
  return {
    id,
    customerID: id,
    companyID: enc.encode('company', c.company_id),
    branchID: enc.encode('branch', c.branch_id),
    yearID: enc.encodeNullable('year', c.year_id),
    stateID: enc.encodeNullable('state', c.state_id),
    countryID: enc.encodeNullable('country', c.country_id),
    faceShapeID: enc.encodeNullable('faceShape', c.face_shape_id),
    genderID: enc.encodeNullable('gender', c.gender_id),
    customerSourceID: enc.encodeNullable('source', c.customer_source_id),
    customerCategoryID: enc.encodeNullable('customerCategory', c.customer_category_id),
    storeID: enc.encodeNullable('branch', c.store_id),
    membershipID: enc.encodeNullable('membership', c.membership_id),
    title: c.title,
    firstName: c.first_name,
    middleName: c.middle_name,
    lastName: c.last_name,
    reference: c.reference,
    remarks: c.remarks,
    mobile: mobileShown(mask, c.mobile),
    emailId: c.email,
    city: c.city,
    zipCode: c.zip_code,
    address: c.address,
    houseNumber: c.house_number,
    societyName: c.society_name,
    street: c.street,
    area: c.area,
    landmark: c.landmark,
    createdBy: c.created_by_name,
    createdIP: c.created_ip,
    modifiedBy: c.modified_by_name,
    modifiedIP: c.modified_ip,
    existingCustomerReference: c.existing_customer_reference,
    phoneNO: c.phone_no,
    taxNO: c.tax_no,
    bloodGroup: c.blood_group,
    self: c.self,
    clientConsentImage: c.client_consent_image,
    clientConsentDisplayName: c.client_consent_display_name,
    prescriptionDocument: c.prescription_document,
    prescriptionDocumentDisplayName: c.prescription_document_display_name,
    lefT_SphericalWithSign: lead.left?.sph ?? null,
    righT_SphericalWithSign: lead.right?.sph ?? null,
    righT_CylinderWithSign: lead.right?.cyl ?? null,
    lefT_CylinderWithSign: lead.left?.cyl ?? null,
    lefT_AxisWithSign: lead.left?.axis ?? null,
    righT_AxisWithSign: lead.right?.axis ?? null,
    righT_AdditionWithSign: lead.right?.add ?? null,
    lefT_AdditionWithSign: lead.left?.add ?? null,
    leftVision: lead.left?.va ?? null,
    rightVision: lead.right?.va ?? null,
    leftvn: near.left?.vn ?? lead.left?.vn ?? null,
    rightvn: near.right?.vn ?? lead.right?.vn ?? null,
    rightpd: lead.right?.pd ?? null,
    leftpd: lead.left?.pd ?? null,
    leftbc: contact.left?.bc ?? null,
    rightbc: contact.right?.bc ?? null,
    leftdia: contact.left?.dia ?? null,
    rightdia: contact.right?.dia ?? null,
    prescriptionRemarks: latest?.remarks ?? null,
    // The customer's newest order, for the profile's "last order" link.
    salesOrderID: ctx.enc.encodeNullable('salesOrder', salesOrders(ctx.db).latestOfCustomer(ctx.user.companyId, c.id)),
    isMarried: flag(c.is_married),
    isActive: flag(c.is_active),
    newCustomer: flag(c.new_customer),
    isNRI: flag(c.is_nri),
    isStoreCustomer: flag(c.is_store_customer),
    isBlackList: flag(c.is_black_list),
    isForeigner: flag(c.is_foreigner),
    isMember: nflag(c.is_member),
    dndForPromotionalMessage: nflag(c.dnd_promotional),
    dndForTransactionalMessage: nflag(c.dnd_transactional),
    birthDate: c.birth_date,
    marriageDate: c.marriage_date,
    createdDate: c.created_at,
    modifiedDate: c.modified_at,
    age: c.birth_date ? ageOn(c.birth_date, localDate(ctx.now())) : c.age,
  };
}
