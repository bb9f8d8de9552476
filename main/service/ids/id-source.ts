/**
 * Row ids that are unique across installations by construction: the high bits are this
 * installation's node number (given at setup; head office hands each branch PC its own), the
 * low 32 bits a local sequence. Branches that sell offline therefore never mint the same id,
 * and their rows merge at head office without renumbering. Ids stay below 2^53 so they survive
 * JSON and JavaScript numbers intact.
 */
import type { Db } from '../db/database.js';

export const NODE_BITS = 21;
export const MAX_NODE = 2 ** NODE_BITS - 1;
const SEQUENCE_SPAN = 2 ** 32;

export function nodeBase(node: number): number {
  if (!Number.isInteger(node) || node < 1 || node > MAX_NODE) {
    throw new RangeError(`Node number must be 1..${MAX_NODE}, got ${node}`);
  }
  return node * SEQUENCE_SPAN;
}

export function nodeOf(id: number): number {
  return Math.floor(id / SEQUENCE_SPAN);
}

export interface IdSource {
  next(table: string): number;
}

/** Must be called inside the write transaction that inserts the row. */
export function idSource(db: Db, node: number): IdSource {
  const base = nodeBase(node);
  const bump = db.prepare<[string], { next: number }>(
    `INSERT INTO id_counter (name, next) VALUES (?, 2)
     ON CONFLICT (name) DO UPDATE SET next = next + 1
     RETURNING next - 1 AS next`,
  );
  return {
    next(table) {
      const sequence = bump.get(table)!.next;
      if (sequence >= SEQUENCE_SPAN) throw new RangeError(`Id space of ${table} exhausted on node ${node}`);
      return base + sequence;
    },
  };
}
