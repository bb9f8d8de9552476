/**
 * SQL for `gst_rate`: GST by HSN code, each rate from the day it took effect. The rate of an
 * item is the newest one in force on a day, under the longest HSN prefix that has one.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

interface RateRow {
  hsn_code: string;
  effective_from: string;
  rate_bp: number;
}

export const gstRates = perDatabase((db: Db) => {
  // A few dozen rows: read once per call and matched in memory.
  const rows = db.prepare<[], RateRow>('SELECT hsn_code, effective_from, rate_bp FROM gst_rate ORDER BY length(hsn_code) DESC, effective_from DESC').all();
  return {
    /** Percent (5, 18) in force on `day` (YYYY-MM-DD), or null when no rate is known for the HSN. */
    percentOn(hsn: string | null, day: string): number | null {
      if (!hsn) return null;
      const code = hsn.replace(/\s/g, '');
      for (const r of rows) {
        if (code.startsWith(r.hsn_code) && r.effective_from <= day) return r.rate_bp / 100;
      }
      return null;
    },
  };
});
