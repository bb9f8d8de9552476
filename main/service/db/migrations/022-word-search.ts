/**
 * Finding things (issues 12 and 16): an item is found by any part of a word of its name, code,
 * brand, model or barcode ("aviator" finds "Ray-Ban Aviator RB3025", "3025" finds it too), and a
 * customer by any part of their name, mobile or phone ("3210", the end of a mobile, finds them).
 *
 * `item_search` and `customer_search` are FTS5 indexes with the trigram tokenizer (built into SQLite): every three
 * characters of each column are a term, so a MATCH of a word of three or more characters finds
 * it anywhere, without case or accents. It is contentless (`content=''`): it keeps the index only,
 * never a second copy of the text, and its rowid is the item's (customer's) id. Triggers on `item`
 * and `brand` (`customer`) keep them in step with every write path (the item screen, the import, the seed, a future sync), in
 * the same transaction. They are derived data: not journaled (db/journal.ts), rebuilt from their tables.
 */
import type { Migration } from './migration.js';

const BRAND = (row: 'new') => `(SELECT name FROM brand WHERE id = ${row}.brand_id)`;
const INSERT = `INSERT INTO item_search (rowid, name, code, brand, model, barcode)
    VALUES (new.id, new.name, new.code, ${BRAND('new')}, new.model, new.barcode);`;

const CUSTOMER = `INSERT INTO customer_search (rowid, name, phone)
    VALUES (new.id, concat_ws(' ', new.first_name, new.middle_name, new.last_name), concat_ws(' ', new.mobile_digits, new.phone_digits));`;

export const wordSearch: Migration = {
  name: 'word-search',
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

CREATE VIRTUAL TABLE customer_search USING fts5(
  name, phone,
  content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1'
);

INSERT INTO customer_search (rowid, name, phone)
  SELECT id, concat_ws(' ', first_name, middle_name, last_name), concat_ws(' ', mobile_digits, phone_digits) FROM customer;

CREATE TRIGGER customer_search_insert AFTER INSERT ON customer BEGIN
  ${CUSTOMER}
END;

CREATE TRIGGER customer_search_update AFTER UPDATE OF first_name, middle_name, last_name, mobile_digits, phone_digits ON customer BEGIN
  DELETE FROM customer_search WHERE rowid = old.id;
  ${CUSTOMER}
END;

CREATE TRIGGER customer_search_delete AFTER DELETE ON customer BEGIN
  DELETE FROM customer_search WHERE rowid = old.id;
END;
`,
};
