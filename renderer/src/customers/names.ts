/**
 * How a customer (or doctor) is named and shown as active, for the customer screens and the
 * screens that show one beside their own (the prescription screen, the doctor list).
 */
import type { CustomerRecord } from '../../../shared/models/customer.js';

export function fullName(c: Pick<CustomerRecord, 'title' | 'firstName' | 'middleName' | 'lastName'>): string {
  return [c.title, c.firstName, c.middleName, c.lastName].filter(Boolean).join(' ');
}

/** The list carries isActive as text ("true"/"false", as the spec types it). */
export function isInactive(value: string | null): boolean {
  return value !== null && /^(false|0)$/i.test(value);
}
