/**
 * Issue 11: an item that is off the shelf is refused when it is scanned, in the cashier's words,
 * and the counter offers to sell it to order (which this demo store does not allow: it says so).
 */
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, scannableFrames, signIn } from './helpers.js';

test('scanning an item the shelf no longer has says so at once and offers to sell it to order', async ({ page, service }) => {
  const admin = await apiAs(service.url, 'admin');
  const item = (await scannableFrames(admin, 1)).at(-1)!;
  // Sell what the shelf holds, so the next scan finds none.
  const { sessionID } = await admin.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: item.id, qty: item.stock ?? 1 } });
  const { customerID } = await admin.call(api.Customer.upsert, { body: { firstName: 'Shelf', lastName: 'Emptier' } });
  await admin.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, allowZeroAmountReceiptInQuickSale: true },
  });

  await signIn(page, 'cashier');
  await page.getByRole('link', { name: /Quick sale/ }).click();
  const box = page.getByRole('combobox', { name: 'Code' });
  await expect(box).toBeFocused();
  await box.pressSequentially(item.barcode!, { delay: 5 });
  await box.press('Enter');
  const alert = page.locator('.counter-order-in');
  await expect(alert).toContainText(`${item.name} is out of stock here`);
  await alert.getByRole('button', { name: 'Sell to order' }).click();
  await expect(alert).toContainText('cannot be sold to order in this store');
  await expect(page.getByText('The cart is empty.')).toBeVisible();
});
