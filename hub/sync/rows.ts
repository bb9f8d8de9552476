/**
 * GET /hub/v1/rows/:table (head office's reads): a synced table's current rows as row_state holds
 * them (sync/row-state.ts), a page at a time in key order, of every branch or one. Only a
 * head-office node asks (on a hub with mutual TLS, its client certificate says so); a branch PC
 * holds its own rows.
 */
import type pg from 'pg';
import type { RowsQuery, RowsResponse } from '../../shared/sync.js';
import { classOf } from '../../shared/sync-rules.js';
import { HubError } from '../errors.js';
import { tableRows } from '../store/row-state.js';
import { HEAD_OFFICE_NODES } from '../store/node.js';

export async function answerRows(pool: pg.Pool, table: string, query: RowsQuery): Promise<RowsResponse> {
  if (!(HEAD_OFFICE_NODES as readonly number[]).includes(query.nodeId)) {
    throw new HubError('forbidden', 'HEAD_OFFICE_ONLY', `Only head office reads the chain's rows at the hub; node ${query.nodeId} is a branch PC`);
  }
  const cls = classOf(table);
  if (cls === undefined || cls === 'local') {
    throw new HubError('invalid', 'NO_SUCH_TABLE', `${table} is not a table the branches sync`, { table: ['must be a synced table'] });
  }
  const page = await tableRows(pool, table, query.branch ?? null, query.after, query.limit);
  const rows = page.rows.map((row) => ({ key: row.rowKey, branchId: row.branchId, values: row.values, cursor: row.cursor }));
  return { rows, mark: page.mark, next: rows.length === query.limit ? rows.at(-1)!.key : null };
}
