import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gstinCheckChar, gstinProblem } from '../../shared/domain/gstin.js';
import { yearSpan } from '../../shared/domain/financial-year.js';

test('a GSTIN with the right check character passes; one typo is caught', () => {
  const good = '27AAPFU0939F1Z' + gstinCheckChar('27AAPFU0939F1Z');
  assert.equal(gstinProblem(good), null);
  assert.equal(good, '27AAPFU0939F1ZV', 'matches a published, real GSTIN');
  assert.match(gstinProblem('27AAPFU0939F1ZW') ?? '', /check character/);
  assert.match(gstinProblem('27AAPFU0939F1Z') ?? '', /15 characters/);
  assert.equal(gstinProblem(' 27aapfu0939f1zv '), null, 'case and spaces are forgiven');
});

test('financial years run April to March', () => {
  assert.deepEqual(yearSpan('2026-11-22'), { name: '2026-27', start: '2026-04-01', end: '2027-03-31' });
  assert.deepEqual(yearSpan('2027-03-31'), { name: '2026-27', start: '2026-04-01', end: '2027-03-31' });
  assert.deepEqual(yearSpan('2027-04-01'), { name: '2027-28', start: '2027-04-01', end: '2028-03-31' });
  assert.equal(yearSpan('2099-06-01').name, '2099-00');
});
