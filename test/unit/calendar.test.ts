/** The store's dates (shared/domain/calendar.ts): shown dd/mm/yyyy, and typed that way whatever the locale (issue 16). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dateEntryMessage, isCalendarDay, parseStoreDate, storeDate } from '../../shared/domain/calendar.js';

test('shown as dd/mm/yyyy, with or without a time', () => {
  assert.equal(storeDate('2026-03-07'), '07/03/2026');
  assert.equal(storeDate('2026-03-07T00:00:00'), '07/03/2026');
  assert.equal(storeDate(''), null);
  assert.equal(storeDate('07/03/2026'), null);
});

test('typed day first, with / - or . and one or two digits: ISO back', () => {
  assert.equal(parseStoreDate('07/03/2026'), '2026-03-07');
  assert.equal(parseStoreDate('7/3/2026'), '2026-03-07');
  assert.equal(parseStoreDate('07-03-2026'), '2026-03-07');
  assert.equal(parseStoreDate('7.3.2026'), '2026-03-07');
  assert.equal(parseStoreDate('  31/12/1999 '), '1999-12-31');
  // Never month first: 03/07 is the 3rd of July.
  assert.equal(parseStoreDate('03/07/2026'), '2026-07-03');
});

test('ISO pasted in is taken as it is', () => {
  assert.equal(parseStoreDate('2026-03-07'), '2026-03-07');
  assert.equal(parseStoreDate('2026-02-30'), null);
});

test('impossible days, two-digit years and other text are not dates', () => {
  assert.equal(parseStoreDate('31/02/2026'), null);
  assert.equal(parseStoreDate('29/02/2026'), null);
  assert.equal(parseStoreDate('29/02/2028'), '2028-02-29', 'a leap year');
  assert.equal(parseStoreDate('29/02/2100'), null, 'a century that is no leap year');
  assert.equal(parseStoreDate('29/02/2000'), '2000-02-29');
  assert.equal(parseStoreDate('31/04/2026'), null);
  assert.equal(parseStoreDate('00/01/2026'), null);
  assert.equal(parseStoreDate('12/13/2026'), null, 'no 13th month (mm/dd/yyyy is not read)');
  assert.equal(parseStoreDate('07/03/26'), null);
  assert.equal(parseStoreDate('07/03'), null);
  assert.equal(parseStoreDate('7 March 2026'), null);
  assert.equal(parseStoreDate('07/03-2026x'), null);
  assert.equal(parseStoreDate(''), null);
  assert.equal(parseStoreDate(null), null);
});

test('an ISO day is a calendar day only when it exists', () => {
  assert.equal(isCalendarDay('2026-02-28'), true);
  assert.equal(isCalendarDay('2026-02-31'), false);
  assert.equal(isCalendarDay('28/02/2026'), false);
  assert.equal(isCalendarDay(''), false);
});

test('the words for a date that is not one name the field and the format', () => {
  assert.equal(dateEntryMessage('Birth date'), 'Birth date must be a date as dd/mm/yyyy');
});
