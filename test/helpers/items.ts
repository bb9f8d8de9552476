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
