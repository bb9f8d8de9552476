/** The one client of the Optical Retail Service API that the whole renderer shares. */
import { createClient } from '../../../shared/client.js';
import { TILL_HEADER } from '../../../shared/contract/till.js';
import { SERVICE_KEY_HEADER } from '../../../shared/desktop.js';
import { serviceUrl } from '../ui/service-url.js';
import { useSession } from './session.js';

const bridge = window.opticalPos;
const serviceKey = bridge?.serviceKey;

export { serviceUrl };

/**
 * This till's id: made once per installation (the desktop app's profile, or this browser) and kept,
 * so a cart belongs to the PC that opened it as well as to its user (shared/contract/till.ts).
 */
function tillId(): string {
  const key = 'optical-pos.till';
  const kept = localStorage.getItem(key);
  if (kept && /^[A-Za-z0-9-]{1,64}$/.test(kept)) return kept;
  const made = crypto.randomUUID();
  localStorage.setItem(key, made);
  return made;
}

export const client = createClient({
  baseUrl: serviceUrl,
  // The desktop app's service answers only calls carrying the key its preload handed this window.
  headers: { [TILL_HEADER]: tillId(), ...(serviceKey ? { [SERVICE_KEY_HEADER]: serviceKey } : {}) },
  getToken: () => useSession.getState().session?.token,
  // An expired or revoked token sends the user back to the login screen, whatever screen asked.
  onUnauthorized: () => useSession.getState().logout(),
});
