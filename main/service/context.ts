/**
 * What every handler can reach: the database, the installation's id tools, the clock, and the
 * signed-in user of the request. Handlers get this instead of importing singletons, so a test
 * can run many services side by side, each on its own file and clock.
 */
import type { Role } from '../../shared/contract/roles.js';
import type { LoginThrottle } from './auth/login-throttle.js';
import type { Tokens } from './auth/token.js';
import type { Db } from './db/database.js';
import type { Entity } from './ids/entities.js';
import { EncIdError, type EncIds } from './ids/enc-id.js';
import type { IdSource } from './ids/id-source.js';
import { invalidId } from './errors.js';

export type StoreMode = 'demo' | 'store';

/**
 * What the server that owns the port lets the first-run endpoints do (server.ts): whether the demo
 * may be chosen, where the hub certificate goes, and asking it to open the data folder again once
 * the answer is sent, so the new store is served on the same address without a restart by hand.
 */
export interface FirstRunControl {
  /** "Try the demo store" is offered (not with POS_DEMO=0). */
  demoOffered: boolean;
  /** This PC's certificate folder for a hub on mutual TLS (POS_HUB_TLS_DIR; default <dataDir>/hub-tls). */
  hubTlsDir?: string | undefined;
  /** Opens the data folder again after this answer: the store just made, or the demo chosen. */
  storeMade(what: 'store' | 'demo'): void;
}

export interface ServiceDeps {
  db: Db;
  enc: EncIds;
  ids: IdSource;
  tokens: Tokens;
  throttle: LoginThrottle;
  now: () => Date;
  /** The store open, or 'first-run': no store yet, only the first-run endpoints answer (first-run.ts). */
  mode: StoreMode | 'first-run';
  version: string;
  /** The store's data folder: branch logos live under <dataDir>/logos/<branchId>/. */
  dataDir: string;
  /** better-sqlite3's binding for Electron's ABI, for the connections a backup opens on its copy. */
  nativeBinding?: string;
  /** The sync worker (main/service/sync/worker.ts) when this PC has a hub (POS_HUB_URL). */
  sync?: { syncNow(): Promise<void>; online(): boolean; fetchOrder?(orderNo: string): Promise<'fetched' | 'absent' | 'unreachable'> };
  /** Set by the server (server.ts); without it a store made on screen is served from the next start. */
  firstRun?: FirstRunControl;
}

/** The signed-in user, resolved from the bearer token on every request. */
export interface SessionUser {
  id: number;
  userName: string;
  role: Role;
  companyId: number;
  branchId: number;
  yearId: number;
  seesFullMobile: boolean;
}

export interface RequestContext extends ServiceDeps {
  /** Throws 401 on a public endpoint, where nobody is signed in. */
  readonly user: SessionUser;
  /** scheme://host[:port] the request was made to (printed HTML points its font URLs there). */
  readonly origin: string;
  /** The till (PC) the request came from (shared/contract/till.ts); '' when the client sent none. */
  readonly till: string;
  /** The network address the request came from (sign-in throttling); '' when unknown. */
  readonly address: string;
  /** Decodes an ENC id from the request, answering 400 naming `field` if it is not one. */
  decode(entity: Entity, value: string, field: string): number;
  /** An id the spec declares as int64: the number as given, or the same record's ENC id decoded. */
  rowId(entity: Entity, value: number | string, field: string): number;
}

export function requestContext(deps: ServiceDeps, user: SessionUser | null, origin = '', till = '', address = ''): RequestContext {
  // Every request makes one, so it is a literal with the spread last (docs/decisions.md, "Chain
  // scale, eighth pass"): V8 makes a new hidden class for each field added after a spread, in the
  // old generation, on every call. `user` is a getter only where nobody is signed in: a getter in
  // the literal cost 1.6 µs a request.
  const ctx = {
    origin,
    till,
    address,
    user: user as SessionUser,
    decode(entity: Entity, value: string, field: string): number {
      try {
        return deps.enc.decode(entity, value);
      } catch (err) {
        if (err instanceof EncIdError) throw invalidId(field, err.message);
        throw err;
      }
    },
    rowId(entity: Entity, value: number | string, field: string): number {
      return typeof value === 'number' ? value : ctx.decode(entity, value, field);
    },
    ...deps,
  };
  if (!user) {
    Object.defineProperty(ctx, 'user', {
      get(): never {
        throw new Error('No signed-in user on a public endpoint');
      },
    });
  }
  return ctx;
}
