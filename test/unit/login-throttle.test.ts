/** Sign-in throttling (auth/login-throttle.ts) with a clock the test moves. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loginThrottle, OVERALL_PER_MINUTE } from '../../main/service/auth/login-throttle.js';

function throttled() {
  const clock = { t: Date.parse('2026-11-25T10:00:00Z') };
  return { clock, throttle: loginThrottle(() => new Date(clock.t)) };
}

test('five failures for a name from one address make that name wait there, 30 s doubling; elsewhere the real user signs in', () => {
  const { clock, throttle } = throttled();
  for (let i = 0; i < 4; i++) throttle.failed('priya', '10.0.0.9');
  assert.equal(throttle.waitFor('Priya ', '10.0.0.9'), 0, 'four are free');
  throttle.failed('priya', '10.0.0.9');
  assert.equal(throttle.waitFor('priya', '10.0.0.9'), 30_000);
  assert.equal(throttle.waitFor('priya', '10.0.0.5'), 0, 'her own till is not locked by guesses from another machine');
  clock.t += 30_000;
  throttle.failed('priya', '10.0.0.9');
  assert.equal(throttle.waitFor('priya', '10.0.0.9'), 60_000, 'each further failure doubles the wait');
  throttle.succeeded('priya', '10.0.0.9');
  assert.equal(throttle.waitFor('priya', '10.0.0.9'), 0, 'a success clears it');
});

test('one address guessing across many names waits after 20 failures, for any name', () => {
  const { throttle } = throttled();
  for (let i = 0; i < 19; i++) throttle.failed(`user${i}`, '10.0.0.66');
  assert.equal(throttle.waitFor('someone-new', '10.0.0.66'), 0);
  throttle.failed('user19', '10.0.0.66');
  assert.equal(throttle.waitFor('someone-new', '10.0.0.66'), 30_000);
  assert.equal(throttle.waitFor('someone-new', '10.0.0.5'), 0, 'other addresses are not slowed');
});

test(`past ${OVERALL_PER_MINUTE} failures a minute from anywhere, every attempt waits for the minute to thin out`, () => {
  const { clock, throttle } = throttled();
  for (let i = 0; i < OVERALL_PER_MINUTE; i++) {
    throttle.failed(`name${i}`, `10.1.${Math.floor(i / 250)}.${i % 250}`);
    clock.t += 100;
  }
  const wait = throttle.waitFor('priya', '10.0.0.5');
  assert.ok(wait > 0 && wait <= 60_000, `everyone waits (${wait} ms)`);
  clock.t += wait;
  assert.equal(throttle.waitFor('priya', '10.0.0.5'), 0, 'the oldest failure left the minute');
});
