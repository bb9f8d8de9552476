/**
 * A list screen's search: its filter and page, kept in a store so that opening a row and coming
 * back finds the same search. A changed filter starts again at its first page.
 */
import { create } from 'zustand';

export interface ListSearch<F> {
  filter: F;
  page: number;
  set(change: Partial<F>): void;
  setPage(page: number): void;
  clear(): void;
}

export function createListSearch<F>(empty: F) {
  return create<ListSearch<F>>()((set) => ({
    filter: empty,
    page: 1,
    set: (change) => set((s) => ({ filter: { ...s.filter, ...change }, page: 1 })),
    setPage: (page) => set({ page }),
    clear: () => set({ filter: empty, page: 1 }),
  }));
}
