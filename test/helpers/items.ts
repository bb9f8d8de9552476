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
