/**
 * The session's financial year by name ("2026-27"). The login response carries only its opaque
 * id; until the service's year list is reachable through shared/, the name is worked out the way
 * the service opens years: Indian books run 1 April to 31 March, and sign-in opens the year that
 * contains the till's date.
 */
export function financialYearName(at: Date): string {
  const startYear = at.getMonth() >= 3 ? at.getFullYear() : at.getFullYear() - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

export function FinancialYear(_props: { yearId: string }) {
  return <>{financialYearName(new Date())}</>;
}
