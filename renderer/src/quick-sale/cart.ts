/**
 * The counter's sale in progress. The cart's lines live in the service (keyed by sessionID, in
 * SQLite); this store keeps only what is needed to find them again and what the cashier chose
 * around them. It is in localStorage, not sessionStorage, so that closing and reopening the app
 * mid-sale brings the same cart back.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface CartCustomer {
  customerID: string;
  name: string;
  mobile: string | null;
}

/** Rupees, as the cashier typed them; the service adds them to the cart's net amount. */
export interface Charges {
  jobCharges: number;
  shippingCharges: number;
  otherCharges: number;
}

/** One receipt of a sale paid in more than one way (a credit note and the rest). */
export interface SavedPayment {
  kind: string;
  receiptNo: string | null;
  amount: number;
}

export interface SavedSale {
  salesOrderID: string;
  salesOrderNo: string;
  /** SaveSale's receipt: with a credit note, the note's. */
  receiptID: string | null;
  receiptNo: string | null;
  amountPaid: number;
  netAmount: number;
  /** Every receipt, when a credit note paid part; absent for a sale paid one way. */
  payments?: SavedPayment[];
  /** The payment after the note that the service did not confirm (the sale itself is saved). */
  paymentProblem?: { kind: string; amount: number; message: string };
}

/** The Rx typed per eye when a lens pair was added, by pairNo, for the cart's pair headings. */
export type PairRx = Record<string, { right: string; left: string }>;

interface CartState {
  /** Null until the first line is added: saveSalesOrderTemp issues it. */
  sessionID: string | null;
  customer: CartCustomer | null;
  charges: Charges;
  /** The last completed sale, shown until the next sale starts. */
  saved: SavedSale | null;
  pairRx: PairRx;
  addPairRx(pairNo: string, rx: { right: string; left: string }): void;
  setSessionID(sessionID: string): void;
  setCustomer(customer: CartCustomer | null): void;
  setCharges(charges: Partial<Charges>): void;
  completed(sale: SavedSale): void;
  /** Forgets the cart (the service's lines are emptied by the caller). */
  reset(): void;
}

export const NO_CHARGES: Charges = { jobCharges: 0, shippingCharges: 0, otherCharges: 0 };

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      sessionID: null,
      customer: null,
      charges: NO_CHARGES,
      saved: null,
      pairRx: {},
      addPairRx: (pairNo, rx) => set((s) => ({ pairRx: { ...s.pairRx, [pairNo]: rx } })),
      setSessionID: (sessionID) => set({ sessionID, saved: null }),
      setCustomer: (customer) => set({ customer }),
      setCharges: (charges) => set((s) => ({ charges: { ...s.charges, ...charges } })),
      // The service cleared the cart when it saved the sale: the next scan starts a new one.
      completed: (sale) => set({ sessionID: null, customer: null, charges: NO_CHARGES, pairRx: {}, saved: sale }),
      reset: () => set({ sessionID: null, customer: null, charges: NO_CHARGES, pairRx: {}, saved: null }),
    }),
    {
      name: 'optical-pos.quick-sale',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ sessionID: s.sessionID, customer: s.customer, charges: s.charges, saved: s.saved, pairRx: s.pairRx }),
    },
  ),
);
