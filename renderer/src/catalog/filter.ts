/**
 * The catalog screen's filters, kept in a store so that leaving the screen (to a customer, say)
 * and coming back finds the same type, category, search and page.
 */
import { create } from 'zustand';

export interface CatalogFilter {
  itemTypeID: string;
  categoryID: string;
  subCategoryID: string;
  text: string;
  page: number;
}

interface CatalogFilterState extends CatalogFilter {
  setItemType(itemTypeID: string): void;
  setCategory(categoryID: string): void;
  setSubCategory(subCategoryID: string): void;
  setText(text: string): void;
  setPage(page: number): void;
}

/* A narrower filter starts at its first page; a new type or category drops the levels below it. */
export const useCatalogFilter = create<CatalogFilterState>()((set) => ({
  itemTypeID: '',
  categoryID: '',
  subCategoryID: '',
  text: '',
  page: 1,
  setItemType: (itemTypeID) => set({ itemTypeID, categoryID: '', subCategoryID: '', page: 1 }),
  setCategory: (categoryID) => set({ categoryID, subCategoryID: '', page: 1 }),
  setSubCategory: (subCategoryID) => set({ subCategoryID, page: 1 }),
  setText: (text) => set({ text, page: 1 }),
  setPage: (page) => set({ page }),
}));
