/**
 * The counter's function keys. One table, so the screen's key handler and the hints printed on
 * the buttons cannot disagree.
 */
export type CounterAction = 'customer' | 'itemSearch' | 'payment' | 'save' | 'printReceipt';

export const COUNTER_KEYS: Record<CounterAction, string> = {
  customer: 'F2',
  itemSearch: 'F3',
  payment: 'F4',
  save: 'F9',
  /** Prints the receipt of the sale just saved (the saved panel listens for it). */
  printReceipt: 'F8',
};

export function actionForKey(key: string): CounterAction | null {
  for (const [action, k] of Object.entries(COUNTER_KEYS) as [CounterAction, string][]) {
    if (k === key) return action;
  }
  return null;
}
