/** Small helpers for the customer, prescription and doctor suites. */
import assert from 'node:assert/strict';
import { ApiError } from '../../shared/client.js';
import type { TestService } from './service.js';

let counter = 0;
/** A 10-digit Indian mobile no other test (or the demo seed) uses. */
export function freshMobile(): string {
  counter += 1;
  return `6${String(process.pid % 10000).padStart(4, '0')}${String(counter).padStart(5, '0')}`;
}

/** A surname no other row shares, so list totals are exact. */
export function freshName(base: string): string {
  counter += 1;
  return `${base}${String.fromCharCode(97 + (counter % 26))}${counter}x${process.pid}`;
}

/** Awaits a rejected call and returns its ApiError, asserting the status. */
export async function failure(promise: Promise<unknown>, status: number): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ApiError, String(err));
    assert.equal(err.status, status, JSON.stringify(err.body));
    return err;
  }
  assert.fail(`expected ${status}, the call succeeded`);
}

/**
 * A second company in the same file, with one branch, user-less: rows that belong to someone
 * else, to prove they stay invisible.
 */
export function otherCompany(svc: TestService): { companyId: number; branchId: number; customerId: number; doctorId: number; examId: number } {
  const { db, ids } = svc.server.deps;
  return db.transaction(() => {
    const companyId = ids.next('company');
    db.prepare(`INSERT INTO company (id, name, state_id, country_id, created_at) VALUES (?, 'Other Optics', 27, 1, '2025-01-01T00:00:00Z')`).run(companyId);
    const branchId = ids.next('branch');
    db.prepare(`INSERT INTO branch (id, company_id, code, name, state_id, country_id) VALUES (?, ?, 'PUN1', 'Camp', 27, 1)`).run(branchId, companyId);
    const anyUser = (db.prepare('SELECT id FROM app_user LIMIT 1').get() as { id: number }).id;
    const customerId = ids.next('customer');
    db.prepare(
      `INSERT INTO customer (id, company_id, branch_id, first_name, last_name, mobile, mobile_digits, created_by, created_at)
       VALUES (?, ?, ?, 'Secret', 'Elsewhere', '9000000001', '9000000001', ?, '2025-01-01T00:00:00Z')`,
    ).run(customerId, companyId, branchId, anyUser);
    const doctorId = ids.next('doctor');
    db.prepare(`INSERT INTO doctor (id, company_id, name, created_by, created_at) VALUES (?, ?, 'Dr. Elsewhere', ?, '2025-01-01T00:00:00Z')`).run(doctorId, companyId, anyUser);
    const examId = ids.next('customer_eye_info');
    db.prepare(
      `INSERT INTO customer_eye_info (id, company_id, branch_id, customer_id, type_id, visiting_date, created_by, created_at)
       VALUES (?, ?, ?, ?, 1, '2025-01-01', ?, '2025-01-01T00:00:00Z')`,
    ).run(examId, companyId, branchId, customerId, anyUser);
    return { companyId, branchId, customerId, doctorId, examId };
  })();
}
