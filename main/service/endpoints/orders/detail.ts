import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { implement } from '../../http/handler.js';
import { salesOrders } from '../../store/sales-order.js';
import { masksMobiles, mobileShown } from '../../customer/mobile.js';
import { fullName, orderByNumber } from '../../order/order-view.js';
import { collectionFields } from '../../order/any-branch.js';
import { eyeFields, firstLineFields, line, TAX_TYPE, totalsFields } from './detail-view.js';

/**
 * docs/decisions.md "Order detail": the spec's flat print set (line fields = the first line) plus
 * `lines`. Order numbers are unique per company, so the number alone finds the order.
 */
export const orderDetail = implement(api.Orders.detail, async ({ params }, ctx) => {
  const store = salesOrders(ctx.db);
  // Another branch's order this PC does not hold is fetched from the hub (order-view.ts).
  const o = await orderByNumber(ctx, params.salesOrderNo.trim());
  const rows = store.lines(o.id);
  const lines = rows.map((l) => line(ctx, o, l));
  const first = lines[0];
  const tax = o.intra_state ? TAX_TYPE.intra : TAX_TYPE.inter;
  // The spread parts are assigned last, onto the literal (eslint.config.js: no field after a spread).
  const head = {
    salesOrderID: ctx.enc.encode('salesOrder', o.id),
    salesOrderNO: o.order_no,
    salseOrderDate: o.order_date,
    deliveryDate: o.delivery_date === null ? null : o.delivery_time ? `${o.delivery_date}T${o.delivery_time}` : o.delivery_date,
    customerID: ctx.enc.encode('customer', o.customer_id),
    customerFullName: fullName(o),
    houseNumber: o.house_number,
    societyName: o.society_name,
    street: o.street,
    area: o.area,
    landmark: o.landmark,
    emailId: o.email,
    customerMobile: mobileShown(masksMobiles(ctx), o.mobile),
    customerTaxNO: o.tax_no,
    branchID: ctx.enc.encode('branch', o.branch_id),
    branchName: o.branch_name,
    branchAddress: o.branch_address,
    branchCity: o.branch_city,
    brachEmailId: o.branch_email,
    branchMobile: o.branch_mobile,
    companyName: o.company_name,
    taxNO: o.company_gstin,
    isCompositionScheme: false,
    salesRepresentativeID: null,
    srName: null,
    yearID: ctx.enc.encode('year', o.year_id),
    yearName: o.year_name,
    taxTypeID: tax.id,
    taxType: tax.name,
    statusID: String(o.status_id),
    transport: null,
    acceptedBy: o.accepted_by,
    remarks: o.remarks,
    conditions: null,
    nameOfSalesOrderPrint: null,
    showPrescriptionOnSalesOrderPrint: rows.some((l) => l.eye !== null) ? 1 : 0,
    lines,
    insuranceCompanyID: ctx.enc.encodeNullable('insuranceCompany', o.insurance_company_id),
    insuranceCompanyName: o.insurance_company_name,
    policyNo: o.policy_no,
    insuranceAmount: rupees(o.insurance_amount),
    patientAmount: rupees(o.net_amount - o.insurance_amount),
  };
  return Object.assign(head, totalsFields(o), firstLineFields(first), eyeFields(rows), collectionFields(ctx, o));
});
