/**
 * GST on job and fitting charges (issue 11). Job charges are a service (SAC), taxed at the
 * store's service rate. For an order with taxed job charges, `job_charges` (migration 005) is the
 * service's taxable value and `service_tax` its GST — so job_charges + service_tax is what the
 * customer pays for the job, as before — and the order's taxable/CGST/SGST/IGST include them. The
 * rate and SAC code are kept for the invoice's line. Orders sold before have neither and print as
 * they did (untaxed charges).
 */
import type { Migration } from './migration.js';

export const jobChargesTax: Migration = {
  name: 'job-charges-tax',
  sql: `
ALTER TABLE sales_order ADD COLUMN job_gst_rate_bp INTEGER CHECK (job_gst_rate_bp IS NULL OR job_gst_rate_bp BETWEEN 0 AND 10000);
ALTER TABLE sales_order ADD COLUMN job_sac TEXT;
`,
};
