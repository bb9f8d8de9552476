/** The one client of the Optical Retail Service API that the whole renderer shares. */
import { createClient } from '../../shared/client.js';
import { SERVICE_KEY_HEADER } from '../../shared/desktop.js';
import { useSession } from './session.js';

const bridge = window.opticalPos;
const serviceKey = bridge?.serviceKey;

export const serviceUrl = bridge?.serviceUrl ?? window.location.origin;

export const client = createClient({
  baseUrl: serviceUrl,
  // The desktop app's service answers only calls carrying the key its preload handed this window.
  ...(serviceKey ? { headers: { [SERVICE_KEY_HEADER]: serviceKey } } : {}),
  getToken: () => useSession.getState().session?.token,
  // An expired or revoked token sends the user back to the login screen, whatever screen asked.
  onUnauthorized: () => useSession.getState().logout(),
});
