/**
 * Keratometry on the Rx rows: the contract's k1/k2 extension of a prescription entry
 * (shared/contract/extensions.ts). Diopters in eighths, so REAL holds them exactly, unlike the
 * hundredths kept as INTEGER for SPH/CYL/ADD.
 */
import type { Migration } from './migration.js';

export const keratometry: Migration = {
  name: 'keratometry',
  sql: `
ALTER TABLE customer_eye_rx ADD COLUMN k1 REAL;
ALTER TABLE customer_eye_rx ADD COLUMN k2 REAL;
`,
};
