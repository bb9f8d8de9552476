/**
 * Suppliers as purchasing keeps them (master data, written at head office only): a name unique in
 * the company, a GSTIN checked by its check character whose state code sets the supplier's state,
 * contact, address and payment terms. Deactivating keeps the supplier's documents and hides it
 * from new orders and receipts.
 */
import { gstinProblem, gstinStateCode } from '../../../shared/domain/gstin.js';
import type { Supplier, SupplierInput } from '../../../shared/models/purchasing.js';
import type { RequestContext } from '../context.js';
import { conflict, invalid, notFound } from '../errors.js';
import { optionalText } from '../input/text.js';
import { states } from '../store/state.js';
import { suppliers, type SupplierDetail, type SupplierRow } from '../store/supplier.js';
import { requireHeadOffice, whyNotHeadOffice } from './head-office.js';

const WHAT = 'Suppliers';

export function supplierView(ctx: RequestContext, s: SupplierRow): Supplier {
  return {
    supplierID: ctx.enc.encode('supplier', s.id),
    name: s.name,
    gstin: s.gstin,
    stateID: s.state_id === null ? null : ctx.enc.encode('state', s.state_id),
    stateName: s.state_name,
    contactPerson: s.contact_person,
    mobile: s.mobile,
    email: s.email,
    address: s.address,
    city: s.city,
    paymentTermsDays: s.payment_terms_days,
    isLab: s.is_lab === 1,
    isActive: s.is_active === 1,
  };
}

export function listSuppliers(ctx: RequestContext) {
  const why = whyNotHeadOffice(ctx, WHAT);
  return { suppliers: suppliers(ctx.db).all(ctx.user.companyId).map((s) => supplierView(ctx, s)), canEdit: why === null, readOnlyReason: why };
}

/** A supplier of this company by its ENC id; 404 otherwise. */
export function supplierOf(ctx: RequestContext, encoded: string, field: string): SupplierRow {
  const row = suppliers(ctx.db).byId(ctx.user.companyId, ctx.decode('supplier', encoded, field));
  if (!row) throw notFound('No such supplier', 'SUPPLIER_NOT_FOUND');
  return row;
}

/** The fields as stored, every rule checked: a 400 names the field. */
function detailOf(ctx: RequestContext, body: SupplierInput): SupplierDetail {
  const name = body.name.trim();
  if (!name) throw invalid('The supplier needs a name', { name: ['Required'] });
  const gstin = optionalText(body.gstin)?.toUpperCase() ?? null;
  let stateId: number | null = body.stateID?.trim() ? ctx.decode('state', body.stateID.trim(), 'stateID') : null;
  if (stateId !== null && !states(ctx.db).byId(stateId)) throw invalid('No such state', { stateID: ['Not a state'] });
  if (gstin) {
    const problem = gstinProblem(gstin);
    if (problem) throw invalid(`GSTIN ${gstin}: ${problem}`, { gstin: [problem] });
    const fromGstin = states(ctx.db).find(gstinStateCode(gstin));
    if (!fromGstin) throw invalid(`GSTIN ${gstin} starts with ${gstinStateCode(gstin)}, which is no state’s GST code`, { gstin: ['Unknown state code'] });
    if (stateId !== null && stateId !== fromGstin.id) {
      const chosen = states(ctx.db).byId(stateId)!.name;
      throw invalid(`GSTIN ${gstin} is registered in ${fromGstin.name}, not ${chosen}: correct the GSTIN or the state`, { stateID: [`The GSTIN says ${fromGstin.name}`] });
    }
    stateId = fromGstin.id;
  }
  const terms = body.paymentTermsDays;
  if (terms !== null && terms !== undefined && (!Number.isInteger(terms) || terms < 0 || terms > 365)) {
    throw invalid('Payment terms are whole days, 0 to 365', { paymentTermsDays: ['Whole days, 0 to 365'] });
  }
  const email = optionalText(body.email);
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid('That is not an e-mail address', { email: ['Not an e-mail address'] });
  return {
    name,
    gstin,
    state_id: stateId,
    contact_person: optionalText(body.contactPerson),
    mobile: optionalText(body.mobile),
    email,
    address: optionalText(body.address),
    city: optionalText(body.city),
    payment_terms_days: terms ?? null,
    is_lab: body.isLab ? 1 : 0,
  };
}

function nameFree(ctx: RequestContext, name: string, self: number | null) {
  const other = suppliers(ctx.db).idOfName(ctx.user.companyId, name);
  if (other !== undefined && other !== self) throw conflict(`There is a supplier called ${name} already`, 'SUPPLIER_NAME_TAKEN');
}

export function createSupplier(ctx: RequestContext, body: SupplierInput) {
  return ctx.db
    .transaction(() => {
      requireHeadOffice(ctx, WHAT);
      const detail = detailOf(ctx, body);
      nameFree(ctx, detail.name, null);
      const id = ctx.ids.next('supplier');
      suppliers(ctx.db).insertDetail(id, ctx.user.companyId, detail);
      return { message: `Supplier ${detail.name} added`, supplier: supplierView(ctx, suppliers(ctx.db).byId(ctx.user.companyId, id)!) };
    })
    .immediate();
}

export function updateSupplier(ctx: RequestContext, supplierId: string, body: SupplierInput) {
  return ctx.db
    .transaction(() => {
      requireHeadOffice(ctx, WHAT);
      const row = supplierOf(ctx, supplierId, 'supplierId');
      const detail = detailOf(ctx, body);
      nameFree(ctx, detail.name, row.id);
      suppliers(ctx.db).update(row.id, ctx.user.companyId, detail);
      return { message: `Supplier ${detail.name} saved`, supplier: supplierView(ctx, suppliers(ctx.db).byId(ctx.user.companyId, row.id)!) };
    })
    .immediate();
}

export function setSupplierActive(ctx: RequestContext, supplierId: string, active: boolean) {
  return ctx.db
    .transaction(() => {
      requireHeadOffice(ctx, WHAT);
      const row = supplierOf(ctx, supplierId, 'supplierId');
      if ((row.is_active === 1) !== active) suppliers(ctx.db).setActive(ctx.user.companyId, row.id, active);
      const message = active ? `${row.name} is active again` : `${row.name} is deactivated: no new orders or receipts; its documents stay`;
      return { message, supplier: supplierView(ctx, suppliers(ctx.db).byId(ctx.user.companyId, row.id)!) };
    })
    .immediate();
}
