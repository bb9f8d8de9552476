/**
 * The optometrist's day (issue 16): the recall list (a call recorded as contacted, with a note),
 * then the customer's prescription amended, the old version kept and shown as superseded; Rx
 * errors name their cell in words.
 */
import { api } from '../shared/endpoints/index.js';
import { storeDate } from '../shared/domain/calendar.js';
import { lensTypeId } from '../shared/domain/rx.js';
import { expect, test } from './fixtures.js';
import { apiAs, screenshot, signIn, uniqueMobile, uniqueWord, watchForCspViolations } from './helpers.js';

/** A day no demo recall falls on, so the list shows this test's customer alone. */
const DUE = `2030-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;

test('mark a recall as contacted, then amend the prescription and see the superseded version', async ({ page, service }) => {
  const problems = watchForCspViolations(page);
  const staff = await apiAs(service.url, 'admin');
  const last = uniqueWord('Desai');
  const name = `Farah ${last}`;
  await staff.call(api.Customer.savePrescription, {
    body: {
      firstName: 'Farah', lastName: last, mobile: uniqueMobile(), eyeCheckupRecallDate: DUE,
      prescriptionList: [
        { lensTypeID: lensTypeId('distance', 'right'), sph: '-1.50' },
        { lensTypeID: lensTypeId('distance', 'left'), sph: '-1.25' },
      ],
    },
  });

  await signIn(page, 'optometrist');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Recalls/ }).click();
  await expect(page.getByRole('heading', { name: 'Recall list' })).toBeVisible();
  await page.getByLabel('Due from').fill(storeDate(DUE)!);
  await page.getByLabel('Due to').fill(storeDate(DUE)!);
  const table = page.getByRole('table', { name: 'Recalls due' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('R -1.50, L -1.25');
  await expect(row).toContainText('Not called');

  await row.getByLabel(`Outcome of the call to ${name}`).selectOption({ label: 'Contacted' });
  await row.getByLabel(`Note on the call to ${name}`).fill('Will come on Saturday');
  await row.getByRole('button', { name: 'Save call' }).click();
  // Called: it leaves the "not called yet" list, and shows with its call among all.
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await page.getByLabel('Show').selectOption({ label: 'All, with calls made' });
  const called = table.getByRole('row').filter({ hasText: name });
  await expect(called).toContainText('Contacted');
  await expect(called).toContainText('Will come on Saturday');
  await screenshot(page, 'recall-list.png', { guide: true });

  // The customer's prescription, amended.
  await called.getByRole('link', { name }).click();
  const history = page.getByRole('list', { name: 'Prescription history' });
  await history.getByRole('link', { name: /Amend the prescription of/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Amend prescription' })).toBeVisible();
  const cell = (label: string) => page.getByLabel(label, { exact: true });
  await expect(cell('Left SPH distance')).toHaveValue('-1.25');

  // A quarter-step rule broken: the message names the cell in words.
  await cell('Left CYL distance').fill('-0.30');
  await cell('Left AXIS distance').fill('90');
  await page.getByRole('button', { name: 'Save amendment' }).click();
  await expect(page.getByRole('alert')).toContainText('Left CYL must be a multiple of 0.25');
  await cell('Left CYL distance').fill('');
  await cell('Left AXIS distance').fill('');

  await cell('Left SPH distance').fill('-1.75');
  await cell('Right Prism distance').fill('1.5');
  await cell('Right Base distance').fill('in');
  await page.getByLabel('Reason for the amendment').fill('Re-checked the left eye');
  await page.getByRole('button', { name: 'Save amendment' }).click();

  await expect(page.getByRole('tab', { name: 'Prescription history', selected: true })).toBeVisible();
  const card = history.getByRole('article').first();
  await expect(card).toContainText('Amended · version 2');
  await expect(card).toContainText('-1.75');
  await expect(card).toContainText('1.50');
  await expect(card).toContainText('In');
  await card.getByRole('button', { name: 'Show earlier versions' }).click();
  const earlier = card.getByRole('list', { name: 'Earlier versions' }).getByRole('article', { name: 'Version 1' });
  await expect(earlier).toContainText('Superseded');
  await expect(earlier).toContainText('by optometrist');
  await expect(earlier).toContainText('-1.25');
  await expect(earlier).toContainText('Amended because: Re-checked the left eye');
  await screenshot(page, 'prescription-versions.png', { guide: true });
  expect(problems).toEqual([]);
});
