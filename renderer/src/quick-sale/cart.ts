/**
 * The counter's sale in progress. The cart's lines live in the service (keyed by sessionID, in
 * SQLite); this store keeps only what is needed to find them again and what the cashier chose
 * around them. It is in localStorage, not sessionStorage, so that closing and reopening the app
 * mid-sale brings the same cart back.
 *
 * It is kept per user (the service's carts are, too): logging out empties the counter, the next
 * user starts from their own saved state, and a user who signs in again finds their own cart.
 */
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { LoginResponse } from '../../../shared/models/auth.js';
import { useSession } from '../core/session.js';

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
  /** Every receipt, when a credit note paid part or the payment was split; absent for a sale paid one way. */
  payments?: SavedPayment[];
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

const EMPTY = { sessionID: null, customer: null, charges: NO_CHARGES, saved: null, pairRx: {} };

/** Whose counter state is in memory: '' when nobody is signed in (then nothing is stored). */
const ownerOf = (session: LoginResponse | null) => (session ? `${session.companyID}:${session.userName}` : '');
let owner = ownerOf(useSession.getState().session);

/** localStorage under one key per user; nothing is read or written while nobody is signed in. */
const perUser: StateStorage = {
  getItem: (name) => (owner ? localStorage.getItem(`${name}.${owner}`) : null),
  setItem: (name, value) => {
    if (owner) localStorage.setItem(`${name}.${owner}`, value);
  },
  removeItem: (name) => {
    if (owner) localStorage.removeItem(`${name}.${owner}`);
  },
};
// Before carts were per user they were kept under one key that every user would have seen.
localStorage.removeItem('optical-pos.quick-sale');

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      ...EMPTY,
      addPairRx: (pairNo, rx) => set((s) => ({ pairRx: { ...s.pairRx, [pairNo]: rx } })),
      setSessionID: (sessionID) => set({ sessionID, saved: null }),
      setCustomer: (customer) => set({ customer }),
      setCharges: (charges) => set((s) => ({ charges: { ...s.charges, ...charges } })),
      // The service cleared the cart when it saved the sale: the next scan starts a new one.
      completed: (sale) => set({ sessionID: null, customer: null, charges: NO_CHARGES, pairRx: {}, saved: sale }),
      reset: () => set(EMPTY),
    }),
    {
      name: 'optical-pos.quick-sale',
      storage: createJSONStorage(() => perUser),
      partialize: (s) => ({ sessionID: s.sessionID, customer: s.customer, charges: s.charges, saved: s.saved, pairRx: s.pairRx }),
    },
  ),
);

// Signing out empties the counter without touching what was stored for that user; signing in
// brings back that user's own cart, saved sale and customer, and nobody else's.
useSession.subscribe((state) => {
  const next = ownerOf(state.session);
  if (next === owner) return;
  owner = '';
  useCart.setState(EMPTY);
  owner = next;
  if (next) void useCart.persist.rehydrate();
});
