/** The counter's arithmetic for paying part of a bill from a credit note (renderer/src/quick-sale/credit-note.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CreditNote } from '../../shared/models/lookup.js';
import { addRupees, fromNote, isCreditNoteKind, noteProblem, remainder } from '../../renderer/src/quick-sale/credit-note.js';

const note = (balance: number): CreditNote => ({ creditNoteID: 'ENC_x', creditNoteNo: 'AMD1/CN/2026-27/000001', amount: 500, balance, date: '2026-11-22' });

test('by default a note pays all it can: what is left on it, or the bill if that is less', () => {
  assert.equal(fromNote(note(300), '', 1299), 300);
  assert.equal(fromNote(note(300), '', 250.5), 250.5);
  assert.equal(fromNote(undefined, '', 1299), 0, 'no note pays nothing');
  assert.equal(fromNote(note(300), '120', 1299), 120);
  assert.equal(fromNote(note(300), '1,20.5', 1299), 120.5, 'typed as rupee text');
  assert.equal(fromNote(note(300), 'abc', 1299), null);
});

test('a note never pays more than is left on it, nor more than the bill', () => {
  assert.equal(noteProblem(note(300), 300, 1299), null);
  assert.match(noteProblem(note(300), 300.01, 1299) ?? '', /Only ₹300\.00 is left/);
  assert.match(noteProblem(note(300), 200, 199.99) ?? '', /More than the bill/);
  assert.match(noteProblem(note(300), null, 1299) ?? '', /Enter an amount/);
  assert.equal(noteProblem(undefined, 999, 1), null, 'without a note there is nothing to refuse');
});

test('what the note leaves is worked in paise: no float noise, never below zero', () => {
  assert.equal(remainder(0.3, 0.1), 0.2);
  assert.equal(remainder(1299.3, 120.1), 1179.2);
  assert.equal(remainder(100, 120), 0);
  assert.equal(addRupees(0.1, 0.2), 0.3);
});

test('the Credit Note kind is recognised by name, whatever its spacing and case', () => {
  assert.ok(isCreditNoteKind('Credit Note'));
  assert.ok(isCreditNoteKind('creditnote'));
  assert.ok(!isCreditNoteKind('Cash'));
  assert.ok(!isCreditNoteKind(undefined));
});
