/**
 * Ranking a common word fast (issue 16): "ray" matches thousands of items, and the search puts
 * first those where the word *starts* a word of the name or brand, or starts the code or model
 * ("Ray-Ban" before "Gray"). Deciding that per match with string functions cost about half of
 * the search. `item_start` is a second contentless trigram index over the same columns, each
 * preceded by a space, so the phrase " ray" (a space, then the word) matches exactly the items
 * where a word starts with "ray": one index look-up for the whole group. Kept by triggers like
 * `item_search` (migration 022); derived, not journaled.
 */
import type { Migration } from './migration.js';

const WORDS = (row: 'new' | 'i', brand: string) => `' ' || concat_ws(' ', ${row}.name, ${brand}, ${row}.code, ${row}.model)`;
const INSERT = `INSERT INTO item_start (rowid, words) VALUES (new.id, ${WORDS('new', '(SELECT name FROM brand WHERE id = new.brand_id)')});`;

export const wordStarts: Migration = {
  name: 'word-starts',
  sql: `
CREATE VIRTUAL TABLE item_start USING fts5(
  words, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1'
);

INSERT INTO item_start (rowid, words) SELECT i.id, ${WORDS('i', 'b.name')} FROM item i LEFT JOIN brand b ON b.id = i.brand_id;

CREATE TRIGGER item_start_insert AFTER INSERT ON item BEGIN
  ${INSERT}
END;

CREATE TRIGGER item_start_update AFTER UPDATE OF name, code, brand_id, model ON item BEGIN
  DELETE FROM item_start WHERE rowid = old.id;
  ${INSERT}
END;

CREATE TRIGGER item_start_delete AFTER DELETE ON item BEGIN
  DELETE FROM item_start WHERE rowid = old.id;
END;

CREATE TRIGGER item_start_brand AFTER UPDATE OF name ON brand BEGIN
  DELETE FROM item_start WHERE rowid IN (SELECT id FROM item WHERE brand_id = new.id);
  INSERT INTO item_start (rowid, words) SELECT i.id, ${WORDS('i', 'new.name')} FROM item i WHERE i.brand_id = new.id;
END;
`,
};
