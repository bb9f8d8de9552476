import { api } from '../../../shared/endpoints/index.js';
import type { LoginResponse } from '../../../shared/models/auth.js';
import { localDate } from '../../../shared/domain/calendar.js';
import { yearSpan } from '../../../shared/domain/financial-year.js';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useEndpointMutation, useEndpoint } from '../core/service.js';
import { useSession } from '../core/session.js';

/**
 * The session's financial year by name. The login response carries only the year's opaque id,
 * so the name comes from the company's year list; while that is loading, or if this service
 * cannot list years, the name is worked out from today's date, which is how sign-in picked it.
 */
export function FinancialYear({ yearId }: { yearId: string }) {
  const years = useEndpoint(api.Common.years, undefined, { retry: false, staleTime: 10 * 60_000 });
  const year = years.data?.find((y) => y.yearID === yearId);
  return <>{year?.yearName ?? yearSpan(localDate(new Date())).name}</>;
}

/** "Branch, City" as the frame and the home page name the session's branch. */
export const branchName = (session: LoginResponse) => (session.branchCity ? `${session.branchName}, ${session.branchCity}` : session.branchName);

/** The session's branch and financial year as two facts of a <dl> (the frame's top bar, the home page). */
export function BranchAndYear({ session }: { session: LoginResponse }) {
  return (
    <>
      <div>
        <dt>Branch</dt>
        <dd>{(session.branches?.length ?? 0) > 1 ? <BranchSwitch session={session} /> : branchName(session)}</dd>
      </div>
      <div>
        <dt>Financial year</dt>
        <dd>
          <FinancialYear yearId={session.yearId} />
        </dd>
      </div>
    </>
  );
}

/**
 * For a user who works in several branches: pick where to work now. The service answers a new
 * token for that branch; every list is fetched again for it.
 */
function BranchSwitch({ session }: { session: LoginResponse }) {
  const login = useSession((s) => s.login);
  const queries = useQueryClient();
  // The frame and the home page both show it: each its own id.
  const id = useId();
  const change = useEndpointMutation(api.Auth.switchBranch, {
    input: (branchID: string) => ({ body: { branchID } }),
    onSuccess: (next) => {
      login(next);
      queries.clear();
    },
  });
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        Branch
      </label>
      <select id={id} value={session.branchID} disabled={change.isPending} onChange={(e) => change.mutate(e.target.value)}>
        {session.branches.map((b) => (
          <option key={b.branchID} value={b.branchID}>
            {b.branchID === session.branchID ? branchName(session) : b.branchName}
          </option>
        ))}
      </select>
      {change.isError && <span role="alert"> Could not switch: {change.error.message}</span>}
    </>
  );
}
