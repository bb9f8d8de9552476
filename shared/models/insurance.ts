/** Insurance companies and the cart's insurance split (spec: Quick Sale insurance endpoints). */
import { z } from 'zod';
import { fields, nbool, nnum, noutStr, outNum, qBool, reqStr, str } from '../contract/primitives.js';

export const InsuranceCompaniesQuery = z.object({ activeOnly: qBool(true) });

export const InsuranceCompany = z.object({ id: z.string(), name: z.string(), code: noutStr(), isActive: z.boolean() });
export type InsuranceCompany = z.infer<typeof InsuranceCompany>;

/** A company without a name cannot be chosen at the counter, so the name is required (our rule). */
export const AddInsuranceCompanyRequest = z.object({
  insuranceCompanyName: reqStr('longName'),
  isActive: nbool(),
});
export type AddInsuranceCompanyRequest = z.infer<typeof AddInsuranceCompanyRequest>;

export const AddInsuranceCompanyResult = z.object({ message: z.string(), id: z.string() });
export type AddInsuranceCompanyResult = z.infer<typeof AddInsuranceCompanyResult>;

export const CalculateTempGrossInsuranceRequest = z.object({ sessionID: str('id'), totalInsuranceAmount: nnum() });
export type CalculateTempGrossInsuranceRequest = z.infer<typeof CalculateTempGrossInsuranceRequest>;

/** patientAmount = grossTotal − insuranceAmount − nisAmount − voucherAmount, never below zero. */
export const TempGrossInsurance = z.object(
  fields(outNum, 'grossTotal', 'insuranceAmount', 'nisAmount', 'voucherAmount', 'patientAmount'),
);
export type TempGrossInsurance = z.infer<typeof TempGrossInsurance>;
