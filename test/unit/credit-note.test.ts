/** The counter's and the order page's arithmetic for paying part of a bill from a credit note (renderer/src/credit-notes/credit-note.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CreditNote } from '../../shared/models/lookup.js';
import { addRupees, fromNote, isCreditNoteKind, noteProblem, payableKinds, planPayment, remainder } from '../../renderer/src/credit-notes/credit-note.js';

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

test('a payment plan: the note pays first, the kind the rest; the balance caps the note, not the kind', () => {
  const n = note(300);
  const notes = [n];
  const byDefault = planPayment({ creditNoteID: n.creditNoteID, creditAmount: '', amount: '' }, notes, 1299.3, 'the balance');
  assert.deepEqual(
    { fromNote: byDefault.fromNote, now: byDefault.now, total: byDefault.total, problem: byDefault.noteProblem },
    { fromNote: 300, now: 999.3, total: 1299.3, problem: null },
  );
  const capped = planPayment({ creditNoteID: n.creditNoteID, creditAmount: '', amount: '' }, notes, 50);
  assert.equal(capped.fromNote, 50);
  assert.equal(capped.now, 0, 'nothing left for the kind');
  const typed = planPayment({ creditNoteID: n.creditNoteID, creditAmount: '60', amount: '' }, notes, 50, 'the balance');
  assert.equal(typed.noteProblem, 'More than the balance, ₹50.00.');
  const partly = planPayment({ creditNoteID: n.creditNoteID, creditAmount: '120', amount: '500' }, notes, 1299.3);
  assert.equal(partly.total, 620);
  const noNote = planPayment({ creditNoteID: '', creditAmount: '', amount: 'x' }, notes, 100);
  assert.equal(noNote.note, undefined);
  assert.equal(noNote.now, null, 'a typed amount that is not one');
  assert.equal(noNote.total, null);
});

test('the kinds offered leave the Credit Note kind out', () => {
  assert.deepEqual(payableKinds([{ name: 'Cash' }, { name: 'Credit Note' }, { name: 'Card' }]).map((k) => k.name), ['Cash', 'Card']);
  assert.deepEqual(payableKinds(undefined), []);
});
