/**
 * The ways into an order page besides the Orders screen, against the real service: a customer's
 * Orders tab (their orders with status, totals and balance, paged) and the order numbers in the
 * invoice and receipt lists. Sales are made through the shared client, as the counter makes them.
 */
import type { Page } from '@playwright/test';
import type { Client } from '../shared/client.js';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, screenshot, signIn, uniqueMobile, uniqueWord, watchForCspViolations } from './helpers.js';

const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** A customer and a seller of spectacle lenses (made to order, so any number sell without stock). */
async function lensSeller(staff: Client) {
  const types = await staff.call(api.Common.itemTypes);
  const lensType = types.find((t) => /spectacle lens/i.test(t.name));
  if (!lensType) throw new Error('The demo catalog has no spectacle lens type');
  const found = await staff.call(api.Common.searchItems, { body: { itemTypeID: lensType.value, pageNumber: 1, pageSize: 50 } });
  const lens = found.data.find((i) => i.price > 100);
  if (!lens) throw new Error('No spectacle lens to sell');
  const [cash] = await staff.call(api.QuickSale.receiptTypes);
  if (!cash) throw new Error('No payment kinds');
  const lastName = uniqueWord('Links');
  const { customerID } = await staff.call(api.Customer.upsert, {
    body: { firstName: 'Rohan', lastName, mobile: uniqueMobile(), isActive: true },
  });
  /** One lens, `paid` rupees now (null: all of it). */
  async function sell(paid: number | null) {
    const { sessionID } = await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens!.id, qty: 1 } });
    const cart = await staff.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
    const net = cart.netAmount ?? 0;
    const amount = paid ?? net;
    const sale = await staff.call(api.QuickSale.saveSale, {
      body: {
        sessionID,
        salesorderModel: { sessionId: sessionID, customerId: customerID },
        receiptModel: { receiptTypeId: cash!.id, amount, receiptAmount: amount, customerIDStr: customerID },
      },
    });
    return { ...sale, net, paid: amount };
  }
  return { customerID, lastName, sell };
}

async function expectOrderPage(page: Page, salesOrderNo: string) {
  await expect(page.getByRole('heading', { name: `Order ${salesOrderNo}` })).toBeVisible();
  expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#/orders/${salesOrderNo}`);
}

test('a customer’s Orders tab lists their orders with status, totals and balance, paged, each linking to its order', async ({
  page,
  service,
}) => {
  const problems = watchForCspViolations(page);
  const admin = await apiAs(service.url, 'admin');
  const seller = await lensSeller(admin);
  // Eleven orders: one more than a page. The first is part paid and later sent to the lab.
  const partPaid = await seller.sell(100);
  await admin.call(api.Orders.status, { params: { salesOrderId: partPaid.salesOrderID }, body: { statusId: 2 } });
  const others = [];
  for (let i = 0; i < 10; i += 1) others.push(await seller.sell(null));
  // Someone else's order must not show up on this customer's tab.
  const stranger = await (await lensSeller(admin)).sell(null);

  await signIn(page, 'admin');
  await page.goto(`/#/customers/${encodeURIComponent(seller.customerID)}/profile`);
  await expect(page.getByRole('heading', { name: `Rohan ${seller.lastName}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Orders' }).click();

  const table = page.getByRole('table', { name: 'Customer’s orders' });
  const pager = page.getByRole('navigation', { name: 'Customer’s order pages' });
  await expect(pager).toContainText('1–10 of 11');
  await expect(table.getByRole('row')).toHaveCount(11); // the heading row and ten orders
  await expect(table).not.toContainText(stranger.salesOrderNo);
  // Newest first: the part-paid order, made first, is on the second page.
  const newest = others[others.length - 1]!;
  await expect(table.getByRole('row').nth(1)).toContainText(newest.salesOrderNo);
  await expect(table.getByRole('row').filter({ hasText: newest.salesOrderNo })).toContainText(rupees(newest.net));
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('11–11 of 11');
  const row = table.getByRole('row').filter({ hasText: partPaid.salesOrderNo });
  await expect(row).toContainText('In lab');
  await expect(row).toContainText(rupees(partPaid.net));
  await expect(row).toContainText(rupees(100));
  await expect(row).toContainText(rupees(partPaid.net - 100));
  await screenshot(page, 'customer-orders.png');

  await row.getByRole('link', { name: partPaid.salesOrderNo }).click();
  await expectOrderPage(page, partPaid.salesOrderNo);
  await expect(page.getByTestId('balance')).toHaveText(rupees(partPaid.net - 100));

  expect(problems).toEqual([]);
});

test('order numbers in the invoice and receipt lists open the order page', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const admin = await apiAs(service.url, 'admin');
  const seller = await lensSeller(admin);
  const sale = await seller.sell(null);
  const { invoiceNo } = await admin.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID, customerID: seller.customerID } });

  await signIn(page, 'admin');
  await page.getByRole('link', { name: /Invoices/ }).click();
  await page.getByLabel('Invoice no').fill(invoiceNo);
  const invoiceRow = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: invoiceNo });
  await expect(invoiceRow).toHaveCount(1);
  await invoiceRow.getByRole('link', { name: sale.salesOrderNo }).click();
  await expectOrderPage(page, sale.salesOrderNo);
  await expect(page.getByTestId('invoice-no')).toHaveText(invoiceNo);

  await page.getByRole('link', { name: /Receipts/ }).click();
  await page.getByLabel('Order no').fill(sale.salesOrderNo);
  const receiptRow = page.getByRole('table', { name: 'Receipts' }).getByRole('row').filter({ hasText: sale.receiptNo ?? '' });
  await expect(receiptRow).toHaveCount(1);
  await receiptRow.getByRole('link', { name: sale.salesOrderNo }).click();
  await expectOrderPage(page, sale.salesOrderNo);

  expect(problems).toEqual([]);
});
