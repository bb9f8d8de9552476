/** Enrolment (issue 15, first piece): an administrator names a branch PC and it gets its node number. */
import type pg from 'pg';
import { HubError } from '../errors.js';
import { findNodeByName, insertNode, listNodes, type NodeRow } from '../store/node.js';

export async function enrollNode(pool: pg.Pool | pg.PoolClient, rawName: string): Promise<NodeRow> {
  const name = rawName.trim();
  if (name.length < 1 || name.length > 80) {
    throw new HubError('invalid', 'INVALID_INPUT', 'A node needs a name of 1 to 80 characters', { name: ['must be 1 to 80 characters'] });
  }
  const node = await insertNode(pool, name);
  if (node) return node;
  const existing = await findNodeByName(pool, name);
  throw new HubError('conflict', 'NODE_NAME_TAKEN', `A node named "${name}" is already enrolled (node ${existing?.id ?? '?'})`);
}

export { listNodes };
