/**
 * The counter's insurance split: an insurer and a claim on the quick sale, the service's split
 * shown in the payment panel, the patient's share taken as the default payment. The expected
 * figures are asked of the service for the same cart, so the test follows the demo prices.
 */
import type { Page } from '@playwright/test';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, tillOf, screenshot, signIn, uniqueMobile, uniqueWord, watchForCspViolations } from './helpers.js';

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function scan(page: Page, code: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Code' });
  await expect(box).toBeFocused();
  await box.pressSequentially(code, { delay: 5 });
  await box.press('Enter');
}

/** The cart's session as the screen keeps it (cart.ts persists it in localStorage). */
async function cartSession(page: Page): Promise<string> {
  // The counter's state is kept per signed-in user (renderer/src/quick-sale/cart.ts).
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('optical-pos.quick-sale.'));
    return key ? localStorage.getItem(key) : null;
  });
  const sessionID = (JSON.parse(stored ?? '{}') as { state?: { sessionID?: string | null } }).state?.sessionID;
  if (!sessionID) throw new Error('The quick sale has no cart session');
  return sessionID;
}

test('an insurer and a claim split the bill as the service says; the patient pays their share by default', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const cashier = await apiAs(service.url, 'cashier');
  const insurers = await cashier.call(api.QuickSale.insuranceCompanies, { query: { activeOnly: true } });
  const insurer = insurers[0];
  if (!insurer) throw new Error('The demo store has no active insurance company');

  const types = await cashier.call(api.Common.itemTypes);
  const frameType = types.find((t) => /^frames?$/i.test(t.name));
  if (!frameType) throw new Error('The demo catalog has no frame type');
  const found = await cashier.call(api.Common.searchItems, { body: { itemTypeID: frameType.value, pageNumber: 1, pageSize: 50 } });
  const frame = found.data.find((i) => i.barcode && (i.stock ?? 0) >= 1 && i.price >= 100);
  if (!frame?.barcode) throw new Error('No frame with a barcode, stock and a price of at least ₹100');

  const mobile = uniqueMobile();
  const lastName = uniqueWord('Insured');
  await cashier.call(api.Customer.upsert, { body: { firstName: 'Meera', lastName, mobile, isActive: true } });

  await signIn(page, 'cashier');
  await page.getByRole('link', { name: /Quick sale/ }).click();
  await scan(page, frame.barcode);
  await expect(page.getByRole('table', { name: 'Cart' }).getByRole('row').filter({ hasText: frame.name })).toBeVisible();

  await page.keyboard.press('F2');
  const mobileBox = page.getByLabel('Customer mobile');
  await mobileBox.fill(mobile);
  await mobileBox.press('Enter');
  await expect(page.getByText(`Meera ${lastName}`)).toBeVisible();

  // Part of the bill, so that both shares are above zero.
  const claim = Math.floor(frame.price / 2);
  await page.getByLabel('Insurance').selectOption({ label: insurer.name });
  const claimBox = page.getByLabel('Claimed');
  await claimBox.fill(String(claim));
  await claimBox.press('Enter');
  await page.getByLabel('Policy no.').fill('POL-77120');

  // The cart is the cashier's at this page's till: ask as that till.
  const atTill = await apiAs(service.url, 'cashier', await tillOf(page));
  const expected = await atTill.call(api.QuickSale.calculateTempGrossInsurance, {
    body: { sessionID: await cartSession(page), totalInsuranceAmount: claim },
  });
  expect(expected.insuranceAmount).toBeGreaterThan(0);
  expect(expected.patientAmount).toBeGreaterThan(0);
  await expect(page.getByTestId('insurance-gross')).toHaveText(RUPEES.format(expected.grossTotal));
  await expect(page.getByTestId('insurance-amount')).toHaveText(RUPEES.format(expected.insuranceAmount));
  await expect(page.getByTestId('patient-amount')).toHaveText(RUPEES.format(expected.patientAmount));
  await expect(page.getByLabel('Paying now')).toHaveAttribute('placeholder', expected.patientAmount.toFixed(2));
  await screenshot(page, 'quick-sale-insurance.png');

  await page.keyboard.press('F9');
  await expect(page.getByRole('heading', { name: 'Sale saved' })).toBeVisible();
  const orderNo = (await page.getByTestId('order-no').textContent()) ?? '';
  await page.getByTestId('order-no').click();
  await expect(page.getByRole('heading', { name: `Order ${orderNo}` })).toBeVisible();
  await expect(page.getByTestId('received')).toHaveText(RUPEES.format(expected.patientAmount));
  // The order keeps the insurer and its share, which the customer's balance leaves out.
  await expect(page.getByTestId('insurer')).toHaveText(`${insurer.name} · policy POL-77120`);
  await expect(page.getByTestId('insurance-amount')).toHaveText(RUPEES.format(expected.insuranceAmount));
  await expect(page.getByTestId('patient-amount')).toHaveText(RUPEES.format(expected.patientAmount));
  await expect(page.getByTestId('balance')).toHaveText(RUPEES.format(0));

  expect(problems).toEqual([]);
});
