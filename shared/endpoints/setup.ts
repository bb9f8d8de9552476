import { endpoint } from '../contract/endpoint.js';
import { ADMIN_ONLY } from '../contract/roles.js';
import { JoinHubRequest, SetupDone, SetupStatus, StoreSetupRequest, TryDemoRequest } from '../models/setup.js';

const group = 'Setup';

const FIRST_RUN =
  'The first run on screen: the spec has no setup; a PC without a store offers the demo, setting up a real store, or joining the company’s hub, and the demo’s admin can leave it for a real store the same way, with the same rules as `npm run setup`.';

const WHILE_NO_STORE =
  'Answers only while this PC has no real store: with none at all it needs no sign-in (the first-run screen); in the demo only its admin may call it; once a real store exists it is a 409. The service then opens the new store on the same address.';

export const Setup = {
  status: endpoint({
    group,
    name: 'Setup.status',
    method: 'GET',
    path: '/api/setup/status',
    summary: 'Whether this PC has no store yet (the first-run screen), the demo store or a real store; the states for the setup form.',
    response: SetupStatus,
    auth: 'public',
    extension: FIRST_RUN,
  }),
  createStore: endpoint({
    group,
    name: 'Setup.createStore',
    method: 'POST',
    path: '/api/setup/store',
    summary: 'Sets up this PC’s real store (company, GSTIN, state, first branch, administrator, till code), as `npm run setup` does.',
    body: StoreSetupRequest,
    response: SetupDone,
    auth: ADMIN_ONLY,
    errors: [409],
    extension: FIRST_RUN,
    note: `${WHILE_NO_STORE} A refusal is a 400 naming the field; nothing is written.`,
  }),
  joinHub: endpoint({
    group,
    name: 'Setup.joinHub',
    method: 'POST',
    path: '/api/setup/join',
    summary: 'Joins the company’s hub with its address and a join code, as `npm run setup -- --join` does, and remembers the hub for sync.',
    body: JoinHubRequest,
    response: SetupDone,
    auth: ADMIN_ONLY,
    errors: [409, 503],
    extension: FIRST_RUN,
    note: `${WHILE_NO_STORE} A hub that is not the one the code was made for is refused before the code is sent (400); a hub that cannot be reached is a 503.`,
  }),
  tryDemo: endpoint({
    group,
    name: 'Setup.tryDemo',
    method: 'POST',
    path: '/api/setup/demo',
    summary: 'Makes the demo store (sample data, well-known passwords) on a PC that has no store yet.',
    body: TryDemoRequest,
    response: SetupDone,
    auth: ADMIN_ONLY,
    errors: [409],
    extension: FIRST_RUN,
    note: 'Only on the first-run screen (no store at all); a 403 where the demo is switched off (POS_DEMO=0), a 409 once a store is open.',
  }),
};
