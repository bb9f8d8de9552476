/** The printed word: rupees in Indian grouping, amounts in words, escaping HTML, script runs. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scriptRuns } from '../../main/service/print/fonts.js';
import { html, trusted } from '../../main/service/print/html.js';
import { amount, percent, rupees, signedRupees } from '../../main/service/print/money.js';
import { safeOrigin } from '../../main/service/print/page.js';
import { amountInWords } from '../../main/service/print/words.js';
import { safeFileName } from '../../main/service/print/output.js';

test('rupees: Indian grouping from integer paise, exactly', () => {
  assert.equal(rupees(0), '₹0.00');
  assert.equal(rupees(5), '₹0.05');
  assert.equal(rupees(99999), '₹999.99');
  assert.equal(rupees(100000), '₹1,000.00');
  assert.equal(rupees(12345650), '₹1,23,456.50');
  assert.equal(rupees(1234567890), '₹1,23,45,678.90');
  assert.equal(rupees(-40), '-₹0.40');
  assert.equal(signedRupees(40), '+₹0.40');
  assert.equal(signedRupees(0), '₹0.00');
  assert.equal(amount(10000000000), '10,00,00,000.00');
  assert.throws(() => rupees(1.5));
  assert.equal(percent(1800), '18%');
  assert.equal(percent(250), '2.5%');
  assert.equal(percent(0), '0%');
});

test('amount in words: lakh and crore, rupees and paise, no binary-fraction slips', () => {
  assert.equal(amountInWords(0), 'Zero Rupees Only');
  assert.equal(amountInWords(100), 'One Rupee Only');
  assert.equal(amountInWords(1), 'One Paisa Only');
  assert.equal(amountInWords(29), 'Twenty Nine Paise Only');
  assert.equal(amountInWords(115), 'One Rupee And Fifteen Paise Only');
  assert.equal(amountInWords(12345650), 'One Lakh Twenty Three Thousand Four Hundred Fifty Six Rupees And Fifty Paise Only');
  assert.equal(amountInWords(1234567899), 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees And Ninety Nine Paise Only');
  assert.equal(amountInWords(25000000), 'Two Lakh Fifty Thousand Rupees Only');
  assert.throws(() => amountInWords(-1));
});

test('html escapes every interpolation; only html`` and trusted() pass through', () => {
  const name = `<script>alert("x")</script> & 'co'`;
  const out = html`<p title="${name}">${name}</p>`.text;
  assert.equal(out, '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>');
  assert.equal(html`<ul>${['<a>', html`<li>${'<b>'}</li>`]}</ul>`.text, '<ul>&lt;a&gt;<li>&lt;b&gt;</li></ul>');
  assert.equal(html`${null}${undefined}${false}${0}`.text, '0');
  assert.equal(html`${trusted('<br>')}`.text, '<br>');
  assert.equal(html`${'<br>'}`.text, '&lt;br&gt;');
});

test('script runs: Devanagari in its own run, spaces and digits stay with their neighbour', () => {
  assert.deepEqual(scriptRuns('राजेश Kumar'), [
    { script: 'devanagari', text: 'राजेश ' },
    { script: 'latin', text: 'Kumar' },
  ]);
  assert.deepEqual(scriptRuns('₹1,200 Rupees'), [{ script: 'latin', text: '₹1,200 Rupees' }]);
  assert.deepEqual(scriptRuns('Mr. सुनील 42'), [
    { script: 'latin', text: 'Mr. ' },
    { script: 'devanagari', text: 'सुनील 42' },
  ]);
  assert.deepEqual(scriptRuns(''), []);
});

test('origins for font URLs: scheme, host and port only; file names stripped to safe characters', () => {
  assert.equal(safeOrigin('http://127.0.0.1:5170'), 'http://127.0.0.1:5170');
  assert.equal(safeOrigin('https://till-2.store.local'), 'https://till-2.store.local');
  assert.equal(safeOrigin('http://[::1]:8080'), 'http://[::1]:8080');
  for (const bad of ["http://x');}body{display:none", 'javascript:alert(1)', 'http://a b', '', null]) assert.equal(safeOrigin(bad), null, String(bad));
  assert.equal(safeFileName('receipt-AMD1/RC/2026-27/000045'), 'receipt-AMD1-RC-2026-27-000045');
  assert.equal(safeFileName('prescription-सुनीता-2026-01-10'), 'prescription-2026-01-10');
});
