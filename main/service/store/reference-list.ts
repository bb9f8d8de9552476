/**
 * SQL for the fixed reference lists every store shares (004-catalog.ts): genders, payment kinds,
 * card types and lab priorities. The table name comes from this closed list, never from a request.
 */
import type { Db } from '../db/database.js';

const TABLES = { gender: 'gender', paymentKind: 'payment_kind', cardType: 'card_type', priority: 'priority' } as const;
export type ReferenceList = keyof typeof TABLES;

export function referenceList(db: Db, list: ReferenceList) {
  const all = db.prepare<[], { id: number; name: string }>(`SELECT id, name FROM ${TABLES[list]} ORDER BY id`);
  return { all: () => all.all() };
}
