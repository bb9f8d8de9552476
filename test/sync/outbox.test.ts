/**
 * The outbox's batches, on a real store: the worker reads the following batch while one travels
 * (`batchAfter`), and keeps it as the pending batch only when the hub acknowledges the one before.
 * What it reads ahead must be, byte for byte, the batch the store would make once that one is
 * acknowledged: a resend after a lost answer then sends the very same body, whichever way it was made.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { batchAfter, nextBatch } from '../../main/service/sync/outbox.js';
import { syncStore } from '../../main/service/store/sync.js';
import { makeSale } from '../helpers/sales.js';
import { startTestService, type TestService } from '../helpers/service.js';

let svc: TestService;

before(async () => {
  svc = await startTestService({ readWorkers: 0 });
  const cashier = await svc.as('cashier');
  for (let i = 0; i < 3; i++) await makeSale(svc, cashier, { paid: 'all', lastName: `Outbox${i}` });
});
after(() => svc?.close());

test('the batch read ahead is the one the store makes once the batch before it is acknowledged', () => {
  const { db } = svc.server.deps;
  const store = syncStore(db);
  const node = 1;
  const limit = 7;
  const first = nextBatch(db, node, limit)!;
  assert.equal(store.state().pending_batch, first.body, 'the batch sent is the one kept for a resend');
  const ahead = batchAfter(db, node, first.batch.lastSeq, limit)!;
  assert.equal(ahead.batch.firstSeq, first.batch.lastSeq + 1);
  assert.equal(store.state().pending_batch, first.body, 'reading ahead keeps nothing');
  // Acknowledged: the store's own next batch is the one read ahead, byte for byte.
  store.setState({ acked_seq: first.batch.lastSeq, pending_batch: null });
  const made = nextBatch(db, node, limit)!;
  assert.equal(made.body, ahead.body);
  // And a resend (the answer lost) sends the kept body again, not a new one.
  assert.equal(nextBatch(db, node, limit)!.body, made.body);
  store.setState({ acked_seq: 0, pending_batch: null });
});
