/**
 * The rest of an order's insurance claim, and a doctor's name as typed (issue 5).
 *
 * Migration 005 gave sales_order its insurer and the insurer's share (`insurance_amount`); SaveSale
 * now fills them, and here is what else the counter records of a claim: the amount claimed, the
 * cover it was capped by, the claim's reference texts and the policy's validity. The share is a
 * receivable from the insurer, never the customer's: it is at most the order's net and never
 * negative, which the triggers hold for every writer (a CHECK cannot be added to an existing table).
 *
 * `typed_doctor_name`: the doctor SaveSale's eyeInfoModel names, when no doctor of the company
 * matches the name (a match links doctor_id instead), so the name typed at the counter is kept.
 */
import type { Migration } from './migration.js';

export const insuranceClaims: Migration = {
  name: 'insurance-claims',
  sql: `
ALTER TABLE sales_order ADD COLUMN insurance_claimed INTEGER NOT NULL DEFAULT 0 CHECK (insurance_claimed >= 0);
ALTER TABLE sales_order ADD COLUMN insurance_cover INTEGER CHECK (insurance_cover IS NULL OR insurance_cover >= 0);
ALTER TABLE sales_order ADD COLUMN insurance_info TEXT;
ALTER TABLE sales_order ADD COLUMN insurance_membership_type TEXT;
ALTER TABLE sales_order ADD COLUMN insurance_verification_no TEXT;
ALTER TABLE sales_order ADD COLUMN insurance_start_date TEXT;
ALTER TABLE sales_order ADD COLUMN insurance_end_date TEXT;
ALTER TABLE sales_order ADD COLUMN typed_doctor_name TEXT;
ALTER TABLE customer_eye_info ADD COLUMN typed_doctor_name TEXT;

CREATE TRIGGER sales_order_insurance_share_insert BEFORE INSERT ON sales_order
WHEN NEW.insurance_amount < 0 OR NEW.insurance_amount > NEW.net_amount
BEGIN
  SELECT RAISE(ABORT, 'sales_order.insurance_amount must be between 0 and net_amount');
END;
CREATE TRIGGER sales_order_insurance_share_update BEFORE UPDATE OF insurance_amount, net_amount ON sales_order
WHEN NEW.insurance_amount < 0 OR NEW.insurance_amount > NEW.net_amount
BEGIN
  SELECT RAISE(ABORT, 'sales_order.insurance_amount must be between 0 and net_amount');
END;
`,
};
