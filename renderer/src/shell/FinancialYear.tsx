import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/endpoints/index.js';
import { client } from '../service.js';

/**
 * The name of a financial year the way the service names them ("2026-27"): Indian books run
 * 1 April to 31 March, and signing in opens the year that contains the till's date.
 */
export function financialYearName(at: Date): string {
  const startYear = at.getMonth() >= 3 ? at.getFullYear() : at.getFullYear() - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/**
 * The session's financial year by name. The login response carries only the year's opaque id,
 * so the name comes from the company's year list; while that is loading, or if this service
 * cannot list years, the name is worked out from today's date, which is how sign-in picked it.
 */
export function FinancialYear({ yearId }: { yearId: string }) {
  const years = useQuery({
    queryKey: ['Common.years'],
    queryFn: () => client.call(api.Common.years),
    retry: false,
    staleTime: 10 * 60_000,
  });
  const year = years.data?.find((y) => y.yearID === yearId);
  return <>{year?.yearName ?? financialYearName(new Date())}</>;
}
