/**
 * Access tokens: HS256 JWTs signed with a key derived from the installation secret (jose).
 * Eight hours covers a shop shift; the client logs in again on 401. Claims carry ENC ids only,
 * since a JWT's payload is readable by whoever holds it.
 */
import { SignJWT, jwtVerify, errors } from 'jose';
import { ROLES, type Role } from '../../../shared/contract/roles.js';

export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
const ISSUER = 'optical-pos';
const AUDIENCE = 'optical-retail-api-v1';

export interface TokenClaims {
  /** ENC user id. */
  sub: string;
  role: Role;
  company: string;
  branch: string;
  year: string;
  /**
   * The user's token epoch when it was issued (app_user.token_epoch): a password change or
   * reset, a disable, or a new role or branches raises it and ends every older token. Tokens
   * from before it existed carry none and count as 0.
   */
  epoch: number;
}

export type TokenFailure = 'expired' | 'invalid';

export class TokenError extends Error {
  constructor(readonly reason: TokenFailure) {
    super(reason === 'expired' ? 'Token expired; sign in again' : 'Invalid token');
  }
}

/** Tokens whose signature checked out, kept until they expire (bounded: a shop has few users). */
const REMEMBERED_TOKENS = 1_000;

export function tokens(key: Uint8Array, now: () => Date) {
  const seconds = () => Math.floor(now().getTime() / 1000);
  // Every request carries the same token for hours: its HMAC is checked once, then the string is
  // looked up (a forged token cannot equal one the key signed). Expiry is still checked each time.
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();
  return {
    async issue(claims: TokenClaims): Promise<string> {
      const iat = seconds();
      return new SignJWT({ role: claims.role, company: claims.company, branch: claims.branch, year: claims.year, epoch: claims.epoch })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
        .sign(key);
    },
    async verify(token: string): Promise<TokenClaims> {
      const known = verified.get(token);
      if (known) {
        if (known.exp > seconds()) return { ...known.claims };
        verified.delete(token);
        throw new TokenError('expired');
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
        });
        const { sub, role, company, branch, year } = payload;
        const epoch = payload.epoch ?? 0;
        if (
          typeof epoch !== 'number' ||
          !Number.isSafeInteger(epoch) ||
          typeof sub !== 'string' ||
          typeof company !== 'string' ||
          typeof branch !== 'string' ||
          typeof year !== 'string' ||
          !ROLES.includes(role as Role)
        ) {
          throw new TokenError('invalid');
        }
        const claims: TokenClaims = { sub, role: role as Role, company, branch, year, epoch };
        if (typeof payload.exp === 'number') {
          if (verified.size >= REMEMBERED_TOKENS) verified.clear();
          verified.set(token, { claims, exp: payload.exp });
        }
        return { ...claims };
      } catch (err) {
        if (err instanceof TokenError) throw err;
        if (err instanceof errors.JWTExpired) throw new TokenError('expired');
        throw new TokenError('invalid');
      }
    },
  };
}

export type Tokens = ReturnType<typeof tokens>;
