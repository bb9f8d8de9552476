import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  formatDiopter,
  formatMillimetres,
  isBlankRxEntry,
  keratometryProblem,
  lensTypeId,
  normaliseRxEntry,
  parseDiopter,
  parseNearVision,
  parseVisualAcuity,
  tidyRxValue,
  transpose,
  validatePrescriptionList,
  validateRxEntry,
} from '../../shared/domain/rx.js';

const DIST_R = lensTypeId('distance', 'right');
const CL_L = lensTypeId('contact', 'left');

test('diopters parse the ways an optometrist types them and format signed with two decimals', () => {
  assert.equal(parseDiopter('+1.25'), 1.25);
  assert.equal(parseDiopter('-.5'), -0.5);
  assert.equal(parseDiopter('\u22120.75'), -0.75);
  assert.equal(parseDiopter(' 2 '), 2);
  assert.equal(parseDiopter('plano'), 0);
  assert.equal(parseDiopter('1e2'), null);
  assert.equal(parseDiopter('1.2.3'), null);
  assert.equal(parseDiopter(''), null);
  assert.equal(formatDiopter(1.25), '+1.25');
  assert.equal(formatDiopter(-0.5), '-0.50');
  assert.equal(formatDiopter(0), '0.00');
  assert.equal(formatDiopter(-0), '0.00');
  assert.equal(formatDiopter(-12), '-12.00');
  assert.equal(formatMillimetres(62), '62.0');
  assert.equal(formatMillimetres(31.5), '31.5');
  assert.equal(formatMillimetres(8.65), '8.65');
});

test('SPH and CYL: quarter steps inside realistic ranges', () => {
  assert.deepEqual(validateRxEntry({ lensTypeID: DIST_R, sph: '-2.75', cyl: '-1.00', axis: '180' }), {});
  assert.match(validateRxEntry({ lensTypeID: DIST_R, sph: '1.13' }).sph?.[0] ?? '', /^Right SPH must be a multiple of 0\.25 /);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, sph: '+30.25' }).sph?.[0] ?? '', /between -30\.00 and \+30\.00/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, sph: 'abc' }).sph?.[0] ?? '', /number/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, cyl: '-10.25', axis: '90' }).cyl?.[0] ?? '', /between/);
  assert.deepEqual(validateRxEntry({ lensTypeID: DIST_R, sph: '+30', cyl: '-10', axis: '1' }), {});
});

test('AXIS is an integer 1..180, required with a cylinder, dropped without one', () => {
  assert.match(validateRxEntry({ lensTypeID: DIST_R, sph: '-1', cyl: '-0.5' }).axis?.[0] ?? '', /required/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, sph: '-1', cyl: '-0.5', axis: '0' }).axis?.[0] ?? '', /1 and 180/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, cyl: '-0.5', axis: '181' }).axis?.[0] ?? '', /1 and 180/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, cyl: '-0.5', axis: '90.5' }).axis?.[0] ?? '', /whole number/);
  assert.deepEqual(validateRxEntry({ lensTypeID: DIST_R, cyl: '0.00', axis: '0' }), {}, 'no cylinder: axis is meaningless, not an error');
  assert.equal(normaliseRxEntry({ lensTypeID: DIST_R, sph: '-1', cyl: '0', axis: '90' }).axis, null);
  assert.equal(normaliseRxEntry({ lensTypeID: DIST_R, sph: '-1', axis: '90' }).axis, null);
  assert.equal(normaliseRxEntry({ lensTypeID: DIST_R, cyl: '-1', axis: '090°' }).axis, '90');
  assert.equal(normaliseRxEntry({ lensTypeID: DIST_R, cyl: '-1', axis: '90' }).sph, '0.00', 'a cylinder alone is plano sphere');
});

test('ADD is +0.25..+4.00; zero means none', () => {
  assert.deepEqual(validateRxEntry({ lensTypeID: DIST_R, add: '+2.50' }), {});
  assert.match(validateRxEntry({ lensTypeID: DIST_R, add: '-1.00' }).add?.[0] ?? '', /between \+0\.25 and \+4\.00/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, add: '4.25' }).add?.[0] ?? '', /between/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, add: '1.1' }).add?.[0] ?? '', /multiple of 0\.25/);
  assert.equal(normaliseRxEntry({ lensTypeID: DIST_R, add: '0.00' }).add, null);
});

test('VA is a Snellen line, near vision an N line', () => {
  assert.equal(parseVisualAcuity('6/6'), '6/6');
  assert.equal(parseVisualAcuity(' 6/9p '), '6/9P');
  assert.equal(parseVisualAcuity('20/20'), '20/20');
  assert.equal(parseVisualAcuity('cf'), 'CF');
  assert.equal(parseVisualAcuity('6/7'), null, 'no such line on a 6 m chart');
  assert.equal(parseVisualAcuity('6-6'), null);
  assert.equal(parseNearVision('n 6'), 'N6');
  assert.equal(parseNearVision('N36'), 'N36');
  assert.equal(parseNearVision('N7'), null);
  assert.equal(parseNearVision('6'), null);
  assert.ok(validateRxEntry({ lensTypeID: DIST_R, va: '6/66' }).va);
  assert.ok(validateRxEntry({ lensTypeID: DIST_R, vn: 'N4' }).vn);
});

test('PD is monocular 20..40 or binocular 50..80 in 0.5 mm steps', () => {
  assert.deepEqual(validateRxEntry({ lensTypeID: DIST_R, pd: '31.5' }), {});
  assert.deepEqual(validateRxEntry({ lensTypeID: DIST_R, pd: '63' }), {});
  assert.match(validateRxEntry({ lensTypeID: DIST_R, pd: '45' }).pd?.[0] ?? '', /20–40 mm for one eye or 50–80/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, pd: '31.3' }).pd?.[0] ?? '', /multiple of 0\.5 mm/);
  assert.equal(normaliseRxEntry({ lensTypeID: DIST_R, pd: '31.50' }).pd, '31.5');
});

test('BC and DIA belong to contact lenses, fitting height to spectacles', () => {
  assert.deepEqual(validateRxEntry({ lensTypeID: CL_L, sph: '-3', bc: '8.6', dia: '14.2' }), {});
  assert.match(validateRxEntry({ lensTypeID: CL_L, bc: '6.5' }).bc?.[0] ?? '', /7\.0–10\.0/);
  assert.match(validateRxEntry({ lensTypeID: CL_L, dia: '17' }).dia?.[0] ?? '', /12\.0–16\.0/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, bc: '8.6' }).bc?.[0] ?? '', /contact lenses only/);
  assert.match(validateRxEntry({ lensTypeID: CL_L, fh: '18' }).fh?.[0] ?? '', /spectacle lenses only/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, fh: '30', th: '25' }).fh?.[0] ?? '', /exceed/);
  assert.equal(keratometryProblem('43.25'), null);
  assert.ok(keratometryProblem('60'));
});

test('K1/K2: diopters 35..55 in eighths, on contact-lens rows only, kept to the eighth', () => {
  assert.deepEqual(validateRxEntry({ lensTypeID: CL_L, sph: '-3', k1: '42.75', k2: '43.125' }), {});
  assert.match(validateRxEntry({ lensTypeID: CL_L, k1: '60' }).k1?.[0] ?? '', /between 35\.00 and 55\.00/);
  assert.match(validateRxEntry({ lensTypeID: CL_L, k2: '43.1' }).k2?.[0] ?? '', /multiple of 0\.125 D/);
  assert.match(validateRxEntry({ lensTypeID: CL_L, k1: 'flat' }).k1?.[0] ?? '', /number of diopters/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, sph: '-1', k1: '43' }).k1?.[0] ?? '', /contact-lens rows only/);
  const entry = normaliseRxEntry({ lensTypeID: CL_L, k1: '43', k2: '43.125 D' });
  assert.deepEqual([entry.k1, entry.k2], ['43.00', '43.125'], 'an odd eighth is not rounded to 43.13');
  assert.ok(!isBlankRxEntry({ lensTypeID: CL_L, k1: '43' }), 'a row with only keratometry is saved');
  assert.deepEqual(Object.keys(validatePrescriptionList([{ lensTypeID: CL_L, k1: '30' }])), ['0.k1']);
  assert.equal(tidyRxValue('k1', '43.5'), '43.50');
  assert.equal(tidyRxValue('k2', '43.125'), '43.125');
});

test('lens type is required and known; duplicates in one examination are flagged by index', () => {
  assert.ok(validateRxEntry({ sph: '-1' }).lensTypeID);
  assert.ok(validateRxEntry({ lensTypeID: '9', sph: '-1' }).lensTypeID);
  const errors = validatePrescriptionList([
    { lensTypeID: DIST_R, sph: '-1' },
    { lensTypeID: DIST_R, sph: '-1.25', cyl: '-0.5' },
    { lensTypeID: DIST_R, sph: '', va: null },
  ]);
  assert.deepEqual(Object.keys(errors).sort(), ['1.axis', '1.lensTypeID'], 'the blank third row is skipped');
  assert.ok(isBlankRxEntry({ lensTypeID: DIST_R, sph: ' ', cyl: null }));
  assert.ok(!isBlankRxEntry({ lensTypeID: DIST_R, va: '6/6' }));
});

test('normalising gives the spec strings', () => {
  assert.deepEqual(
    normaliseRxEntry({ lensTypeID: ' 1 ', sph: '1.5', cyl: '-.25', axis: '5', add: '2', va: '6/6', vn: 'n6', pd: '32', fh: '20', th: '36' }),
    { lensTypeID: '1', sph: '+1.50', cyl: '-0.25', axis: '5', add: '+2.00', va: '6/6', vn: 'N6', pd: '32.0', bc: null, dia: null, fh: '20.0', th: '36.0', k1: null, k2: null, prism: null, base: null },
  );
  assert.equal(tidyRxValue('sph', '1.5'), '+1.50');
  assert.equal(tidyRxValue('sph', 'x1'), 'x1', 'unparseable text stays as typed');
  assert.equal(tidyRxValue('va', '6/9p'), '6/9P');
  assert.equal(tidyRxValue('pd', '31.50'), '31.5');
});

test('transposition: plus and minus cylinder forms of the same lens', () => {
  assert.deepEqual(transpose({ sph: '+1.00', cyl: '-0.50', axis: '90' }), { sph: '+0.50', cyl: '+0.50', axis: '180' });
  assert.deepEqual(transpose({ sph: '+0.50', cyl: '+0.50', axis: '180' }), { sph: '+1.00', cyl: '-0.50', axis: '90' });
  assert.deepEqual(transpose({ sph: '-2.00', cyl: '-1.25', axis: '30' }), { sph: '-3.25', cyl: '+1.25', axis: '120' });
  assert.deepEqual(transpose({ sph: '-2.00', cyl: '', axis: '' }), { sph: '-2.00', cyl: '0.00', axis: null });
  assert.equal(transpose({ sph: '-2.00', cyl: '-1', axis: '' }), null, 'a cylinder without an axis cannot be transposed');
  const there = transpose({ sph: '-4.75', cyl: '+2.25', axis: '175' })!;
  assert.deepEqual(transpose(there), { sph: '-4.75', cyl: '+2.25', axis: '175' }, 'twice is the identity');
});

test('every message names its cell in words: eye, use, field (issue 16)', () => {
  const DIST_L = lensTypeId('distance', 'left');
  const NEAR_L = lensTypeId('near', 'left');
  assert.equal(validateRxEntry({ lensTypeID: DIST_L, cyl: '-0.30', axis: '90' }).cyl?.[0], 'Left CYL must be a multiple of 0.25 (e.g. -0.25)');
  assert.equal(validateRxEntry({ lensTypeID: DIST_R, sph: '-1', cyl: '-0.5' }).axis?.[0], 'Right AXIS is required when CYL is not zero');
  assert.match(validateRxEntry({ lensTypeID: NEAR_L, add: '5' }).add?.[0] ?? '', /^Left near ADD must be between/);
  assert.match(validateRxEntry({ lensTypeID: CL_L, k1: '60' }).k1?.[0] ?? '', /^Left contact-lens K1 must be between/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, pd: '31.3' }).pd?.[0] ?? '', /^Right PD must be a multiple of 0\.5 mm/);
});

test('prism 0–10 Δ in quarter steps with its base In/Out/Up/Down, spectacle rows only', () => {
  assert.deepEqual(validateRxEntry({ lensTypeID: DIST_R, sph: '-1', prism: '1.5', base: 'in' }), {});
  const entry = normaliseRxEntry({ lensTypeID: DIST_R, sph: '-1', prism: '1.5', base: 'BO' });
  assert.deepEqual([entry.prism, entry.base], ['1.50', 'Out']);
  assert.equal(validateRxEntry({ lensTypeID: DIST_R, prism: '1.3', base: 'Up' }).prism?.[0], 'Right prism must be a multiple of 0.25 Δ');
  assert.equal(validateRxEntry({ lensTypeID: DIST_R, prism: '10.25', base: 'Up' }).prism?.[0], 'Right prism must be between 0 and 10 Δ');
  assert.match(validateRxEntry({ lensTypeID: DIST_R, prism: '2' }).base?.[0] ?? '', /^Right prism base is required with a prism/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, prism: '2', base: 'sideways' }).base?.[0] ?? '', /one of In, Out, Up, Down/);
  assert.match(validateRxEntry({ lensTypeID: DIST_R, base: 'Down' }).prism?.[0] ?? '', /required with a base/);
  assert.match(validateRxEntry({ lensTypeID: CL_L, prism: '1', base: 'In' }).prism?.[0] ?? '', /spectacle lenses only/);
  const none = normaliseRxEntry({ lensTypeID: DIST_R, sph: '-1', prism: '0' });
  assert.deepEqual([none.prism, none.base], [null, null], 'a zero prism is none');
  assert.equal(tidyRxValue('prism', '1.5'), '1.50');
  assert.equal(tidyRxValue('base', 'bi'), 'In');
});
