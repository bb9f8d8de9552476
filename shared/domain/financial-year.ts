/**
 * Indian financial years run 1 April to 31 March and are named like "2026-27". The service
 * opens years by this rule and the renderer names a year by it when a server cannot list them.
 */
export function yearSpan(date: string): { name: string; start: string; end: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const startYear = m >= 4 ? y : y - 1;
  return {
    name: `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`,
    start: `${startYear}-04-01`,
    end: `${startYear + 1}-03-31`,
  };
}
