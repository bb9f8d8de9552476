/**
 * Job and fitting charges are a service the store supplies, and carry GST like the goods
 * (issue 11): at the store's service rate (setting `service.gstRate`, percent, default 18),
 * inclusive or exclusive as the store prices (`service.priceIncludesTax`, default yes, as items
 * are), printed on the invoice as their own line with the store's SAC code (`service.sac`,
 * default 998729: maintenance and repair services of other goods — fitting lenses to a frame).
 */
import { jobChargesLine, type GstLine } from '../../../shared/domain/gst.js';
import type { Db } from '../db/database.js';
import { settings } from '../store/setting.js';
import { extend } from '../../../shared/extend.js';

export const SERVICE_SETTINGS = { rate: 'service.gstRate', includesTax: 'service.priceIncludesTax', sac: 'service.sac' } as const;
export const DEFAULT_SERVICE_RATE_BP = 1800;
export const DEFAULT_SERVICE_SAC = '998729';

export interface ServiceTaxPolicy {
  rateBp: number;
  priceIncludesTax: boolean;
  sac: string;
}

/** The store's service tax settings; an unreadable value keeps the default, so a typo never stops the till. */
export function serviceTaxPolicy(db: Db): ServiceTaxPolicy {
  const s = settings(db);
  const rateText = s.get(SERVICE_SETTINGS.rate)?.trim() ?? '';
  const rate = Number(rateText);
  const sac = s.get(SERVICE_SETTINGS.sac)?.trim();
  return {
    rateBp: rateText !== '' && Number.isFinite(rate) && rate >= 0 && rate <= 28 ? Math.round(rate * 100) : DEFAULT_SERVICE_RATE_BP,
    priceIncludesTax: s.flag(SERVICE_SETTINGS.includesTax, true),
    sac: sac && /^\d{6}$/.test(sac) ? sac : DEFAULT_SERVICE_SAC,
  };
}

/** The job charges as a taxed service line, or undefined when there are none. */
export function jobLine(db: Db, paise: number, intraState: boolean): (GstLine & { sac: string }) | undefined {
  if (paise <= 0) return undefined;
  const policy = serviceTaxPolicy(db);
  return extend(jobChargesLine(paise, policy.rateBp, policy.priceIncludesTax, intraState), { sac: policy.sac });
}
