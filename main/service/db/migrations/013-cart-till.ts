/**
 * A cart belongs to the user and the till (PC) that opened it (issue 11). `till_id` is the id the
 * renderer sends in the x-till-id header ('' for a client that sends none); another till's cart,
 * like another user's, answers 404. A manager's take-over moves it to the manager's till.
 */
import type { Migration } from './migration.js';

export const cartTill: Migration = {
  name: 'cart-till',
  sql: `
ALTER TABLE cart ADD COLUMN till_id TEXT NOT NULL DEFAULT '';
`,
};
