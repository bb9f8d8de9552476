/**
 * Issue 11: a cashier gives a 25 % discount, the service refuses it in words, a manager (here the
 * admin: login.spec.ts locks "manager" out of the shared service) approves at the till with their
 * own password, and the sold line carries the approval.
 */
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, scanAtCounter, scannableFrames, signIn, uniqueMobile, uniqueWord } from './helpers.js';

test('a discount above the cashier’s limit is approved by a manager at the till and saved with the sale', async ({ page, service }) => {
  const admin = await apiAs(service.url, 'admin');
  const item = (await scannableFrames(admin))[3]!;
  const mobile = uniqueMobile();
  await admin.call(api.Customer.upsert, { body: { firstName: 'Discount', lastName: uniqueWord('Approved'), mobile, isActive: true } });

  await signIn(page, 'cashier');
  await scanAtCounter(page, [item]);
  const discount = page.getByRole('textbox', { name: `Discount % of ${item.name}` });
  await discount.fill('25');
  await discount.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Manager approval' });
  await expect(dialog).toContainText('Discount above 10 % needs a manager');
  await dialog.getByLabel('Manager user name').fill('admin');
  await dialog.getByLabel('Manager password').fill('wrong-password');
  await dialog.getByLabel('Reason').fill('Regular customer');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/Wrong manager user name or password/);
  await dialog.getByLabel('Manager password').fill('demo1234');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(discount).toHaveValue(/^25/);

  await page.keyboard.press('F2');
  const mobileBox = page.getByLabel('Customer mobile');
  await mobileBox.fill(mobile);
  await mobileBox.press('Enter');
  await expect(page.getByText(/Discount Approved/)).toBeVisible();
  await page.keyboard.press('F9');
  await expect(page.getByRole('heading', { name: 'Sale saved' })).toBeVisible();
  const orderNo = page.getByTestId('order-no');
  await expect(orderNo).not.toBeEmpty();
  const detail = await admin.call(api.Orders.detail, { params: { salesOrderNo: (await orderNo.textContent())!.trim() } });
  expect(detail.lines?.[0]?.discountRate).toBe(25);
});
