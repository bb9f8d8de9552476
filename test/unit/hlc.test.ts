/** The hybrid logical clock (shared/domain/hlc.ts) against values worked by hand. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HlcError, compareHlc, formatHlc, hlcReceive, hlcSend, hlcZero, parseHlc, type Hlc } from '../../shared/domain/hlc.js';

const at = (wallMs: number, counter: number, node: number): Hlc => ({ wallMs, counter, node });
const T = 1_764_000_000_000; // 2025-11-24T16:00:00Z
const MIN = 60_000;

test('text form: 15-digit wall, 5-digit counter, 7-digit node; it parses back and sorts as the values do', () => {
  assert.equal(formatHlc(at(T, 3, 12)), '001764000000000-00003-0000012');
  assert.deepEqual(parseHlc('001764000000000-00003-0000012'), at(T, 3, 12));
  const values = [at(T, 0, 2), at(T - 1, 9, 9), at(T, 1, 1), at(T, 0, 1), at(T + 1, 0, 1)];
  const byText = values.map(formatHlc).sort();
  const byValue = [...values].sort(compareHlc).map(formatHlc);
  assert.deepEqual(byText, byValue);
  assert.deepEqual(byText, [
    '001763999999999-00009-0000009',
    '001764000000000-00000-0000001',
    '001764000000000-00000-0000002',
    '001764000000000-00001-0000001',
    '001764000000001-00000-0000001',
  ]);
  for (const bad of ['', '1764000000000-00003-0000012', '001764000000000-70000-0000012', '001764000000000-00003-0000000', '001764000000000-00003-12']) {
    assert.equal(parseHlc(bad), null, bad);
  }
});

test('send: the wall follows the physical clock; within one millisecond, or with the clock behind, the counter counts', () => {
  // Clock at T/0, physical T+5: the wall moves to T+5 and the counter restarts.
  assert.deepEqual(hlcSend(at(T, 0, 1), T + 5), at(T + 5, 0, 1));
  // Two changes in the same millisecond: T+5/0 then T+5/1.
  assert.deepEqual(hlcSend(at(T + 5, 0, 1), T + 5), at(T + 5, 1, 1));
  // The physical clock stepped back 2 s (NTP): the wall stays, the counter counts on.
  assert.deepEqual(hlcSend(at(T + 5, 1, 1), T - 2000), at(T + 5, 2, 1));
  // From a fresh clock.
  assert.deepEqual(hlcSend(hlcZero(4), T), at(T, 0, 4));
});

test('receive: the wall is the largest of ours, the physical clock and the remote; the counter continues from whoever holds it', () => {
  const ours = at(T + 10, 4, 1);
  // Physical clock ahead of both: T+50/0.
  assert.deepEqual(hlcReceive(ours, at(T + 20, 7, 2), T + 50), at(T + 50, 0, 1));
  // The remote is ahead: its wall, its counter + 1 (T+20/8), our node.
  assert.deepEqual(hlcReceive(ours, at(T + 20, 7, 2), T + 15), at(T + 20, 8, 1));
  // Ours is ahead: our wall, our counter + 1.
  assert.deepEqual(hlcReceive(ours, at(T + 5, 9, 2), T + 8), at(T + 10, 5, 1));
  // Same wall on both sides: the larger counter + 1 (max(4, 9) + 1 = 10).
  assert.deepEqual(hlcReceive(ours, at(T + 10, 9, 2), T + 10), at(T + 10, 10, 1));
  // What is received afterwards sorts after what was received: T+20/8 from 2 < T+20/9 sent at 1.
  const after = hlcSend(hlcReceive(ours, at(T + 20, 7, 2), T + 15), T + 15);
  assert.deepEqual(after, at(T + 20, 9, 1));
  assert.ok(formatHlc(after) > formatHlc(at(T + 20, 7, 2)));
});

test('drift: a remote time more than 5 minutes ahead is refused, 5 minutes exactly is taken', () => {
  const ours = at(T, 0, 1);
  assert.deepEqual(hlcReceive(ours, at(T + 5 * MIN, 0, 2), T), at(T + 5 * MIN, 1, 1));
  assert.throws(
    () => hlcReceive(ours, at(T + 5 * MIN + 1, 0, 2), T),
    (error: unknown) => error instanceof HlcError && error.code === 'CLOCK_DRIFT' && error.driftMs === 5 * MIN + 1 && /300 s ahead/.test(error.message),
  );
  // Our own clock dragged ahead earlier, and the physical clock is now 6 minutes behind it.
  assert.throws(() => hlcSend(at(T + 6 * MIN, 0, 1), T), /CLOCK_DRIFT|ahead of the physical clock/);
  // A tighter limit of 1 s.
  assert.throws(() => hlcReceive(ours, at(T + 1001, 0, 2), T, 1000), HlcError);
});

test('overflow: the 65,536th change in one millisecond is refused', () => {
  assert.deepEqual(hlcSend(at(T, 65534, 1), T), at(T, 65535, 1));
  assert.throws(
    () => hlcSend(at(T, 65535, 1), T),
    (error: unknown) => error instanceof HlcError && error.code === 'HLC_COUNTER_OVERFLOW',
  );
  assert.throws(() => hlcReceive(at(T, 3, 1), at(T, 65535, 2), T), (error: unknown) => error instanceof HlcError && error.code === 'HLC_COUNTER_OVERFLOW');
});
