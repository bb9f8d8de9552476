/** What to tell the person at the counter when a call fails, for any screen. */
import { ApiError } from '../../../shared/client.js';
import { serviceUrl } from '../core/service-url.js';

export type Banner = { title: string; detail: string };

export function bannerFor(error: unknown, action: string): Banner {
  if (!(error instanceof ApiError)) {
    // fetch rejects (TypeError) when nothing answers: the service is down or the URL is wrong.
    return {
      title: 'Cannot reach the Optical POS service',
      detail: `Nothing answered at ${serviceUrl}. Check that the service is running, then try again.`,
    };
  }
  switch (error.status) {
    case 400:
      return { title: `Could not ${action}`, detail: error.body.message };
    case 403:
      // A refusal that says why in the service's words (a price beyond the limit, a wrong manager
      // password) is shown as said; a bare role refusal gets the generic words.
      return error.body.code || !/^(Forbidden|Not allowed|Your role)/i.test(error.body.message)
        ? { title: 'Not allowed', detail: error.body.message }
        : { title: 'Not allowed', detail: `Your role may not ${action}. Ask a store manager.` };
    case 404:
      return { title: 'Not found', detail: error.body.message };
    default:
      return { title: `Could not ${action}`, detail: error.body.message };
  }
}

/**
 * Hands each of the service's 400 field messages to `place` (which shows it on its field and
 * answers true) and returns the ones no field took, so that none is silently lost.
 */
export function placeFieldErrors(error: unknown, place: (path: string, message: string) => boolean): string[] {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body.errors) return [];
  const leftOver: string[] = [];
  for (const [path, messages] of Object.entries(error.body.errors)) {
    const [message] = messages;
    if (message && !place(path, message)) leftOver.push(`${path}: ${message}`);
  }
  return leftOver;
}

export function ErrorBanner({ banner, extra = [] }: { banner: Banner | null; extra?: string[] }) {
  if (!banner) return null;
  return (
    <div className="banner banner-error" role="alert">
      <strong>{banner.title}</strong>
      <span>{banner.detail}</span>
      {extra.length > 0 && (
        <ul className="banner-list">
          {extra.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
