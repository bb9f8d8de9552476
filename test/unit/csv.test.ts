/** The import's CSV reading (csv-parse, sync): fields as spreadsheets write them, each record with the line it starts on. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readCsv, type CsvRecord } from '../../main/service/catalog/import.js';

const records = (text: string): CsvRecord[] => {
  const read = readCsv(text);
  assert.ok(Array.isArray(read), `refused: ${JSON.stringify(read)}`);
  return read;
};
const fields = (text: string) => records(text).map((r) => r.fields);
const refusal = (text: string) => {
  const read = readCsv(text);
  assert.ok(!Array.isArray(read), 'should be refused');
  return read;
};

test('plain rows, CRLF or LF, a last line with or without its line end', () => {
  assert.deepEqual(fields('a,b\r\n1,2\r\n'), [['a', 'b'], ['1', '2']]);
  assert.deepEqual(fields('a,b\n1,2'), [['a', 'b'], ['1', '2']]);
  assert.deepEqual(fields('a,,c\n,,\n'), [['a', '', 'c'], ['', '', '']]);
});

test('quoted fields keep commas, doubled quotes and line breaks; records keep their first line', () => {
  const read = records('code,name\nF1,"Titan, ""Octa"" black"\nF2,"two\nlines"\nF3,x\n');
  assert.deepEqual(read.map((r) => r.fields), [['code', 'name'], ['F1', 'Titan, "Octa" black'], ['F2', 'two\nlines'], ['F3', 'x']]);
  assert.deepEqual(read.map((r) => r.line), [1, 2, 3, 5]);
  assert.deepEqual(fields('"",x\n'), [['', 'x']]);
});

test('a UTF-8 byte-order mark (Excel "CSV UTF-8") is dropped; blank lines are skipped and counted', () => {
  const read = records('\uFEFFitem_type,code\n\nFrame,F1\n\n');
  assert.deepEqual(read.map((r) => r.fields), [['item_type', 'code'], ['Frame', 'F1']]);
  assert.deepEqual(read.map((r) => r.line), [1, 3]);
});

test('broken quoting is refused naming the line, in the words a person fixes the file by', () => {
  assert.deepEqual(refusal('a\n"open\n'), { line: 2, reason: 'a quoted field is never closed' });
  assert.deepEqual(refusal('a\n"x"y\n'), { line: 2, reason: 'text after a closing quote' });
  assert.deepEqual(refusal('a\nab"c\n'), { line: 2, reason: 'a quote inside a field that does not start with one' });
});
