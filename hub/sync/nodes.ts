/** Enrolment (issue 15, first piece): an administrator names a branch PC and it gets its node number. */
import type pg from 'pg';
import { HubError } from '../errors.js';
import { branchCodes, branchesByCode, setNodeBranches } from '../store/audience.js';
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

/**
 * The branches a node serves, from their codes as head office types them (`join-code --branch
 * AMD1,SRT1`); the hub knows the branches from head office's PC's pushes. An unknown code is
 * refused with the codes it knows.
 */
export async function setBranchesByCode(pool: pg.Pool | pg.PoolClient, nodeId: number, codes: readonly string[]): Promise<Array<{ id: number; code: string }>> {
  const wanted = [...new Set(codes.map((code) => code.trim().toUpperCase()).filter(Boolean))];
  if (wanted.length === 0) throw new HubError('invalid', 'INVALID_INPUT', 'Give at least one branch code after --branch', { branch: ['must name a branch'] });
  const found = await branchesByCode(pool, wanted);
  const missing = wanted.filter((code) => !found.some((b) => b.code.toUpperCase() === code));
  if (missing.length > 0) {
    const known = await branchCodes(pool);
    throw new HubError(
      'invalid',
      'NO_SUCH_BRANCH',
      `The hub knows no branch ${missing.join(', ')}${known.length > 0 ? `: it knows ${known.join(', ')}` : ': head office’s PC has not synced its branches yet'}`,
      { branch: ['must be a branch code'] },
    );
  }
  await setNodeBranches(pool, nodeId, found.map((b) => b.id).sort((a, b) => a - b));
  return found;
}

export { listNodes };
