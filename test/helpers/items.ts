/** Items of the demo catalog the suites sell (test/helpers/fixtures.ts). */
import type { TestService } from './service.js';

/**
 * The demo catalog's first single-vision spectacle lens (made to order: no stock needed). The
 * contract does not say which lenses have an addition range, so this is read from the file.
 */
export function singleVisionLens(svc: TestService): { id: number; sale_price: number } {
  return svc.server.deps.db
    .prepare('SELECT id, sale_price FROM item WHERE item_type_id = 3 AND is_active = 1 AND add_from IS NULL ORDER BY code LIMIT 1')
    .get() as { id: number; sale_price: number };
}

/**
 * A frame with at least `atLeast` units in a batch that never expires at every branch of the demo
 * store, and the branches' ids by code.
 */
export function frameAtEveryBranch(svc: TestService, atLeast = 2): { id: number; branches: Record<string, number> } {
  const { db } = svc.server.deps;
  const branches = Object.fromEntries((db.prepare('SELECT code, id FROM branch ORDER BY code').all() as Array<{ code: string; id: number }>).map((b) => [b.code, b.id]));
  const row = db.prepare(
    `SELECT i.id FROM item i WHERE i.item_type_id = 1 AND i.is_active = 1 AND i.made_to_order = 0
       AND (SELECT count(*) FROM stock s WHERE s.item_id = i.id AND s.on_hand >= ? AND s.expiry_date IS NULL) = (SELECT count(*) FROM branch)
     ORDER BY i.code LIMIT 1`,
  ).get(atLeast) as { id: number };
  return { id: row.id, branches };
}

/** A frame of the demo catalog with a barcode (stocked goods, sold by SKU). */
export function frameWithBarcode(svc: TestService, n = 0): { id: number; code: string; barcode: string; name: string; hsn_code: string } {
  return svc.server.deps.db
    .prepare('SELECT id, code, barcode, name, hsn_code FROM item WHERE item_type_id = 1 AND is_active = 1 AND barcode IS NOT NULL ORDER BY code LIMIT 1 OFFSET ?')
    .get(n) as { id: number; code: string; barcode: string; name: string; hsn_code: string };
}

/** A contact lens of the demo catalog (received with batch and expiry). */
export function contactLens(svc: TestService): { id: number; code: string; name: string } {
  return svc.server.deps.db
    .prepare('SELECT id, code, name FROM item WHERE item_type_id = 4 AND is_active = 1 ORDER BY code LIMIT 1')
    .get() as { id: number; code: string; name: string };
}
