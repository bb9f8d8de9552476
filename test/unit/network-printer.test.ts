/**
 * Raw printing over TCP (main/electron/network-printer.ts) against fake printers on loopback:
 * one that reads and keeps every byte, a closed port, one that never completes the connection
 * (its accept queue full), one that stops reading, one that hangs up mid-job. And what the
 * bridge accepts as a network printer setting and a raw job (bridge-requests.ts).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { parseRequest, printRawRequest, savePrintSettingRequest, settingsFromJson, MAX_RAW_BYTES } from '../../main/electron/bridge-requests.js';
import { NetworkPrinterError, printOnNetworkPrinter, sendToPrinter } from '../../main/electron/network-printer.js';
import { printSettingsStore } from '../../main/electron/print-settings.js';
import { renderEscPos } from '../../main/service/print/escpos.js';
import { PAPERS } from '../../main/service/print/paper.js';
import { DEFAULT_PRINT_SETTINGS } from '../../shared/desktop.js';
import { isPrinterAddress } from '../../shared/network-printer.js';
import { readEscPos } from '../helpers/escpos.js';

const cleanups: (() => unknown)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const QUICK = { connectMs: 300, writeMs: 300 };

interface FakePrinter {
  port: number;
  /** Each connection's bytes, resolved when the till closes its end. */
  jobs: Promise<Buffer>[];
}

/** A printer that reads everything it is sent, then hangs up as real ones do. */
async function fakePrinter(): Promise<FakePrinter> {
  const jobs: Promise<Buffer>[] = [];
  const server = net.createServer((socket) => {
    jobs.push(
      new Promise((resolve) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => {
          resolve(Buffer.concat(chunks));
          socket.end();
        });
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as net.AddressInfo).port, jobs };
}

const receipt = () =>
  renderEscPos(
    {
      title: 'Receipt',
      fileName: 'receipt',
      paper: PAPERS['80mm'],
      blocks: [
        { kind: 'title', text: 'RECEIPT', note: 'Customer copy' },
        { kind: 'totals', rows: [{ label: 'Paid now', value: '₹500.00', strong: true }] },
        { kind: 'qr', text: 'AMD1/SO/2026-27/000001', caption: 'Order AMD1/SO/2026-27/000001' },
      ],
    },
    { columns: 48, drawer: true },
  );

test('a fake printer on 127.0.0.1 receives exactly the bytes sent, and the till closes its end', async () => {
  const printer = await fakePrinter();
  const job = receipt();
  await sendToPrinter({ host: '127.0.0.1', port: printer.port }, job);
  assert.equal(printer.jobs.length, 1);
  const received = await printer.jobs[0]!;
  assert.deepEqual(new Uint8Array(received), job);
  assert.ok(readEscPos(received).text.includes('Paid now'));

  // A job larger than the socket buffers arrives whole too.
  const large = new Uint8Array(600_000).map((_, i) => 0x20 + (i % 95));
  await sendToPrinter({ host: '127.0.0.1', port: printer.port }, large);
  assert.deepEqual(new Uint8Array(await printer.jobs[1]!), large);
});

test('a closed port: the cashier is told the printer refused, with its address', async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  await assert.rejects(sendToPrinter({ host: '127.0.0.1', port }, receipt(), QUICK), (error: Error) => {
    assert.ok(error instanceof NetworkPrinterError);
    assert.match(error.message, new RegExp(`The printer at 127\\.0\\.0\\.1:${port} refused the connection`));
    return true;
  });
});

/**
 * A listening socket that never accepts: a worker listens with a backlog of one and then blocks
 * its event loop, so once the accept queue is full the kernel drops further connection attempts,
 * as it does for a printer that is off or has moved to another address.
 */
async function silentPrinter(): Promise<number> {
  const worker = new Worker(
    `const net = require('node:net');
     const { parentPort } = require('node:worker_threads');
     const server = net.createServer();
     server.listen({ host: '127.0.0.1', port: 0, backlog: 1 }, () => {
       parentPort.once('message', (sab) => Atomics.wait(new Int32Array(sab), 0, 0, 60000));
       parentPort.postMessage(server.address().port);
     });`,
    { eval: true },
  );
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  const blocker = new SharedArrayBuffer(4);
  worker.postMessage(blocker);
  const fillers: net.Socket[] = [];
  cleanups.push(async () => {
    Atomics.store(new Int32Array(blocker), 0, 1);
    Atomics.notify(new Int32Array(blocker), 0);
    fillers.forEach((s) => s.destroy());
    await worker.terminate();
  });
  // Fill the accept queue until a connection no longer completes.
  for (let i = 0; i < 16; i++) {
    const socket = net.connect({ host: '127.0.0.1', port });
    fillers.push(socket);
    socket.on('error', () => undefined);
    const connected = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      setTimeout(() => resolve(false), 200);
    });
    if (!connected) return port;
  }
  throw new Error('The accept queue never filled');
}

test('a printer that never answers: after the connect time-out, "no answer" with the address', async () => {
  const port = await silentPrinter();
  const started = performance.now();
  await assert.rejects(sendToPrinter({ host: '127.0.0.1', port }, receipt(), QUICK), (error: Error) => {
    assert.ok(error instanceof NetworkPrinterError);
    assert.equal(error.message, `No answer from the printer at 127.0.0.1:${port} within 0.3 s. Check that it is switched on, connected to the network, and still has this address (its self-test slip prints it).`);
    return true;
  });
  assert.ok(performance.now() - started >= 290, 'it waited for the time-out');
});

test('a printer that stops reading (paper out): after the write time-out, "stopped taking the receipt"', async () => {
  const held: net.Socket[] = [];
  const server = net.createServer({ pauseOnConnect: true }, (socket) => held.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    held.forEach((s) => s.destroy());
    return new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as net.AddressInfo;
  // Far more than loopback's socket buffers can hold while nobody reads.
  const job = new Uint8Array(96 * 1024 * 1024);
  await assert.rejects(sendToPrinter({ host: '127.0.0.1', port }, job, QUICK), /stopped taking the receipt\. Check that it has paper and its cover is closed/);
});

test('a printer that hangs up mid-job: "hung up before taking the whole receipt"', async () => {
  const server = net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as net.AddressInfo;
  await assert.rejects(
    sendToPrinter({ host: '127.0.0.1', port }, new Uint8Array(32 * 1024 * 1024), { connectMs: 2_000, writeMs: 5_000 }),
    /hung up before taking the whole receipt/,
  );
});

test('an address off this network is refused before any connection is tried', async () => {
  await assert.rejects(sendToPrinter({ host: '8.8.8.8', port: 9100 }, receipt()), /8\.8\.8\.8 is not an address on this network/);
});

test('printOnNetworkPrinter sends to the printer in this PC’s settings, and says so when there is none', async () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'pos-raw-print-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const none = await printOnNetworkPrinter(folder, 'receipt', receipt(), QUICK);
  assert.deepEqual(none, { ok: false, message: 'No network printer is set for this document: choose one on the Printers screen.' });

  const printer = await fakePrinter();
  printSettingsStore(folder).save('receipt', { ...DEFAULT_PRINT_SETTINGS.receipt, network: { host: '127.0.0.1', port: printer.port, columns: 48, drawer: true } });
  const job = receipt();
  assert.deepEqual(await printOnNetworkPrinter(folder, 'receipt', job, QUICK), { ok: true });
  assert.deepEqual(new Uint8Array(await printer.jobs[0]!), job);

  printSettingsStore(folder).save('receipt', { ...DEFAULT_PRINT_SETTINGS.receipt, network: { host: '127.0.0.1', port: 1, columns: 48, drawer: false } });
  const refused = await printOnNetworkPrinter(folder, 'receipt', job, QUICK);
  assert.equal(refused.ok, false);
  assert.match(refused.message ?? '', /refused the connection/);
});

test('printer addresses: private, link-local and loopback IPv4 only', () => {
  for (const ok of ['192.168.1.50', '10.0.0.7', '172.16.4.20', '172.31.255.254', '169.254.10.3', '127.0.0.1']) assert.ok(isPrinterAddress(ok), ok);
  for (const bad of ['8.8.8.8', '172.32.0.1', '192.169.1.1', '192.168.1.255', '192.168.1.0', '192.168.001.10', '192.168.1', '256.1.1.1', 'printer.local', '::1', 'localhost', ' 192.168.1.50', '']) {
    assert.ok(!isPrinterAddress(bad), bad);
  }
});

test('the network printer setting: receipts only, host, port 1–65535, 32/42/48 columns, drawer yes/no', () => {
  const network = { host: '192.168.1.50', port: 9100, columns: 48, drawer: true };
  const receiptSetting = { ...DEFAULT_PRINT_SETTINGS.receipt, network };
  assert.deepEqual(parseRequest(savePrintSettingRequest, ['receipt', receiptSetting])[1].network, network);
  assert.equal(parseRequest(savePrintSettingRequest, ['receipt', { ...receiptSetting, network: null }])[1].network, null);
  assert.throws(() => parseRequest(savePrintSettingRequest, ['invoice', { ...DEFAULT_PRINT_SETTINGS.invoice, network }]), /Only receipts/);
  for (const bad of [
    { ...network, host: '8.8.8.8' },
    { ...network, host: 'printer.local' },
    { ...network, port: 0 },
    { ...network, port: 70000 },
    { ...network, columns: 40 },
    { ...network, drawer: 'yes' },
    { ...network, extra: 1 },
  ]) {
    assert.throws(() => parseRequest(savePrintSettingRequest, ['receipt', { ...receiptSetting, network: bad }]), /Refused/, JSON.stringify(bad));
  }
  // A settings file edited by hand: a network printer on another kind, or off this network, is dropped.
  const read = settingsFromJson({ receipt: { ...receiptSetting, network: { ...network, host: '1.2.3.4' } }, invoice: { ...DEFAULT_PRINT_SETTINGS.invoice, network } });
  assert.deepEqual(read.receipt, DEFAULT_PRINT_SETTINGS.receipt);
  assert.deepEqual(read.invoice, DEFAULT_PRINT_SETTINGS.invoice);
});

test('raw jobs: a known kind and bytes that start with ESC @, at most MAX_RAW_BYTES', () => {
  const job = receipt();
  assert.deepEqual(parseRequest(printRawRequest, ['receipt', job])[1], job);
  assert.throws(() => parseRequest(printRawRequest, ['receipt', new TextEncoder().encode('%PDF-1.7')]), /ESC @/);
  assert.throws(() => parseRequest(printRawRequest, ['receipt', 'hello']), /Refused/);
  const huge = new Uint8Array(MAX_RAW_BYTES + 1);
  huge.set([0x1b, 0x40]);
  assert.throws(() => parseRequest(printRawRequest, ['receipt', huge]), /too large/);
});
