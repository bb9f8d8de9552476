/** The one client of the Optical Retail Service API that the whole renderer shares. */
import { createClient } from '../../shared/client.js';
import { useSession } from './session.js';

export const serviceUrl = window.opticalPos?.serviceUrl ?? window.location.origin;

export const client = createClient({
  baseUrl: serviceUrl,
  getToken: () => useSession.getState().session?.token,
  // An expired or revoked token sends the user back to the login screen, whatever screen asked.
  onUnauthorized: () => useSession.getState().logout(),
});
