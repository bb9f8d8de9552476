/**
 * The reading-addition range a multifocal lens is made in (issue 11). power_from/power_to/cyl_to
 * (migration 004) bound SPH and CYL; `add_from`/`add_to` bound ADD, and their presence says the
 * design needs one (bifocal, progressive): such a pair without ADD is refused at the counter.
 * Diopters in hundredths. The demo catalog's bifocal and progressive lenses get their makers'
 * usual ranges here, so a store set up before keeps working.
 */
import type { Migration } from './migration.js';

export const lensAddRange: Migration = {
  name: 'lens-add-range',
  sql: `
ALTER TABLE item ADD COLUMN add_from INTEGER;
ALTER TABLE item ADD COLUMN add_to INTEGER;
UPDATE item SET add_from = 75, add_to = 350
 WHERE item_type_id = 3 AND category_id IN (SELECT id FROM category WHERE name LIKE '%progressive%');
UPDATE item SET add_from = 100, add_to = 300
 WHERE item_type_id = 3 AND category_id IN (SELECT id FROM category WHERE name LIKE '%bifocal%');
`,
};
