import { api } from '../../../../shared/endpoints/index.js';
import type { LensUse } from '../../../../shared/domain/rx.js';
import type { PrescriptionListItem } from '../../../../shared/models/prescription.js';
import { invalid, notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { customers } from '../../store/customer.js';
import { eyeExams } from '../../store/eye-exam.js';
import { salesOrders } from '../../store/sales-order.js';
import { indianDate } from '../../input/dates.js';
import { byUse, eyeColumns, SPECTACLE_TYPE, type EyePair } from '../../customer/rx-view.js';
import { flagFilter } from '../../customer/search-filter.js';

const USES: readonly LensUse[] = ['distance', 'near', 'contact'];

/**
 * A customer's history, newest visit first: one item per examination and lens use (distance,
 * near, contact lens; `spectacleType` 1/2/3), so every stored figure reaches the screen.
 * Deleted examinations are included with isActive false; isPrevious marks all but the newest
 * active one. `dist`/`near` are the distance and near PD; k1/k2 are those of the item's rows (the
 * contact-lens item; the entry's k1/k2 extension); the fields the save request cannot carry
 * (wODist, wONear, pIN, iOP) are null. Superseded versions are left out (prescription-versions
 * lists them); prism/base and versionNo are extensions (issue 16).
 */
export const prescriptionList = implement(api.Customer.prescriptionList, ({ body }, ctx) => {
  if (!body.customerID?.trim()) throw invalid('customerID is required', { customerID: ['Required'] });
  // A merged-away customer's id answers the history of the record kept.
  const customerId = customers(ctx.db).byId(ctx.user.companyId, ctx.decode('customer', body.customerID.trim(), 'customerID'))?.id;
  if (customerId === undefined) throw notFound('No such customer');
  const isActive = flagFilter(body.isActive, 'isActive');
  const store = eyeExams(ctx.db);
  // The current versions only (issue 16): an amended one is in prescription-versions.
  const exams = store.ofCustomer(ctx.user.companyId, customerId).filter((e) => e.superseded_at === null);
  const current = exams.find((e) => e.is_active === 1)?.id;
  const withOrders = salesOrders(ctx.db).examsWithOrders(ctx.user.companyId, customerId);
  const items: PrescriptionListItem[] = [];
  for (const exam of exams) {
    if (isActive !== undefined && (exam.is_active === 1) !== isActive) continue;
    const uses = byUse(store.rx(exam.id));
    const distancePd = uses.get('distance');
    const nearPd = uses.get('near');
    const head = {
      id: ctx.enc.encode('prescription', exam.id),
      customerID: ctx.enc.encode('customer', exam.customer_id),
      itemTypeId: null,
      typeID: exam.type_id,
      eyeInfo_DoctorID: ctx.enc.encodeNullable('doctor', exam.doctor_id),
      doctorName: exam.doctor_name,
      visitingDate: exam.visiting_date,
      visitingDateString: indianDate(exam.visiting_date),
      remarks: exam.remarks,
      createdBy: exam.created_by_name,
      createdIP: null,
      modifiedBy: exam.modified_by_name,
      modifiedIP: null,
      eyeCheckupRecallDate: exam.recall_date,
      isActive: exam.is_active === 1,
      // An order was booked with this examination (its Rx went to the lab).
      goToSalesOrder: withOrders.has(exam.id),
      isPrevious: exam.id !== current,
      versionNo: exam.version_no,
    };
    for (const use of USES) {
      const pair: EyePair | undefined = uses.get(use);
      if (!pair) continue;
      const prism = { prism_Left: pair.left?.prism ?? null, prism_Right: pair.right?.prism ?? null, base_Left: pair.left?.base ?? null, base_Right: pair.right?.base ?? null };
      items.push(Object.assign({ spectacleType: SPECTACLE_TYPE[use] }, head, eyeColumns(pair, 'left', distancePd, nearPd), eyeColumns(pair, 'right', distancePd, nearPd), prism) as PrescriptionListItem);
    }
  }
  return items;
});
