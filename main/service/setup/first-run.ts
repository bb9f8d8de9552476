/**
 * The first run on screen, and leaving the demo for a real store: the commands behind the Setup
 * endpoints. Setting up goes through setupStore and createStore's checks exactly as
 * `npm run setup` does; joining through joinCompany exactly as `npm run setup -- --join` does.
 * A refusal names the screen's field in words; nothing is written (setupStore and joinCompany
 * write a side file and rename it into place only when complete).
 */
import type { z } from 'zod';
import { FINANCIAL_YEAR_START, type JoinHubRequest, type SetupDone, type SetupStatus, type StoreSetupRequest } from '../../../shared/models/setup.js';
import { parseJoinCode } from '../../../shared/sync.js';
import type { ServiceDeps } from '../context.js';
import type { Db } from '../db/database.js';
import { conflict, forbidden, invalid, unavailable, type FieldErrors } from '../errors.js';
import { STORE_FILE } from '../store-file.js';
import { states } from '../store/state.js';
import { joinCompany } from '../sync/join.js';
import { HubRefusal } from '../sync/worker.js';
import { StoreSpecError, type StoreSpec } from './create-store.js';
import { setupStore, StoreExistsError } from './setup-store.js';

type Deps = Pick<ServiceDeps, 'db' | 'mode' | 'dataDir' | 'now' | 'firstRun'>;

export function setupStatus(db: Db, deps: Pick<ServiceDeps, 'mode' | 'firstRun'>): SetupStatus {
  return {
    state: deps.mode,
    demoOffered: deps.mode === 'first-run' && (deps.firstRun?.demoOffered ?? true),
    financialYearStart: FINANCIAL_YEAR_START,
    states: states(db)
      .all()
      .map((s) => ({ name: s.name, gstStateCode: s.gst_state_code })),
  };
}

/** Only while there is no real store: the first run, or the demo's admin (the route checked the role). */
function refuseInRealStore(deps: Pick<ServiceDeps, 'mode'>): void {
  if (deps.mode === 'store') throw conflict('This PC already has its store: setting up or joining is done once, before it exists', 'STORE_EXISTS');
}

/** The screen's field for a path of the store's spec (create-store.ts). */
const SCREEN_FIELDS: Record<string, string> = {
  'company.name': 'companyName',
  'company.gstin': 'gstin',
  'company.state': 'state',
  'branches.0.code': 'branchCode',
  'branches.0.name': 'branchName',
  'branches.0.city': 'branchCity',
  'branches.0.gstin': 'branchGstin',
  'branches.0.state': 'branchState',
  'users.0.userName': 'adminUserName',
  'users.0.password': 'adminPassword',
  tillCode: 'tillCode',
};

/** The store `npm run setup` would make from the same answers: one branch, one administrator. */
export function specFromScreen(request: z.output<typeof StoreSetupRequest>): StoreSpec {
  const blank = (s: string | null | undefined) => (s && s.trim() ? s.trim() : null);
  return {
    company: { name: request.companyName, gstin: request.gstin, state: request.state, city: blank(request.branchCity) },
    branches: [{ code: request.branchCode, name: request.branchName, city: blank(request.branchCity), gstin: blank(request.branchGstin), state: blank(request.branchState) }],
    users: [{ userName: request.adminUserName, role: 'admin', password: request.adminPassword, fullName: null, ownPassword: true }],
  };
}

export async function setUpStoreOnScreen(deps: Deps, request: z.output<typeof StoreSetupRequest>): Promise<SetupDone> {
  refuseInRealStore(deps);
  const tillCode = request.tillCode?.trim() || undefined;
  try {
    await setupStore(deps.dataDir, specFromScreen(request), 1, deps.now(), tillCode);
  } catch (err) {
    if (err instanceof StoreExistsError) throw conflict('This PC already has its store', 'STORE_EXISTS');
    if (err instanceof StoreSpecError) {
      const errors: FieldErrors = {};
      err.issues.forEach((issue, i) => (errors[SCREEN_FIELDS[issue.path] ?? (issue.path || 'store')] ??= []).push(err.problems[i]!));
      throw invalid(err.problems.join('; '), errors, 'STORE_SETUP_REFUSED');
    }
    throw err;
  }
  deps.firstRun?.storeMade('store');
  const userName = request.adminUserName.trim();
  return { state: 'store', userName, message: `${request.companyName.trim()} is set up. Sign in as ${userName} with the password you chose; you will be asked for a new one.` };
}

export async function joinHubOnScreen(deps: Deps, request: z.output<typeof JoinHubRequest>): Promise<SetupDone> {
  refuseInRealStore(deps);
  const hubUrl = request.hubUrl.trim().replace(/\/+$/, '');
  const onAddress = (message: string) => invalid(`Hub address: ${message}`, { hubUrl: [message] }, 'HUB_ADDRESS');
  const onCode = (message: string, code = 'JOIN_CODE') => invalid(`Join code: ${message}`, { joinCode: [message] }, code);
  let url: URL | null = null;
  try {
    url = new URL(hubUrl);
  } catch {
    // answered below
  }
  if (!url || !['http:', 'https:'].includes(url.protocol)) throw onAddress('give the address head office gave you, e.g. https://hub.example:8790');
  if (parseJoinCode(request.joinCode).secret.length < 12) throw onCode('type the whole code head office gave you, e.g. ABCD-EFGH-JKLM-9F3A-0C21-77B4-E5D0');
  try {
    await joinCompany(deps.dataDir, STORE_FILE, hubUrl, request.joinCode, deps.now, { tlsDir: deps.firstRun?.hubTlsDir });
  } catch (err) {
    if (err instanceof HubRefusal) throw err.status >= 500 ? unavailable(`The hub could not enrol this PC: ${err.message}`, 'HUB_UNAVAILABLE') : onCode(err.message, err.code);
    if (err instanceof TypeError && /fetch failed/i.test(err.message)) {
      const cause = (err.cause as { code?: string; message?: string } | undefined)?.code ?? (err.cause as Error | undefined)?.message ?? 'no answer';
      throw unavailable(`The hub at ${hubUrl} cannot be reached (${cause}): check the address and this PC's network, then try again`, 'HUB_UNREACHABLE');
    }
    if (err instanceof Error && /already set up/.test(err.message)) throw conflict('This PC already has its store', 'STORE_EXISTS');
    if (err instanceof Error && /could not be filled/.test(err.message)) throw unavailable(err.message, 'HUB_UNAVAILABLE');
    if (err instanceof Error && /does not carry its fingerprint/.test(err.message)) throw onCode(err.message);
    // joinCompany's other refusals are about the hub at that address (not the code's hub, not on HTTPS …).
    if (err instanceof Error) throw onAddress(err.message);
    throw err;
  }
  deps.firstRun?.storeMade('store');
  return { state: 'store', userName: null, message: 'This PC joined the company: its data is here and it syncs with the hub. Sign in with your usual user name and password.' };
}

export function tryDemo(deps: Deps): SetupDone {
  if (deps.mode !== 'first-run') throw conflict('A store is already open on this PC', 'STORE_EXISTS');
  if (deps.firstRun && !deps.firstRun.demoOffered) throw forbidden('The demo store is switched off on this PC (POS_DEMO=0): set up the store or join the hub', undefined, 'DEMO_OFF');
  deps.firstRun?.storeMade('demo');
  return { state: 'demo', userName: 'admin', message: 'The demo store is being made: sign in as admin, manager, cashier or optometrist with the password demo1234.' };
}
