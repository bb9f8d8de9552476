import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/endpoints/index.js';
import type { LoginResponse } from '../../../shared/models/auth.js';
import { client } from '../service.js';
import { useSession } from '../session.js';
import { FinancialYear } from './FinancialYear.js';

export function AppFrame({ session }: { session: LoginResponse }) {
  const logout = useSession((s) => s.logout);

  // A session restored from sessionStorage may hold a token that has since expired; asking the
  // service once makes a 401 send the user back to sign in (the client's onUnauthorized).
  useQuery({
    queryKey: ['Account.userDetails', session.token],
    queryFn: () => client.call(api.Account.userDetails, {}),
    retry: false,
    staleTime: Infinity,
  });

  const activeModules = session.modules.filter((m) => m.isActive);
  const branch = session.branchCity ? `${session.branchName}, ${session.branchCity}` : session.branchName;

  return (
    <div className="frame">
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
          <div>
            <dt>Branch</dt>
            <dd>{branch}</dd>
          </div>
          <div>
            <dt>Financial year</dt>
            <dd>
              <FinancialYear yearId={session.yearId} />
            </dd>
          </div>
          <div>
            <dt>Signed in as</dt>
            <dd>
              {session.userName} <span className="role-badge">{session.userRole}</span>
            </dd>
          </div>
        </dl>

        <button type="button" className="button button-ghost" onClick={logout}>
          Log out
        </button>
      </header>

      <main className="frame-main">
        <section className="panel panel-welcome" aria-labelledby="welcome-title">
          <h1 id="welcome-title">Welcome, {session.userName}</h1>
          <p className="lead">
            You are signed in to <strong>{session.companyName}</strong> at the <strong>{branch}</strong> branch.
          </p>
          <h2>Active modules</h2>
          {activeModules.length > 0 ? (
            <ul className="module-list" aria-label="Active modules">
              {activeModules.map((m) => (
                <li key={m.moduleID}>{m.moduleName}</li>
              ))}
            </ul>
          ) : (
            <p>No modules are active for this company yet. An administrator can turn them on.</p>
          )}
          <p className="muted">Billing, orders and prescription screens will open from here.</p>
        </section>

        <section className="panel" aria-labelledby="session-title">
          <h2 id="session-title">This session</h2>
          <dl className="facts">
            <div>
              <dt>User</dt>
              <dd>{session.userName}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{session.userRole}</dd>
            </div>
            {session.userEmail && (
              <div>
                <dt>Email</dt>
                <dd>{session.userEmail}</dd>
              </div>
            )}
            <div>
              <dt>Branch</dt>
              <dd>{branch}</dd>
            </div>
            <div>
              <dt>Financial year</dt>
              <dd>
                <FinancialYear yearId={session.yearId} />
              </dd>
            </div>
            <div>
              <dt>Customer mobiles</dt>
              <dd>{session.maskCustomerMobileNumber ? 'Masked' : 'Shown in full'}</dd>
            </div>
            <div>
              <dt>Language</dt>
              <dd>{session.languageName}</dd>
            </div>
          </dl>
        </section>
      </main>
    </div>
  );
}
