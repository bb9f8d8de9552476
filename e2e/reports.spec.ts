/**
 * Invoices, receipts and the dashboard against the real service: a sale made through the shared
 * client (as the counter would make it) shows up in the lists and in the day's figures. Expected
 * figures are asked of the service after the sale, so the test holds whatever else the worker's
 * other specs sold today. Signs in as admin: login.spec.ts locks `manager` out.
 */
import type { Client } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, screenshot, signIn, uniqueMobile, uniqueWord, watchForCspViolations } from './helpers.js';

const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** One spectacle lens (made to order, so no stock is needed) sold and paid in full, then invoiced. */
async function sellAndInvoice(staff: Client, lastName: string) {
  const types = await staff.call(api.Common.itemTypes);
  const lensType = types.find((t) => /spectacle lens/i.test(t.name));
  if (!lensType) throw new Error('The demo catalog has no spectacle lens type');
  const found = await staff.call(api.Common.searchItems, { body: { itemTypeID: lensType.value, pageNumber: 1, pageSize: 5 } });
  const lens = found.data[0];
  if (!lens) throw new Error('The demo catalog has no spectacle lens');
  const [kind] = await staff.call(api.QuickSale.receiptTypes);
  if (!kind) throw new Error('No payment kinds');

  const { customerID } = await staff.call(api.Customer.upsert, { body: { firstName: 'Report', lastName, mobile: uniqueMobile(), isActive: true } });
  const { sessionID } = await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens.id, qty: 1 } });
  const cart = await staff.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  const net = cart.netAmount ?? 0;
  const sale = await staff.call(api.QuickSale.saveSale, {
    body: {
      sessionID,
      salesorderModel: { sessionId: sessionID, customerId: customerID },
      receiptModel: { receiptTypeId: kind.id, amount: net, receiptAmount: net, customerIDStr: customerID },
      allowZeroAmountReceiptInQuickSale: false,
    },
  });
  if (!sale.receiptNo) throw new Error('The sale made no receipt');
  const invoice = await staff.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID, customerID } });
  return { ...sale, receiptNo: sale.receiptNo, invoiceNo: invoice.invoiceNo, net, kind: kind.name, customerName: `Report ${lastName}` };
}

test('a sale shows in the receipts and invoices lists and in the dashboard; a cashier has no dashboard', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const admin = await apiAs(service.url, 'admin');
  const sale = await sellAndInvoice(admin, uniqueWord('Report'));

  await signIn(page, 'admin');

  await page.getByRole('link', { name: /Receipts/ }).click();
  await expect(page.getByRole('heading', { name: 'Receipts' })).toBeVisible();
  await page.getByLabel('Receipt no').fill(sale.receiptNo);
  const receiptRow = page.getByRole('table', { name: 'Receipts' }).getByRole('row').filter({ hasText: sale.receiptNo });
  await expect(receiptRow).toHaveCount(1);
  await expect(receiptRow).toContainText(sale.customerName);
  await expect(receiptRow).toContainText(sale.salesOrderNo);
  await expect(receiptRow).toContainText(sale.kind);
  await expect(receiptRow).toContainText(rupees(sale.net));

  await page.getByRole('link', { name: /Invoices/ }).click();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await page.getByLabel('Order no').fill(sale.salesOrderNo);
  const invoiceRow = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: sale.invoiceNo });
  await expect(invoiceRow).toHaveCount(1);
  await expect(invoiceRow).toContainText(sale.customerName);
  await expect(invoiceRow).toContainText(rupees(sale.net));

  const day = await admin.call(api.Dashboard.dashboardData, { body: {} });
  expect(day.sales.count).toBeGreaterThanOrEqual(1);
  await page.getByRole('link', { name: /Dashboard/ }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('kpi-sales')).toHaveText(rupees(day.sales.amount));
  await expect(page.getByTestId('kpi-received')).toHaveText(rupees(day.receipts.amount));
  await expect(page.getByTestId('kpi-month')).toHaveText(rupees(day.period.amount));
  await expect(page.getByTestId('kpi-balance')).toHaveText(rupees(day.balanceOutstanding.amount));
  await expect(page.getByTestId('kpi-due')).toHaveText(String(day.deliveries.dueToday));
  await expect(page.getByTestId('kpi-overdue')).toHaveText(String(day.deliveries.overdue));
  await expect(page.getByTestId('kpi-recalls')).toHaveText(String(day.recallsDue));

  const kind = day.receipts.byPaymentKind.find((k) => k.name === sale.kind);
  if (!kind) throw new Error(`The dashboard has no ${sale.kind} receipts`);
  await expect(page.getByRole('table', { name: 'Received by payment kind' }).getByRole('row').filter({ hasText: sale.kind })).toContainText(
    rupees(kind.amount),
  );
  for (const status of day.ordersByStatus) {
    await expect(page.getByRole('table', { name: 'Orders by status' }).getByRole('row').filter({ hasText: status.status })).toContainText(
      String(status.count),
    );
  }
  const top = day.topItems[0];
  if (!top) throw new Error('No top items after a sale');
  await expect(page.getByRole('table', { name: 'Top items' })).toContainText(top.itemName);
  const chart = page.getByRole('img', { name: /Sales by day/ });
  await expect(chart).toBeVisible();
  // One bar per day of the month so far, quiet days included.
  const dayOf = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  await expect(chart.locator('rect')).toHaveCount((dayOf(day.period.toDate) - dayOf(day.period.fromDate)) / 86_400_000 + 1);
  await screenshot(page, 'dashboard.png', { guide: true });

  await page.getByRole('button', { name: 'Log out' }).click();
  await signIn(page, 'cashier');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /Receipts/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Invoices/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Dashboard/ })).toHaveCount(0);

  expect(problems).toEqual([]);
});
