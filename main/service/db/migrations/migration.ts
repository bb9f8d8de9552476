/** One step of the schema: a name and its SQL, run once in order (db/migrate.ts). */
export interface Migration {
  name: string;
  sql: string;
}
