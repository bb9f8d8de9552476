/**
 * The insurer's part of a bill: what CalculateTempGrossInsurance previews for a cart and SaveSale
 * books on the order, by one rule. The insurer's share is a receivable from the insurer, so the
 * customer's balance on an order is net − insurer's share − received (store/sales-order.ts).
 */
import type { SalesorderModel } from '../../../shared/models/sale.js';
import type { RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { insuranceCompanies } from '../store/insurance-company.js';
import type { InsuranceClaim } from '../store/sales-order.js';
import { calendarDate } from '../input/dates.js';
import { paiseField } from '../input/money.js';
import { optionalText } from '../input/text.js';

/** Paise. */
export interface BillSplit {
  insurance: number;
  patient: number;
}

/**
 * The claim capped by the bill and by the cover (when one is known), never negative; the patient
 * pays the rest, never below zero.
 */
export function splitBill(gross: number, claimed: number, cover: number | null = null): BillSplit {
  const insurance = Math.max(0, Math.min(claimed, gross, cover ?? Number.POSITIVE_INFINITY));
  return { insurance, patient: Math.max(gross - insurance, 0) };
}

const AT = 'salesorderModel.';

/** The insurer named by insuranceCompanyID (row id or ENC id; 0 is none): the company's own and active, else a 400. */
function insurer(ctx: RequestContext, value: SalesorderModel['insuranceCompanyID']): number | null {
  if (value === null || value === undefined || value === 0) return null;
  const field = `${AT}insuranceCompanyID`;
  const id = ctx.rowId('insuranceCompany', value, field);
  const row = insuranceCompanies(ctx.db).byId(ctx.user.companyId, id);
  if (!row) throw invalid('No such insurance company', { [field]: ['Not an insurance company of this store'] });
  if (!row.is_active) throw invalid(`${row.name} is no longer active`, { [field]: [`${row.name} is inactive`] });
  return id;
}

/**
 * salesorderModel's insurance fields: the insurer, the claim (totalInsuranceAmount), the cover
 * (coverageLimit, remainingCoverage) and the policy's dates, which must include the booking day.
 * A claim needs an insurer. Errors name the field under `salesorderModel.`.
 */
export function readClaim(ctx: RequestContext, so: SalesorderModel, bookedOn: string): InsuranceClaim {
  const insuranceCompanyId = insurer(ctx, so.insuranceCompanyID);
  const claimed = paiseField(so.totalInsuranceAmount, `${AT}totalInsuranceAmount`) ?? 0;
  if (claimed > 0 && insuranceCompanyId === null) {
    throw invalid('Which insurer is the claim made to?', { [`${AT}insuranceCompanyID`]: ['Required with an insurance claim'] });
  }
  const limits = [paiseField(so.coverageLimit, `${AT}coverageLimit`), paiseField(so.remainingCoverage, `${AT}remainingCoverage`)];
  const given = limits.filter((l): l is number => l !== null);
  const start = calendarDate(so.insuranceStartDate ?? null, `${AT}insuranceStartDate`);
  const end = calendarDate(so.insuranceEndDate ?? null, `${AT}insuranceEndDate`);
  if (start && end && start > end) throw invalid('The policy ends before it starts', { [`${AT}insuranceEndDate`]: [`On or after ${start}`] });
  if (insuranceCompanyId !== null && claimed > 0) {
    if (start && bookedOn < start) throw invalid('The policy had not started', { [`${AT}insuranceStartDate`]: [`The policy starts on ${start}, after the order's ${bookedOn}`] });
    if (end && bookedOn > end) throw invalid('The policy has ended', { [`${AT}insuranceEndDate`]: [`The policy ended on ${end}, before the order's ${bookedOn}`] });
  }
  return {
    insurance_company_id: insuranceCompanyId,
    insurance_claimed: claimed,
    insurance_cover: given.length > 0 ? Math.min(...given) : null,
    insurance_info: optionalText(so.insuranceInformation),
    insurance_membership_type: optionalText(so.membershipType),
    insurance_verification_no: optionalText(so.verificationNumber),
    insurance_start_date: start,
    insurance_end_date: end,
  };
}
