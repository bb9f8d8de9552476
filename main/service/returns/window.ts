/**
 * The store's return window: how many days after delivery the counter takes goods back without a
 * manager. A setting (`returns.windowDays`, 7 when never set), read and set by managers from the
 * returns screen; 0 means every return needs a manager.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import type { ReturnWindow } from '../../../shared/models/returns.js';
import type { RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { addDays } from '../input/dates.js';
import { settings } from '../store/setting.js';

export const RETURN_WINDOW_SETTING = 'returns.windowDays';
export const DEFAULT_RETURN_WINDOW_DAYS = 7;
const MAX_DAYS = 365;

export function returnWindowDays(ctx: RequestContext): number {
  const text = settings(ctx.db).get(RETURN_WINDOW_SETTING)?.trim();
  const n = text ? Number(text) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= MAX_DAYS ? n : DEFAULT_RETURN_WINDOW_DAYS;
}

export const returnWindow = (ctx: RequestContext): ReturnWindow => ({ days: returnWindowDays(ctx) });

export function setReturnWindow(ctx: RequestContext, body: ReturnWindow): ReturnWindow {
  if (!Number.isInteger(body.days) || body.days < 0 || body.days > MAX_DAYS) throw invalid('Enter the return window in whole days', { days: [`From 0 to ${MAX_DAYS}`] });
  ctx.db.transaction(() => settings(ctx.db).set(RETURN_WINDOW_SETTING, String(body.days))).immediate();
  return returnWindow(ctx);
}

/** The delivery day (local), the window's last day and whether today is past it. */
export function windowOf(ctx: RequestContext, deliveredAt: string): { deliveredOn: string; windowEnds: string; pastWindow: boolean; days: number } {
  const days = returnWindowDays(ctx);
  const deliveredOn = localDate(new Date(deliveredAt));
  const windowEnds = addDays(deliveredOn, days);
  return { deliveredOn, windowEnds, pastWindow: localDate(ctx.now()) > windowEnds, days };
}
