import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { TOKEN_LIFETIME_SECONDS, TokenError, tokens, type TokenClaims } from '../../main/service/auth/token.js';

const claims: TokenClaims = { sub: 'ENC_user', role: 'cashier', company: 'ENC_c', branch: 'ENC_b', year: 'ENC_y', epoch: 3 };

test('a remembered token answers the same claims, and still expires on time', async () => {
  let now = new Date('2026-11-26T10:00:00Z');
  const t = tokens(randomBytes(32), () => now);
  const token = await t.issue(claims);
  assert.deepEqual(await t.verify(token), claims);
  // The second check is the remembered one: same answer, and a caller may change its copy freely.
  const again = await t.verify(token);
  assert.deepEqual(again, claims);
  again.role = 'admin';
  assert.equal((await t.verify(token)).role, 'cashier');
  now = new Date(now.getTime() + (TOKEN_LIFETIME_SECONDS - 1) * 1000);
  assert.deepEqual(await t.verify(token), claims);
  now = new Date(now.getTime() + 1000);
  await assert.rejects(t.verify(token), (e: unknown) => e instanceof TokenError && e.reason === 'expired');
  await assert.rejects(t.verify(token), (e: unknown) => e instanceof TokenError && e.reason === 'expired');
});

test('a token changed after a genuine one was checked is still refused', async () => {
  const now = new Date('2026-11-26T10:00:00Z');
  const t = tokens(randomBytes(32), () => now);
  const token = await t.issue(claims);
  await t.verify(token);
  const [head, payload, signature] = token.split('.') as [string, string, string];
  const elevated = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' })).toString('base64url');
  await assert.rejects(t.verify(`${head}.${elevated}.${signature}`), (e: unknown) => e instanceof TokenError && e.reason === 'invalid');
  const other = tokens(randomBytes(32), () => now);
  await assert.rejects(other.verify(token), (e: unknown) => e instanceof TokenError && e.reason === 'invalid');
});
