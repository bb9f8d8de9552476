/**
 * Who changes the catalogue: head office, which writes master data for every branch
 * (shared/sync-rules.ts: a master change from any other PC is refused when it arrives). A PC is head
 * office when its node is one of sync_state.head_office; a store on its own is its own head
 * office (node 1, head office [1]). Of the staff, admins and managers edit (the endpoint rows say so).
 */
import type { RequestContext } from '../context.js';
import { forbidden } from '../errors.js';
import { settings } from '../store/setting.js';
import { syncStore } from '../store/sync.js';

export const BRANCH_READ_ONLY =
  'Items are changed at head office: this PC belongs to a branch, so its catalogue is read-only here. Ask head office to add or change an item; the change reaches this PC at the next sync.';

export function isHeadOffice(ctx: RequestContext): boolean {
  const node = Number(settings(ctx.db).get('node') ?? 1);
  const headOffice = JSON.parse(syncStore(ctx.db).state().head_office) as number[];
  return headOffice.includes(node);
}

/** Refuses with 403 HEAD_OFFICE_ONLY on a branch's PC. */
export function requireHeadOffice(ctx: RequestContext): void {
  if (!isHeadOffice(ctx)) throw forbidden(BRANCH_READ_ONLY, undefined, 'HEAD_OFFICE_ONLY');
}
