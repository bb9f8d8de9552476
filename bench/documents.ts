/**
 * Printed documents, on the fresh demo store with one sale (a pair of spectacle lenses, paid in
 * full, invoiced): each document asked for over HTTP, one after another, as the till asks for
 * it, so a figure is what a cashier waits for the bytes (query, layout and writing). The PDFs
 * are laid out with real fonts; the 80 mm receipt twice (measured, then drawn to length).
 */
import { performance } from 'node:perf_hooks';
import { createClient } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import type { RunningServer } from '../main/service/server.js';

export async function benchDocuments(server: RunningServer, token: string, report: (name: string, count: number, ms: number) => void) {
  const client = createClient({ baseUrl: server.url, getToken: () => token });
  const { db, enc } = server.deps;
  const lens = db.prepare('SELECT id FROM item WHERE item_type_id = 3 AND is_active = 1 AND add_from IS NULL ORDER BY code LIMIT 1').get() as { id: number };
  const { customerID } = await client.call(api.Customer.upsert, { body: { firstName: 'Bench', lastName: 'Documents', mobile: '9825000001' } });
  const item = enc.encode('item', lens.id);
  const { sessionID } = await client.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: item, pairNo: 'P1', spherical: '-1.50', cylinder: '-0.50', axis: '90' } });
  await client.call(api.QuickSale.saveSalesOrderTemp, { body: { sessionID, itemID: item, pairNo: 'P1', spherical: '-1.75' } });
  const net = (await client.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).netAmount ?? 0;
  const sale = await client.call(api.QuickSale.saveSale, {
    body: {
      sessionID,
      salesorderModel: { sessionId: sessionID, customerId: customerID },
      receiptModel: { receiptTypeId: enc.encode('paymentKind', 1), amount: net },
      allowZeroAmountReceiptInQuickSale: false,
    },
  });
  const invoice = await client.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID, customerID } });
  const receiptId = enc.encode('receipt', (db.prepare('SELECT id FROM receipt WHERE receipt_no = ?').get(sale.receiptNo) as { id: number }).id);
  const invoiceId = enc.encode('invoice', (db.prepare('SELECT id FROM invoice WHERE invoice_no = ?').get(invoice.invoiceNo) as { id: number }).id);

  const documents: [string, number, () => Promise<{ status: number; bytes: Uint8Array }>][] = [
    ['receipt PDF (80 mm)', 30, () => client.raw(api.Common.receiptPdf, { body: receiptId })],
    ['invoice PDF (A4)', 30, () => client.raw(api.Common.invoicePdf, { body: invoiceId })],
    ['receipt HTML (80 mm)', 50, () => client.raw(api.Common.receiptPdfHtml, { body: receiptId })],
    ['receipt ESC/POS (48 columns)', 300, () => client.raw(api.Common.receiptEscPos, { body: receiptId, query: { width: 48, drawer: true } })],
  ];
  for (const [name, count, fetchOne] of documents) {
    // The first call loads fonts and prepares statements: not what the till waits for each time.
    const first = await fetchOne();
    if (first.status !== 200) throw new Error(`${name}: ${first.status}`);
    const start = performance.now();
    let bytes = 0;
    for (let i = 0; i < count; i++) bytes += (await fetchOne()).bytes.length;
    report(`POST ${name}, ${(bytes / count / 1024).toFixed(1)} KB`, count, performance.now() - start);
  }
}
