/**
 * A WHERE clause built from optional filters: each filter adds its SQL and a named parameter only
 * when it has a value, so request text only ever reaches SQLite as a bound parameter.
 */
export type SqlParams = Record<string, string | number>;

export function conditions(base: readonly string[], params: SqlParams) {
  const parts = [...base];
  return {
    add(sql: string, name: string, value: string | number | null) {
      if (value === null) return;
      parts.push(sql);
      params[name] = value;
    },
    build: (): { sql: string; params: SqlParams } => ({ sql: parts.join(' AND '), params }),
  };
}
