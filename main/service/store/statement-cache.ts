/**
 * Statements for SQL built per request (the searches, whose WHERE depends on which filters were
 * given), prepared once per database and text: a search's handful of shapes compile once, not on
 * every call. Bounded, least recently used first out, so odd combinations cannot grow it for ever.
 * The SQL is fixed text with bound parameters (store/conditions.ts), never request text.
 */
import type Database from 'better-sqlite3';
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { extend } from '../../../shared/extend.js';

const MAX_STATEMENTS = 256;

export const statementCache = perDatabase((db: Db) => {
  const cache = new Map<string, Database.Statement>();
  return <P extends unknown[] | object = unknown[], R = unknown>(sql: string): Database.Statement<P, R> => {
    let statement = cache.get(sql);
    if (statement) {
      cache.delete(sql);
    } else {
      statement = db.prepare(sql);
      if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement as unknown as Database.Statement<P, R>;
  };
});

/** Rows a list counts beyond a page's last one; past that its total is "at least". */
export const COUNT_AHEAD = 1000;

/** A total that stopped counting at a cap: `exact` false means "at least `total`". */
export interface Counted {
  total: number;
  exact: boolean;
}

/**
 * How many rows `fromWhere` ("FROM … WHERE …") matches, counting at most `cap`: a page needs to
 * know there are more, not that there are 843,112, and counting them all reads the whole range.
 */
export function countUpTo(db: Db, fromWhere: string, params: unknown[] | Record<string, unknown>, cap: number): Counted {
  const limit = Math.max(1, Math.floor(cap));
  if (Array.isArray(params)) {
    const n = statementCache(db)<unknown[], { n: number }>(`SELECT count(*) AS n FROM (SELECT 1 ${fromWhere} LIMIT ?)`).get(...params, limit)!.n;
    return { total: n, exact: n < limit };
  }
  const n = statementCache(db)<Record<string, unknown>, { n: number }>(`SELECT count(*) AS n FROM (SELECT 1 ${fromWhere} LIMIT @countCap)`).get(extend(params, { countCap: limit }))!.n;
  return { total: n, exact: n < limit };
}
