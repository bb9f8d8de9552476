import type { LoginResponse } from '../../../shared/models/auth.js';
import { BranchAndYear, branchName } from './FinancialYear.js';

export function Home({ session }: { session: LoginResponse }) {
  const activeModules = session.modules.filter((m) => m.isActive);
  const branch = branchName(session);
  return (
    <div className="home">
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
        <p className="muted">The counter (quick sale), orders, invoices, receipts, customers, prescriptions, doctors and the item catalog open from the menu on the left.</p>
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
          <BranchAndYear session={session} />
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
    </div>
  );
}
