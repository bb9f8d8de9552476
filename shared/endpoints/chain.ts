/**
 * The chain's head office views: declared extensions, as the spec's dashboard is one branch's day.
 */
import { endpoint } from '../contract/endpoint.js';
import { ADMIN_ONLY } from '../contract/roles.js';
import { ChainDashboard } from '../models/chain.js';

const group = 'Chain';

const CHAIN_VIEW =
  'The spec’s dashboard is one branch’s day; head office runs a chain and needs every branch at once: today’s sales and receipts per branch, tills open, and which branches have not synced.';

export const Chain = {
  dashboard: endpoint({
    group,
    name: 'Chain.dashboard',
    method: 'GET',
    path: '/api/chain/dashboard',
    summary: 'Today at every branch: orders, sales, receipts, tills open, and when each branch last synced (head office).',
    response: ChainDashboard,
    auth: ADMIN_ONLY,
    errors: [403],
    extension: CHAIN_VIEW,
    note: 'Admins only; on a PC that is not head office’s a 403 HEAD_OFFICE_ONLY. A branch is "not synced" when the newest change this PC has from it was made more than an hour ago (or none came). Runs on a read worker.',
  }),
};
