import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { createSupplier, listSuppliers, setSupplierActive, updateSupplier } from '../../purchasing/suppliers.js';

/** Purchasing/suppliers: every supplier, and whether this PC may change them (purchasing/suppliers.ts). */
export const suppliersList = implement(api.Purchasing.suppliers, (_input, ctx) => listSuppliers(ctx));

/** Adds a supplier at head office; GSTIN and state checked in purchasing/suppliers.ts. */
export const supplierCreate = implement(api.Purchasing.createSupplier, ({ body }, ctx) => createSupplier(ctx, body));

export const supplierUpdate = implement(api.Purchasing.updateSupplier, ({ params, body }, ctx) => updateSupplier(ctx, params.supplierId, body));

export const supplierSetActive = implement(api.Purchasing.setSupplierActive, ({ params, body }, ctx) => setSupplierActive(ctx, params.supplierId, body.active));
