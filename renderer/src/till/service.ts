/**
 * This till's state (open, closed, never opened) as the Till screen and the counter read it. A
 * till can be closed from another window of this PC (its Till screen, a browser tab) while the
 * counter is up, so the state is asked again whenever the window comes back into focus.
 */
import { useEffect } from 'react';
import { hasRole } from '../../../shared/contract/roles.js';
import { parseRupees, rupees } from '../../../shared/domain/money.js';
import { api } from '../../../shared/endpoints/index.js';
import type { TillState } from '../../../shared/models/till.js';
import { useEndpoint } from '../core/service.js';
import { useSession } from '../core/session.js';

export function useTillState() {
  // Only the roles that may read it ask (an optometrist typing #/quick-sale gets no 403 from it).
  const mayRead = hasRole(useSession((s) => s.session?.userRole), api.Till.state.auth);
  // The app turns refetch-on-focus off for everything else; react-query's own trigger is the
  // page's visibility (a tab or a minimised window coming back) ...
  const query = useEndpoint(api.Till.state, {}, { enabled: mayRead, refetchOnWindowFocus: true });
  const { refetch } = query;
  // ... and a desktop window brought to the front again is a focus event, not a visibility one.
  useEffect(() => {
    if (!mayRead) return undefined;
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [mayRead, refetch]);
  return query;
}

/** Known to be closed (or never opened): a state not yet read, or unreadable, is not "closed". */
export function isTillClosed(till: TillState | undefined): boolean {
  return till !== undefined && till.status !== 'open';
}

/** An amount typed in rupees (the float, cash in or out), or null when it is not one. */
export function amountOf(text: string): number | null {
  const paise = parseRupees(text);
  return paise === null ? null : rupees(paise);
}
