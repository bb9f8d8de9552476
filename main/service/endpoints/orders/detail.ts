import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { formatDiopter, formatMillimetres } from '../../../../shared/domain/rx.js';
import type { SalesOrderDetailLine } from '../../../../shared/models/order.js';
import type { RequestContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { salesOrders, type OrderHeaderRow, type OrderLineRow } from '../../store/sales-order.js';
import { masksMobiles, mobileShown } from '../../customer/mobile.js';
import { fullName } from '../../order/order-view.js';

const TAX_TYPE = { intra: { id: '1', name: 'CGST + SGST' }, inter: { id: '2', name: 'IGST' } } as const;

function line(ctx: RequestContext, o: OrderHeaderRow, l: OrderLineRow): SalesOrderDetailLine {
  const rate = l.gst_rate_bp / 100;
  const half = o.intra_state ? rate / 2 : 0;
  return {
    salesOrderDetailID: ctx.enc.encode('salesOrderLine', l.id),
    itemID: ctx.enc.encode('item', l.item_id),
    itemName: l.name,
    hsnCode: l.hsn_code,
    itemTypeName: l.item_type_name,
    qty: l.qty,
    mrp: rupees(l.mrp),
    price: rupees(l.price),
    idTotalMRP: rupees(l.mrp * l.qty),
    idTotalPrice: rupees(l.price * l.qty),
    discountRate: (l.discount_bp ?? 0) / 100,
    discountAmount: rupees(l.discount),
    taxableAmount: rupees(l.taxable),
    sgstRate: half,
    sgstAmount: rupees(l.sgst),
    cgstRate: half,
    cgstAmount: rupees(l.cgst),
    igstRate: o.intra_state ? 0 : rate,
    igstAmount: rupees(l.igst),
    totalAmount: rupees(l.total),
  };
}

const diopter = (v: number | null) => (v === null ? null : formatDiopter(v / 100));

/** One eye's Rx from the first lens pair's line for that eye (what the order slip prints). */
function eye(lines: readonly OrderLineRow[], side: 'R' | 'L') {
  const l = lines.find((x) => x.eye === side);
  return {
    sph: diopter(l?.sph ?? null),
    cyl: diopter(l?.cyl ?? null),
    axis: l?.axis == null ? null : String(l.axis),
    add: diopter(l?.addition ?? null),
    va: l?.va ?? null,
    vn: l?.vn ?? null,
    pd: l?.pd == null ? null : formatMillimetres(l.pd),
  };
}

/**
 * docs/decisions.md "Order detail": the spec's flat print set (line fields = the first line) plus
 * `lines`. Order numbers are unique per company, so the number alone finds the order.
 */
export const orderDetail = implement(api.Orders.detail, ({ params }, ctx) => {
  const store = salesOrders(ctx.db);
  const o = store.byNo(ctx.user.companyId, params.salesOrderNo.trim());
  if (!o) throw notFound('No such sales order');
  const rows = store.lines(o.id);
  const lines = rows.map((l) => line(ctx, o, l));
  const first = lines[0];
  const r = eye(rows, 'R');
  const le = eye(rows, 'L');
  const tax = o.intra_state ? TAX_TYPE.intra : TAX_TYPE.inter;
  return {
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
    totalQuantity: o.total_qty,
    iTotalPrice: rupees(o.gross),
    totalDiscount: rupees(o.total_discount),
    totalTaxableAmount: rupees(o.taxable),
    totalSGST: rupees(o.sgst),
    totalCGST: rupees(o.cgst),
    totalIGST: rupees(o.igst),
    jobCharges: rupees(o.job_charges),
    serviceTax: rupees(o.service_tax),
    shippingCharges: rupees(o.shipping_charges),
    otherCharges: rupees(o.other_charges),
    rounding: rupees(o.rounding),
    netAmount: rupees(o.net_amount),
    iTotlaMRP: rupees(o.total_mrp),
    // What the customer saved against MRP: MRP total less what the lines were sold for.
    totalSavings: rupees(Math.max(0, o.total_mrp - (o.gross - o.total_discount))),
    acceptedBy: o.accepted_by,
    remarks: o.remarks,
    salesOrderDetailID: first?.salesOrderDetailID ?? null,
    itemID: first?.itemID ?? null,
    itemName: first?.itemName ?? null,
    hsnCode: first?.hsnCode ?? null,
    itemTypeName: first?.itemTypeName ?? null,
    qty: first?.qty ?? null,
    mrp: first?.mrp ?? null,
    price: first?.price ?? null,
    idTotalMRP: first?.idTotalMRP ?? null,
    idTotalPrice: first?.idTotalPrice ?? null,
    discountRate: first?.discountRate ?? null,
    discountAmount: first?.discountAmount ?? null,
    taxableAmount: first?.taxableAmount ?? null,
    sgstRate: first?.sgstRate ?? null,
    sgstAmount: first?.sgstAmount ?? null,
    cgstRate: first?.cgstRate ?? null,
    cgstAmount: first?.cgstAmount ?? null,
    igstRate: first?.igstRate ?? null,
    igstAmount: first?.igstAmount ?? null,
    totalAmount: first?.totalAmount ?? null,
    conditions: null,
    nameOfSalesOrderPrint: null,
    showPrescriptionOnSalesOrderPrint: rows.some((l) => l.eye !== null) ? 1 : 0,
    spherical_Right: r.sph,
    cylinder_Right: r.cyl,
    aXIS_Right: r.axis,
    aDD_Right: r.add,
    vA_Right: r.va,
    vN_Right: r.vn,
    pD_Right: r.pd,
    spherical_Left: le.sph,
    cylinder_Left: le.cyl,
    aXIS_Left: le.axis,
    aDD_Left: le.add,
    vA_Left: le.va,
    vN_Left: le.vn,
    pD_Left: le.pd,
    lines,
    insuranceCompanyID: ctx.enc.encodeNullable('insuranceCompany', o.insurance_company_id),
    insuranceCompanyName: o.insurance_company_name,
    policyNo: o.policy_no,
    insuranceAmount: rupees(o.insurance_amount),
    patientAmount: rupees(o.net_amount - o.insurance_amount),
  };
});
