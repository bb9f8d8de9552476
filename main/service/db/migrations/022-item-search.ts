/**
 * Finding things (issues 12 and 16): an item is found by any part of a word of its name, code,
 * brand, model or barcode ("aviator" finds "Ray-Ban Aviator RB3025", "3025" finds it too), ranked.
 *
 * `item_search` is an FTS5 index with the trigram tokenizer (built into SQLite): every three
 * characters of each column are a term, so a MATCH of a word of three or more characters finds
 * it anywhere, without case or accents. It is contentless (`content=''`): it keeps the index only,
 * never a second copy of the text, and its rowid is the item's id. Triggers on `item` and `brand`
 * keep it in step with every write path (the item screen, the import, the seed, a future sync), in
 * the same transaction. It is derived data: not journaled (db/journal.ts), rebuilt from `item`.
 */
import type { Migration } from './migration.js';

const BRAND = (row: 'new') => `(SELECT name FROM brand WHERE id = ${row}.brand_id)`;
const INSERT = `INSERT INTO item_search (rowid, name, code, brand, model, barcode)
    VALUES (new.id, new.name, new.code, ${BRAND('new')}, new.model, new.barcode);`;

export const itemSearch: Migration = {
  name: 'item-search',
  sql: `
CREATE VIRTUAL TABLE item_search USING fts5(
  name, code, brand, model, barcode,
  content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1'
);

INSERT INTO item_search (rowid, name, code, brand, model, barcode)
  SELECT i.id, i.name, i.code, b.name, i.model, i.barcode FROM item i LEFT JOIN brand b ON b.id = i.brand_id;

CREATE TRIGGER item_search_insert AFTER INSERT ON item BEGIN
  ${INSERT}
END;

CREATE TRIGGER item_search_update AFTER UPDATE OF name, code, brand_id, model, barcode ON item BEGIN
  DELETE FROM item_search WHERE rowid = old.id;
  ${INSERT}
END;

CREATE TRIGGER item_search_delete AFTER DELETE ON item BEGIN
  DELETE FROM item_search WHERE rowid = old.id;
END;

CREATE TRIGGER item_search_brand AFTER UPDATE OF name ON brand BEGIN
  DELETE FROM item_search WHERE rowid IN (SELECT id FROM item WHERE brand_id = new.id);
  INSERT INTO item_search (rowid, name, code, brand, model, barcode)
    SELECT i.id, i.name, i.code, new.name, i.model, i.barcode FROM item i WHERE i.brand_id = new.id;
END;
`,
};
