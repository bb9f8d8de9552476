/** SQL for `eye_checkup_recall`: when a customer is due for the next eye test (the dashboard counts them). */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface NewRecall {
  id: number;
  company_id: number;
  branch_id: number;
  customer_id: number;
  recall_date: string;
  remarks: string | null;
  sales_order_id: number | null;
  created_by: number;
  created_at: string;
}

export const eyeCheckupRecalls = perDatabase((db: Db) => {
  const insert = db.prepare<NewRecall>(
    `INSERT INTO eye_checkup_recall (id, company_id, branch_id, customer_id, recall_date, remarks, sales_order_id, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @customer_id, @recall_date, @remarks, @sales_order_id, @created_by, @created_at)`,
  );
  return {
    insert: (row: NewRecall) => insert.run(row),
  };
});
