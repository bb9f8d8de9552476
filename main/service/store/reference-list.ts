/**
 * SQL for the fixed reference lists every store shares (004-catalog.ts): genders, payment kinds,
 * card types and lab priorities. The table name comes from this closed list, never from a request.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

const TABLES = { gender: 'gender', paymentKind: 'payment_kind', cardType: 'card_type', priority: 'priority' } as const;
export type ReferenceList = keyof typeof TABLES;

const lists = perDatabase((db: Db) => {
  const list = (table: string) => {
    const all = db.prepare<[], { id: number; name: string }>(`SELECT id, name FROM ${table} ORDER BY id`);
    return { all: () => all.all() };
  };
  return { gender: list(TABLES.gender), paymentKind: list(TABLES.paymentKind), cardType: list(TABLES.cardType), priority: list(TABLES.priority) };
});

export function referenceList(db: Db, list: ReferenceList) {
  return lists(db)[list];
}

/** Payment kind id → name (Cash, Card, UPI …). */
export function paymentKindNames(db: Db): Map<number, string> {
  return new Map(referenceList(db, 'paymentKind').all().map((k) => [k.id, k.name]));
}
