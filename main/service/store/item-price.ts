/**
 * SQL for `item_price` (migration 029): an item's price changes, each with the day it takes
 * effect. The price in effect on a day is read with the item itself (store/item.ts PRICE_ON_DAY).
 */
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { perDatabase } from './per-database.js';

export interface ItemPriceRow {
  id: number;
  item_id: number;
  effective_from: string;
  old_price: number;
  new_price: number;
  reason: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
}

export interface NewItemPrice {
  company_id: number;
  item_id: number;
  effective_from: string;
  old_price: number;
  new_price: number;
  reason: string;
  created_by: number | null;
  created_at: string;
}

export const itemPrices = perDatabase((db: Db) => {
  const insert = db.prepare(
    `INSERT INTO item_price (id, company_id, item_id, effective_from, old_price, new_price, reason, created_by, created_at)
     VALUES (@id, @company_id, @item_id, @effective_from, @old_price, @new_price, @reason, @created_by, @created_at)`,
  );
  const historyOf = db.prepare<[number, number], ItemPriceRow>(
    `SELECT p.id, p.item_id, p.effective_from, p.old_price, p.new_price, p.reason, p.created_by, coalesce(u.full_name, u.user_name) AS created_by_name, p.created_at
       FROM item_price p LEFT JOIN app_user u ON u.id = p.created_by
      WHERE p.item_id = ? AND p.company_id = ? ORDER BY p.effective_from DESC, p.created_at DESC, p.id DESC`,
  );
  const highestFrom = db.prepare<[number, string], { price: number | null }>(
    'SELECT max(new_price) AS price FROM item_price WHERE item_id = ? AND effective_from > ?',
  );
  const nextAfter = db.prepare<[number, string], ItemPriceRow>(
    `SELECT id, item_id, effective_from, old_price, new_price, reason, created_by, NULL AS created_by_name, created_at
       FROM item_price WHERE item_id = ? AND effective_from > ? ORDER BY effective_from, created_at DESC, id DESC LIMIT 1`,
  );
  return {
    /** The first change dated after `day`: the next price to take effect. */
    nextAfter: (itemId: number, day: string) => nextAfter.get(itemId, day),
    /** Inside a write transaction. */
    add(ids: IdSource, row: NewItemPrice): number {
      const id = ids.next('item_price');
      insert.run({ id, ...row });
      return id;
    },
    /** Newest first: the latest effective day at the top. */
    historyOf: (companyId: number, itemId: number) => historyOf.all(itemId, companyId),
    /** The highest price a change dated after `day` will set (null: none is waiting). */
    highestAfter: (itemId: number, day: string) => highestFrom.get(itemId, day)?.price ?? null,
  };
});
