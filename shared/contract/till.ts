/**
 * Which till (PC) a request comes from (issue 11: a cart belongs to the user and the till that
 * opened it). Ours, not the spec's: the renderer makes one id per installation and sends it on every
 * call; a client that sends none is the till with no id, and its carts are reachable only without one.
 */
export const TILL_HEADER = 'x-till-id';

/** A till id as sent: letters, digits and dashes, at most 64; anything else counts as none. */
export function readTillId(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : '';
}
