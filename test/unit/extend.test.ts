import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extend } from '../../shared/extend.js';

test('extend gives what { ...a, ...b } gives: the same fields, in the same order, b winning', () => {
  const row = { id: 7, name: 'Asha', note: null as string | null, paise: 125050 };
  const more = { note: 'walk-in', created_at: '2026-11-26T10:00:00.000Z', tendered: undefined };
  const made = extend(row, more);
  assert.deepEqual(made, { ...row, ...more });
  assert.deepEqual(Object.keys(made), Object.keys({ ...row, ...more }));
  assert.equal(made.note, 'walk-in');
  // A field given as undefined is there, as in the spread (a named SQL parameter then binds NULL).
  assert.ok('tendered' in made);
  // A new object: neither part is changed.
  assert.notEqual(made, row);
  assert.deepEqual(row, { id: 7, name: 'Asha', note: null, paise: 125050 });
  // Only own enumerable fields are copied, as the spread copies them.
  const withProto = Object.assign(Object.create({ inherited: 1 }) as { own: number }, { own: 2 });
  assert.deepEqual(extend(withProto, { x: 1 }), { own: 2, x: 1 });
});
