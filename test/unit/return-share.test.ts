/**
 * A return's share of a sold line's figures (returns/take-return.ts reversedShare): the returns of
 * a whole line, however it is split, add up to the line's own figure exactly, and each share is
 * the proportional one rounded once.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reversedShare } from '../../main/service/returns/take-return.js';

test('worked by hand: 3 units carrying 1000 paise come back one at a time as 333, 334, 333', () => {
  assert.deepEqual([reversedShare(1000, 3, 0, 1), reversedShare(1000, 3, 1, 1), reversedShare(1000, 3, 2, 1)], [333, 334, 333]);
  assert.equal(reversedShare(1000, 3, 0, 3), 1000);
  assert.equal(reversedShare(1001, 2, 0, 1), 501, 'halves round away from zero');
});

test('any split of a whole line adds up to the line exactly', () => {
  let seed = 7;
  const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
  for (let run = 0; run < 2000; run++) {
    const sold = 1 + next(12);
    const figure = next(5_000_000);
    let before = 0;
    let sum = 0;
    while (before < sold) {
      const qty = 1 + next(sold - before);
      const share = reversedShare(figure, sold, before, qty);
      assert.ok(Math.abs(share - (figure * qty) / sold) <= 1, 'within a paisa of the exact share');
      sum += share;
      before += qty;
    }
    assert.equal(sum, figure);
  }
});
