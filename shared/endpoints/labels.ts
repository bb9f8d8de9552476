/**
 * Barcode labels (declared extensions: the spec prints no labels). Both take a list of items with
 * a quantity each, so labels for a few SKUs, for one item, or for a goods receipt's lines are the
 * same request.
 */
import { endpoint } from '../contract/endpoint.js';
import { SALES_ROLES } from '../contract/roles.js';
import { LabelPrinterRequest, LabelSheetRequest } from '../models/labels.js';
import { PrintDocument } from '../models/print.js';

const group = 'Labels';

const LABELS =
  'The spec has no labels: a store prices and tags its frames and stock itself, with the MRP the Legal Metrology rules require and a barcode the counter scans.';

export const Labels = {
  sheet: endpoint({
    group,
    name: 'Labels.sheet',
    method: 'POST',
    path: '/api/labels/sheet',
    summary: 'Barcode labels on an A4 label sheet (65, 40 or 24 per sheet), from a given free label, as PDF.',
    body: LabelSheetRequest,
    response: PrintDocument,
    responseKind: { kind: 'document', contentTypes: ['application/pdf'] },
    auth: SALES_ROLES,
    errors: [404],
    extension: LABELS,
    note: 'Each label: store name, item code, short name, size and colour, "MRP ₹… incl. of all taxes", and an EAN-13 when the item’s barcode is a valid one, else a Code 128 of its barcode or code. An item not in the catalogue is a 404 naming its line.',
  }),
  printer: endpoint({
    group,
    name: 'Labels.printer',
    method: 'POST',
    path: '/api/labels/printer',
    summary: 'The same labels as raw TSPL or ZPL for a thermal label printer, sized to its roll.',
    body: LabelPrinterRequest,
    response: PrintDocument,
    responseKind: { kind: 'document', contentTypes: ['application/octet-stream'] },
    auth: SALES_ROLES,
    errors: [404],
    extension: LABELS,
    note: 'ASCII only ("Rs." for ₹, names in Latin letters); the printer draws the barcode with its own command (TSPL BARCODE, ZPL ^BE / ^BC) and prints each item’s quantity as copies.',
  }),
};
