/**
 * What the counter typed, turned into the service's customer filter. Digits are a mobile
 * (prefix), anything else a name (prefix). Kept in a store so that going back from a customer
 * returns to the same search and page.
 */
import { create } from 'zustand';
import type { OMSearchCustomer } from '../../../shared/models/customer.js';

export function searchFilter(text: string): OMSearchCustomer {
  const trimmed = text.trim();
  if (!trimmed) return {};
  const digits = trimmed.replace(/[\s().-]/g, '');
  if (/^\+?\d+$/.test(digits)) return { mobile: digits.replace(/^\+/, '') };
  return { firstName: trimmed };
}

interface CustomerSearchState {
  text: string;
  page: number;
  setText(text: string): void;
  setPage(page: number): void;
}

export const useCustomerSearch = create<CustomerSearchState>()((set) => ({
  text: '',
  page: 1,
  // A new search starts at its first page.
  setText: (text) => set({ text, page: 1 }),
  setPage: (page) => set({ page }),
}));
