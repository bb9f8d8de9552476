/**
 * What the counter typed, turned into the service's customer filter: the one-box searchTerm
 * (any part of the name, mobile or phone; those starting with it first). Kept in a store so that
 * going back from a customer returns to the same search and page.
 */
import { create } from 'zustand';
import type { OMSearchCustomer } from '../../../shared/models/customer.js';

export function searchFilter(text: string): OMSearchCustomer {
  const trimmed = text.trim();
  return trimmed ? { searchTerm: trimmed } : {};
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
