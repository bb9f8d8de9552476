/** The data table's pure parts: a money column shows and exports the API's rupees as they are. */
import assert from 'node:assert/strict';
import test from 'node:test';
import { moneyColumn, toCsv } from '../../renderer/src/ui/DataTable.js';

test('a money column exports the rupees the API answers (1234.5), not a hundredth of them', () => {
  const column = moneyColumn<{ total: number | null }>('total', 'Total', (r) => r.total, { blank: '—' });
  assert.equal(column.value!({ total: 1234.5 }), 1234.5);
  assert.equal(column.value!({ total: null }), null);
  assert.equal(column.cell({ total: null }), '—');
  assert.match(String(column.cell({ total: 1234.5 })), /1,234\.50/);
  assert.equal(toCsv(['Total'], [[String(column.value!({ total: 1234.5 }))]]).trim().split(/\r?\n/)[1], '1234.5');
});
