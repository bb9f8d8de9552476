/**
 * The signed-in session: the whole login response, token included. Kept in sessionStorage so
 * that a reload during a shift keeps the cashier signed in, while closing the app (or the
 * window) signs them out; nothing of it survives on disk.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LoginResponse } from '../../../shared/models/auth.js';

interface SessionState {
  session: LoginResponse | null;
  login(session: LoginResponse): void;
  /** The user chose a new password: the service's new token carries the session on. */
  passwordChanged(token: string): void;
  logout(): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      session: null,
      login: (session) => set({ session }),
      passwordChanged: (token) => set((s) => (s.session ? { session: { ...s.session, token, mustChangePassword: false } } : s)),
      logout: () => set({ session: null }),
    }),
    {
      name: 'optical-pos.session',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ session: state.session }),
    },
  ),
);
