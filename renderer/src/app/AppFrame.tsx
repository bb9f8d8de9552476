import type { ReactNode } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import type { LoginResponse } from '../../../shared/models/auth.js';
import { roleOfName } from '../../../shared/contract/roles.js';
import { guideForRole, HELP_PREFIX } from '../../../shared/help.js';
import { useEndpoint } from '../core/service.js';
import { useSession } from '../core/session.js';
import { BackupWarning } from './BackupWarning.js';
import { ServiceDownBanner } from './ServiceDownBanner.js';
import { BranchAndYear } from './FinancialYear.js';
import { Nav } from './Nav.js';
import { navigate, useRoute } from '../core/router.js';
import { Screen } from './Screen.js';
import { SyncChip } from './SyncChip.js';

export function AppFrame({ session, band = null }: { session: LoginResponse; band?: ReactNode }) {
  const logout = useSession((s) => s.logout);
  const route = useRoute();

  // A session restored from sessionStorage may hold a token that has since expired; asking the
  // service once makes a 401 send the user back to sign in (the client's onUnauthorized).
  // (Signing out clears every query, so the next session asks again.)
  useEndpoint(api.Account.userDetails, {}, { retry: false, staleTime: Infinity });


  return (
    <div className="frame">
      {band}
      <header className="topbar">
        <div className="topbar-brand">
          <span className="brand-mark" aria-hidden="true">
            OP
          </span>
          <div className="topbar-company">
            <span className="topbar-label">Company</span>
            <span className="topbar-value">{session.companyName}</span>
          </div>
        </div>

        <dl className="topbar-facts">
          <BranchAndYear session={session} />
          <div>
            <dt>Signed in as</dt>
            <dd>
              {session.userName} <span className="role-badge">{session.userRole}</span>
            </dd>
          </div>
        </dl>

        <SyncChip />

        <a className="button button-ghost" href={`${HELP_PREFIX}/${guideForRole(roleOfName(session.userRole))}`} target="_blank" rel="noopener">
          Help
        </a>

        <button type="button" className="button button-ghost" onClick={() => {
            // The next person at the counter starts from the home screen, not from this customer.
            navigate({ name: 'home' }, { replace: true });
            logout();
          }}>
          Log out
        </button>
      </header>

      <div className="frame-body">
        <Nav route={route} role={session.userRole} />
        <main className="frame-content" id="content">
          <ServiceDownBanner />
          <BackupWarning role={session.userRole} />
          <Screen route={route} session={session} />
        </main>
      </div>
    </div>
  );
}
