import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { EncIdError, encIds } from '../../main/service/ids/enc-id.js';

const keys = () => ({ cipherKey: randomBytes(32), macKey: randomBytes(32) });

test('an id round-trips, and the same id always gives the same string', () => {
  const enc = encIds(keys());
  for (const id of [1, 2 ** 32 + 7, 2 ** 52 + 12345, Number.MAX_SAFE_INTEGER]) {
    const token = enc.encode('customer', id);
    assert.match(token, /^ENC_[A-Za-z0-9_-]{22}$/);
    assert.equal(enc.encode('customer', id), token);
    assert.equal(enc.decode('customer', token), id);
  }
});

test('strings reveal nothing: neighbouring ids look unrelated', () => {
  const enc = encIds(keys());
  const a = enc.encode('salesOrder', 4294967297);
  const b = enc.encode('salesOrder', 4294967298);
  let same = 0;
  for (let i = 4; i < a.length; i++) if (a[i] === b[i]) same++;
  assert.ok(same < 6, `${a} and ${b} share ${same} characters`);
});

test('ids are typed: a customer id is refused where an order id is expected', () => {
  const enc = encIds(keys());
  const customer = enc.encode('customer', 42);
  assert.notEqual(enc.encode('salesOrder', 42), customer);
  assert.throws(() => enc.decode('salesOrder', customer), (e: unknown) => e instanceof EncIdError && e.reason === 'wrong-kind');
});

test('changing any one character is caught, never mis-decoded', () => {
  const enc = encIds(keys());
  const token = enc.encode('receipt', 2 ** 32 + 99);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let checked = 0;
  for (let i = 4; i < token.length; i++) {
    for (const c of alphabet) {
      if (c === token[i]) continue;
      const changed = token.slice(0, i) + c + token.slice(i + 1);
      assert.throws(() => enc.decode('receipt', changed), EncIdError, changed);
      checked++;
    }
  }
  assert.equal(checked, 22 * 63);
});

test('malformed strings are refused cleanly', () => {
  const enc = encIds(keys());
  for (const bad of ['', 'ENC_', '42', 'ENC_abc', `ENC_${'A'.repeat(23)}`, `ENC_${'!'.repeat(22)}`, 'enc_AAAAAAAAAAAAAAAAAAAAAA']) {
    assert.throws(() => enc.decode('customer', bad), (e: unknown) => e instanceof EncIdError && e.reason === 'malformed', bad);
  }
});

test('another installation cannot read or forge this one’s ids', () => {
  const mine = encIds(keys());
  const theirs = encIds(keys());
  assert.throws(() => mine.decode('customer', theirs.encode('customer', 42)), EncIdError);
});

test('negative and unsafe numbers are never encoded', () => {
  const enc = encIds(keys());
  assert.throws(() => enc.encode('customer', -1), RangeError);
  assert.throws(() => enc.encode('customer', 2 ** 53), RangeError);
  assert.throws(() => enc.encode('customer', 1.5), RangeError);
});

test('a remembered id is still typed, and a changed string is still refused after the genuine one', () => {
  const enc = encIds(keys());
  const order = enc.encode('salesOrder', 77);
  assert.equal(enc.decode('salesOrder', order), 77);
  assert.equal(enc.decode('salesOrder', order), 77);
  assert.throws(() => enc.decode('customer', order), (e: unknown) => e instanceof EncIdError && e.reason === 'wrong-kind');
  const changed = order.slice(0, 6) + (order[6] === 'A' ? 'B' : 'A') + order.slice(7);
  assert.throws(() => enc.decode('salesOrder', changed), EncIdError);
});

test('past what it remembers, every id still encodes to the same string and decodes back', () => {
  const k = keys();
  const enc = encIds(k, 10);
  const first = enc.encode('customer', 1);
  assert.equal(enc.decode('customer', first), 1);
  for (let id = 2; id <= 25; id++) assert.equal(enc.decode('item', enc.encode('item', id)), id);
  assert.equal(enc.encode('customer', 1), first);
  assert.equal(enc.decode('customer', first), 1);
  assert.equal(encIds(k).encode('item', 25), enc.encode('item', 25));
});
