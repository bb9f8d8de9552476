/** Optional ENC ids of look-up requests: null, absent and '' all mean "not given". */
import type { RequestContext } from '../context.js';
import type { Entity } from '../ids/entities.js';

export function optionalId(ctx: RequestContext, entity: Entity, value: string | null | undefined, field: string): number | undefined {
  const text = value?.trim();
  return text ? ctx.decode(entity, text, field) : undefined;
}

/**
 * A module as the client may hold it: the login's numeric moduleID ("1") or an ENC module id
 * (what our answers carry).
 */
export function optionalModuleId(ctx: RequestContext, value: string | null | undefined, field: string): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  return /^\d{1,9}$/.test(text) ? Number(text) : ctx.decode('module', text, field);
}
