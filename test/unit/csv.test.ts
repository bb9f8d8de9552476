import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CsvError, parseCsv } from '../../main/service/catalog/csv.js';

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

test('plain rows, CRLF or LF, a last line with or without its line end', () => {
  assert.deepEqual(fields('a,b\r\n1,2\r\n'), [['a', 'b'], ['1', '2']]);
  assert.deepEqual(fields('a,b\n1,2'), [['a', 'b'], ['1', '2']]);
  assert.deepEqual(fields('a,,c\n,,\n'), [['a', '', 'c'], ['', '', '']]);
});

test('quoted fields keep commas, doubled quotes and line breaks; records keep their first line', () => {
  const records = parseCsv('code,name\nF1,"Titan, ""Octa"" black"\nF2,"two\nlines"\nF3,x\n');
  assert.deepEqual(records.map((r) => r.fields), [['code', 'name'], ['F1', 'Titan, "Octa" black'], ['F2', 'two\nlines'], ['F3', 'x']]);
  assert.deepEqual(records.map((r) => r.line), [1, 2, 3, 5]);
  assert.deepEqual(fields('"",x\n'), [['', 'x']]);
});

test('a UTF-8 byte-order mark (Excel "CSV UTF-8") is dropped; blank lines are skipped', () => {
  assert.deepEqual(fields('\uFEFFitem_type,code\n\nFrame,F1\n\n'), [['item_type', 'code'], ['Frame', 'F1']]);
});

test('broken quoting is an error naming the line', () => {
  assert.throws(() => parseCsv('a\n"open\n'), (e: unknown) => e instanceof CsvError && e.line === 2);
  assert.throws(() => parseCsv('a\n"x"y\n'), (e: unknown) => e instanceof CsvError && e.line === 2 && /after a closing quote/.test(e.message));
  assert.throws(() => parseCsv('a\nab"c\n'), (e: unknown) => e instanceof CsvError && /quote inside/.test(e.message));
});
