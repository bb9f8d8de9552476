/**
 * The counter's warning that this till has no open session, shown before the first scan rather
 * than at Save: building a cart stays allowed (nothing is booked until the sale is saved), saving
 * needs the till open. Whoever may open a till (Till/open's roles) opens it right here with the
 * float, through the Till screen's own form; anyone else is told who can.
 */
import { useState } from 'react';
import { hasRole, ROLE_NAMES } from '../../../shared/contract/roles.js';
import { api } from '../../../shared/endpoints/index.js';
import type { TillState } from '../../../shared/models/till.js';
import { useSession } from '../core/session.js';
import { formatMoment } from '../ui/dates.js';
import { OpenTillForm } from './OpenTillForm.js';
import { isTillClosed } from './service.js';

/** "an Admin, a Store Manager or a Cashier": the roles Till/open lets in, as people read them. */
function whoMayOpen(): string {
  const { auth } = api.Till.open;
  if (auth === 'public') return 'anyone';
  const named = auth.map((r) => `${/^[AEIOU]/.test(ROLE_NAMES[r]) ? 'an' : 'a'} ${ROLE_NAMES[r]}`);
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} or ${named[named.length - 1]}` : (named[0] ?? 'nobody');
}

/** `backToWork`: called when the float form goes away (opened, or "Not now"), to put focus back where the work is. */
export function TillClosedBanner({ till, backToWork }: { till: TillState | undefined; backToWork: () => void }) {
  const mayOpen = hasRole(useSession((s) => s.session?.userRole), api.Till.open.auth);
  const [opening, setOpening] = useState(false);
  if (!till || !isTillClosed(till)) return null;
  return (
    <section className="banner banner-warning till-closed" aria-labelledby="till-closed-title">
      <div className="till-closed-head">
        <div>
          <h2 id="till-closed-title">The till is closed.</h2>
          <p>
            {mayOpen ? 'Open it to take payments.' : `Payments wait until it is open: ask ${whoMayOpen()} to open it.`} Items can still be
            scanned into the cart; the sale is saved once the till is open.
          </p>
          {till.status === 'closed' && till.closedAt && (
            <p className="muted">
              The day was closed {formatMoment(till.closedAt)} by {till.closedBy}.
            </p>
          )}
        </div>
        {mayOpen && !opening && (
          <button type="button" className="button button-primary" onClick={() => setOpening(true)}>
            Open the till
          </button>
        )}
      </div>
      {opening && (
        <OpenTillForm
          autoFocus
          onOpened={() => {
            setOpening(false);
            backToWork();
          }}
          onCancel={() => {
            setOpening(false);
            backToWork();
          }}
        />
      )}
    </section>
  );
}
