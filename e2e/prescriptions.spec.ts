import { api } from '../shared/endpoints/index.js';
import { localDate, storeDate } from '../shared/domain/calendar.js';
import { expect, test } from './fixtures.js';
import { apiAs, screenshot, signIn, uniqueMobile, uniqueWord, watchForCspViolations } from './helpers.js';

async function seedCustomer(serviceUrl: string): Promise<{ id: string; name: string; doctor: string }> {
  const staff = await apiAs(serviceUrl, 'admin');
  const last = uniqueWord('Joshi');
  const { customerID } = await staff.call(api.Customer.upsert, {
    body: { firstName: 'Meera', lastName: last, mobile: uniqueMobile() },
  });
  const doctor = `Dr. ${uniqueWord('Rao')}`;
  await staff.call(api.Customer.saveDoctor, { body: { name: doctor, isActive: true } });
  return { id: customerID, name: `Meera ${last}`, doctor };
}

test('a CYL without AXIS is flagged on its cell; once fixed the prescription saves and shows in the history', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const customer = await seedCustomer(service.url);
  await signIn(page, 'optometrist');
  await page.getByRole('link', { name: /Customers/ }).click();
  await page.getByLabel('Search by mobile or name').fill(customer.name.split(' ')[1]!);
  await page.getByRole('link', { name: customer.name }).click();
  await page.getByRole('link', { name: 'New prescription' }).click();

  await expect(page.getByRole('heading', { name: 'New prescription' })).toBeVisible();
  await page.getByLabel('Doctor').selectOption({ label: customer.doctor });

  const cell = (label: string) => page.getByLabel(label, { exact: true });
  await cell('Right SPH distance').fill('-1.5');
  await cell('Right CYL distance').fill('-.75');
  await cell('Left SPH distance').fill('-1.25');
  await cell('Left VA distance').fill('6/6');
  await cell('Right ADD near').fill('2');
  await cell('Left SPH contact lens').fill('-10');
  await page.getByLabel('Remarks').fill('Computer work, anti-glare advised');

  // Leaving a cell tidies it the way the service stores it.
  await expect(cell('Right SPH distance')).toHaveValue('-1.50');
  await expect(cell('Right CYL distance')).toHaveValue('-0.75');
  await expect(cell('Right ADD near')).toHaveValue('+2.00');
  await expect(cell('Left SPH contact lens')).toHaveValue('-10.00');

  await page.getByRole('button', { name: 'Save prescription' }).click();
  const axis = cell('Right AXIS distance');
  await expect(axis).toHaveAttribute('aria-invalid', 'true');
  await expect(axis).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('Right AXIS is required when CYL is not zero');
  await screenshot(page, 'prescription-grid.png', { guide: true });

  await axis.fill('180');
  await expect(axis).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save prescription' }).click();

  await expect(page.getByRole('tab', { name: 'Prescription history', selected: true })).toBeVisible();
  const history = page.getByRole('list', { name: 'Prescription history' });
  const card = history.getByRole('article').first();
  await expect(card).toContainText(customer.doctor);
  await expect(card).toContainText('-1.50');
  await expect(card).toContainText('-0.75');
  await expect(card).toContainText('180');
  await expect(card).toContainText('Computer work');

  // Deleting keeps the card in the history, marked, as past orders still refer to it.
  await card.getByRole('button', { name: 'Delete' }).click();
  await card.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(card.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(card).toContainText('-1.50');
  expect(problems).toEqual([]);
});

test('the service’s field errors land on the right cell', async ({ page, service }) => {
  const customer = await seedCustomer(service.url);
  await signIn(page, 'optometrist');
  await page.goto(`/#/customers/${encodeURIComponent(customer.id)}/new-prescription`);
  await page.getByLabel('Left SPH distance', { exact: true }).fill('-2.00');
  // Stand in for a rule only the service knows, answering as it answers any 400.
  await page.route('**/api/Customer/save-prescription', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'Validation failed',
        errors: { 'prescriptionList.0.sph': ['Not stocked in this power'], eyeCheckupRecallDate: ['The clinic is closed that day'] },
      }),
    }),
  );
  await page.getByRole('button', { name: 'Save prescription' }).click();
  await expect(page.getByLabel('Left SPH distance', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Left SPH distance', { exact: true })).toHaveAttribute('title', 'Not stocked in this power');
  await expect(page.getByLabel('Recall date')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The clinic is closed that day')).toBeVisible();
});

test('Tab walks the grid in reading order and the transpose button flips the cylinder', async ({ page, service }) => {
  const customer = await seedCustomer(service.url);
  await signIn(page, 'optometrist');
  await page.goto(`/#/customers/${encodeURIComponent(customer.id)}/new-prescription`);

  const cell = (label: string) => page.getByLabel(label, { exact: true });
  await cell('Right SPH distance').click();
  await page.keyboard.type('+1');
  await page.keyboard.press('Tab');
  await expect(cell('Right CYL distance')).toBeFocused();
  await expect(cell('Right SPH distance')).toHaveValue('+1.00');
  await page.keyboard.type('-0.5');
  await page.keyboard.press('Tab');
  await page.keyboard.type('90');
  await expect(cell('Right AXIS distance')).toBeFocused();
  // The last cell of a row leads to the first of the next row.
  await cell('Right Base distance').focus();
  await page.keyboard.press('Tab');
  await expect(cell('Left SPH distance')).toBeFocused();

  await page.getByRole('button', { name: 'Transpose ± cylinder' }).click();
  await expect(cell('Right SPH distance')).toHaveValue('+0.50');
  await expect(cell('Right CYL distance')).toHaveValue('+0.50');
  await expect(cell('Right AXIS distance')).toHaveValue('180');
});

test('recall date and K1/K2 are entered, checked on their inputs, saved and shown in the history', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const customer = await seedCustomer(service.url);
  await signIn(page, 'optometrist');
  await page.goto(`/#/customers/${encodeURIComponent(customer.id)}/new-prescription`);
  await expect(page.getByRole('heading', { name: 'New prescription' })).toBeVisible();

  const cell = (label: string) => page.getByLabel(label, { exact: true });
  const recall = page.getByLabel('Recall date');
  await expect(recall).toBeEnabled();
  await expect(cell('Right K1 contact lens')).toBeEnabled();

  const visit = new Date();
  const yesterday = localDate(new Date(visit.getTime() - 86_400_000));
  const inFourMonths = localDate(new Date(visit.getFullYear(), visit.getMonth() + 4, 15));
  await cell('Right SPH contact lens').fill('-2.25');
  await cell('Right K1 contact lens').fill('60');
  await cell('Right K2 contact lens').fill('43.125');
  await cell('Left SPH contact lens').fill('-2.00');
  await cell('Left K1 contact lens').fill('42.5');
  await cell('Left K2 contact lens').fill('43');
  await recall.fill(storeDate(yesterday)!);
  // Leaving a K cell keeps an odd eighth exact.
  await expect(cell('Right K2 contact lens')).toHaveValue('43.125');
  await expect(cell('Left K1 contact lens')).toHaveValue('42.50');

  await page.getByRole('button', { name: 'Save prescription' }).click();
  await expect(cell('Right K1 contact lens')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toContainText('Right contact-lens K1 must be between 35.00 and 55.00 D');
  await expect(recall).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The recall comes after the visit')).toBeVisible();

  await cell('Right K1 contact lens').fill('42.75');
  await recall.fill(storeDate(inFourMonths)!);
  await page.getByRole('button', { name: 'Save prescription' }).click();

  await expect(page.getByRole('tab', { name: 'Prescription history', selected: true })).toBeVisible();
  const card = page.getByRole('list', { name: 'Prescription history' }).getByRole('article').first();
  const [y, m, d] = inFourMonths.split('-');
  await expect(card).toContainText(`Recall ${d}/${m}/${y}`);
  await expect(card.getByRole('columnheader', { name: 'K1' })).toBeVisible();
  await expect(card.getByRole('columnheader', { name: 'K2' })).toBeVisible();
  for (const value of ['42.75', '43.125', '42.50', '43.00']) await expect(card).toContainText(value);

  const staff = await apiAs(service.url, 'admin');
  const [item] = await staff.call(api.Customer.prescriptionList, { body: { customerID: customer.id } });
  expect(item!.eyeCheckupRecallDate).toBe(inFourMonths);
  expect([item!.k1_Right, item!.k2_Right, item!.k1_Left, item!.k2_Left]).toEqual(['42.75', '43.125', '42.50', '43.00']);
  expect(problems).toEqual([]);
});
