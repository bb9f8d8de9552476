import { endpoint } from '../contract/endpoint.js';
import { ANY_ROLE } from '../contract/roles.js';
import { SyncNowRequest, SyncStatus } from '../models/sync.js';

const group = 'Sync';

const SYNC =
  'Issue 15, offline-first branches: the spec has no sync; every screen shows whether this PC reaches the head-office hub, how many of its changes wait, the last success and error, and the changes that could not be applied, and anyone may ask for a round now.';

export const Sync = {
  status: endpoint({
    group,
    name: 'Sync.status',
    method: 'GET',
    path: '/api/sync/status',
    summary: 'Whether this PC reaches the hub, its changes waiting, the last success and error, and the dead letters.',
    response: SyncStatus,
    auth: ANY_ROLE,
    extension: SYNC,
  }),
  now: endpoint({
    group,
    name: 'Sync.now',
    method: 'POST',
    path: '/api/sync/now',
    summary: 'Pushes and pulls now and answers the status after the round (a failed round is in lastError, not an error).',
    body: SyncNowRequest,
    response: SyncStatus,
    auth: ANY_ROLE,
    extension: SYNC,
  }),
};
