/**
 * The chain dashboard (head office): today at every branch of the company — orders, sales and
 * receipts, the tills open — and which branches this PC has not heard from by sync for more than
 * an hour.
 *
 * "Last sync" of a branch, as a PC can know it, is the latest of: when the newest change naming
 * that branch was made, among the changes this PC pulled from the other nodes (sync_heard,
 * migration 039); when the PC that last made a change for that branch last reached the hub, as the
 * hub tells every PC with its pulls (sync_seen, migration 042), so a branch quiet for an hour whose
 * PC keeps syncing is not behind; and for the branch this PC works at (the signed-in admin's), its
 * own changes the hub acknowledged and this PC's own last sync. A branch with none is "never". A
 * store that has never synced (no hub) reports `syncing: false` and no branch as behind: every
 * branch's figures are on this PC. The hub's clock and this PC's are taken to agree within minutes.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { isHeadOffice } from '../catalog/head-office.js';
import type { RequestContext } from '../context.js';
import { forbidden } from '../errors.js';
import { chainStore, type ChainDayRow } from '../store/chain.js';
import { settings } from '../store/setting.js';

/** A branch not heard from for longer than this is listed as not synced. */
export const NOT_SYNCED_AFTER_MS = 60 * 60 * 1000;

const NOT_HEAD_OFFICE =
  'The chain dashboard is head office’s: this PC belongs to a branch, and sees only what sync brought it. Open it on a head-office PC.';

/** A branch's row of the day (store/chain.ts) with its tills and how recently sync heard from it. */
export interface ChainBranchFigures extends ChainDayRow {
  tillsOpen: number;
  lastSyncAt: string | null;
  notSynced: boolean;
}

export function chainDashboard(ctx: RequestContext) {
  if (!isHeadOffice(ctx)) throw forbidden(NOT_HEAD_OFFICE, undefined, 'HEAD_OFFICE_ONLY');
  const store = chainStore(ctx.db);
  const now = ctx.now();
  const day = localDate(now);
  const tills = store.tillsOpen(ctx.user.companyId);
  // This PC works at the branch its admin is signed in to.
  const heard = store.heard(Number(settings(ctx.db).get('node') ?? 1), ctx.user.branchId);
  const lastSuccessAt = store.lastSuccessAt();
  const syncing = lastSuccessAt !== null || heard.size > 0;
  const branches: ChainBranchFigures[] = store.chainToday(ctx.user.companyId, day).map((b) => {
    const own = b.id === ctx.user.branchId ? lastSuccessAt : null;
    const changed = heard.get(b.id) ?? null;
    const lastSyncAt = own !== null && (changed === null || own > changed) ? own : changed;
    const behind = lastSyncAt === null || now.getTime() - Date.parse(lastSyncAt) > NOT_SYNCED_AFTER_MS;
    return { tillsOpen: tills.get(b.id) ?? 0, lastSyncAt, notSynced: syncing && behind, ...b };
  });
  return { day, now: now.toISOString(), syncing, lastSuccessAt, branches };
}
