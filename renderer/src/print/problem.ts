/**
 * What to tell the cashier when printing fails. The service's refusals read as on every other
 * screen (ui/errors); a failure of the printer, the desktop side or the browser is said as it
 * is, not as "cannot reach the service".
 */
import { bannerFor, type Banner } from '../ui/errors.js';

export class PrintProblem extends Error {
  override name = 'PrintProblem';
}

export function problemBanner(error: unknown, action: string): Banner {
  if (error instanceof PrintProblem) return { title: `Could not ${action}`, detail: error.message };
  return bannerFor(error, action);
}

/** A failure of the desktop bridge (printer gone, IPC error) becomes a PrintProblem. */
export async function viaBridge<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new PrintProblem(`The desktop app could not finish: ${error instanceof Error ? error.message : String(error)}`);
  }
}
