/**
 * A hub that takes the connection and never answers (hung, or a link that went half-open): the
 * counter's look-up of an order this PC does not hold waits for the hub at most FETCH_TIMEOUT_MS,
 * not the sync's own request limit, then says in words that the hub cannot be reached (503
 * ORDER_NOT_FETCHED); the PC's orders answer meanwhile, and after.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { FETCH_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../main/service/sync/worker.js';
import { startTestService } from '../helpers/service.js';

test('a hub that never answers: an order not on this PC is a 503 in words after the fetch’s few seconds, and the counter goes on', async () => {
  const sockets = new Set<net.Socket>();
  const hung = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
  const { port } = hung.address() as net.AddressInfo;
  const svc = await startTestService({ hubUrl: `http://127.0.0.1:${port}`, syncIntervalMs: 600_000, readWorkers: 0 });
  try {
    const manager = await svc.as('manager');
    const t0 = performance.now();
    const asked = manager.call(api.Orders.detail, { params: { salesOrderNo: 'SRT1/2026/999999' } });
    // While the fetch waits, the PC's own orders answer.
    const own = await manager.call(api.Orders.withBalance, { query: {} });
    assert.ok(Array.isArray(own.data));
    await assert.rejects(asked, (err: { status?: number; message: string }) => {
      assert.equal(err.status, 503);
      assert.match(err.message, /not on this PC, and the head-office hub cannot be reached/);
      return true;
    });
    const waited = performance.now() - t0;
    assert.ok(sockets.size > 0, 'the PC did reach the hung hub');
    assert.ok(waited >= FETCH_TIMEOUT_MS - 50, `it waited for the hub (${Math.round(waited)} ms)`);
    assert.ok(waited < REQUEST_TIMEOUT_MS, `the fetch has its own limit, below the sync's ${REQUEST_TIMEOUT_MS} ms (${Math.round(waited)} ms)`);
    assert.equal((await manager.call(api.Orders.withBalance, { query: {} })).totalRows, own.totalRows, 'and answers after');
  } finally {
    await svc.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hung.close(resolve));
  }
});
