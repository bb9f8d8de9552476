/**
 * Whether this PC writes master data: it is head office when its node is one of
 * sync_state.head_office (node 1 unless the join said otherwise). A branch PC reads suppliers
 * and never changes them, as sync would refuse the change anywhere else (shared/sync-rules.ts).
 */
import type { RequestContext } from '../context.js';
import { forbidden } from '../errors.js';
import { settings } from '../store/setting.js';
import { syncStore } from '../store/sync.js';

export function headOfficeNodes(ctx: RequestContext): number[] {
  const listed = JSON.parse(syncStore(ctx.db).state().head_office) as unknown;
  return Array.isArray(listed) ? listed.filter((n): n is number => typeof n === 'number') : [1];
}

/** null when this PC is head office; else why it may not change master data, in words. */
export function whyNotHeadOffice(ctx: RequestContext, what: string): string | null {
  const node = Number(settings(ctx.db).get('node') ?? '1');
  const office = headOfficeNodes(ctx);
  if (office.includes(node)) return null;
  return `${what} are kept by head office and reach this branch by sync: change them on a head-office PC (this PC is node ${node}; head office is node ${office.join(', ')}).`;
}

export function requireHeadOffice(ctx: RequestContext, what: string): void {
  const why = whyNotHeadOffice(ctx, what);
  if (why) throw forbidden(why, undefined, 'HEAD_OFFICE_ONLY');
}
