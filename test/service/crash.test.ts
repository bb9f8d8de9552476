/**
 * Issue 14, "a sale whose receipt was printed survives": the real service in its own process
 * (`npm run serve`'s bundle of `main/serve.ts`) is killed with SIGKILL in the middle of sales on
 * two tills, 8 times over. After every restart each acknowledged sale is there whole (its line and
 * its receipt), a sale whose answer was lost is saved exactly once when the till sends it again,
 * nothing is doubled, and at the end SQLite's integrity_check is ok.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { createClient, type Client } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import type { OMFastWizardModel } from '../../shared/models/sale.js';
import { bundledServe } from '../helpers/bundle.js';
import { openTillOnce } from '../helpers/service.js';

const root = path.resolve(import.meta.dirname, '..', '..');
// Each round starts the bundled service (as `npm run serve` does), about 1 s; twelve rounds kill it
// at twelve different moments of selling and keep the suite in CI's time budget.
const KILLS = 8;

interface Running {
  child: ChildProcess;
  url: string;
}

function start(entry: string, dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, POS_DATA_DIR: dataDir, PORT: '0', POS_READ_WORKERS: '0', POS_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the service did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]! });
      }
    });
    child.stderr!.on('data', (d) => (out += String(d)));
    child.once('exit', (code) => reject(new Error(`the service exited (${code}): ${out}`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function signIn(url: string, userName: string): Promise<Client> {
  const anon = createClient({ baseUrl: url });
  const { token } = await anon.call(api.Auth.login, { body: { userName, password: 'demo1234' } });
  const client = createClient({ baseUrl: url, getToken: () => token });
  // A sale needs the till open (issue 16); after a restart the session is still open (409, fine).
  await openTillOnce(client);
  return client;
}

type SaleBody = { body: OMFastWizardModel & { sessionID: string } };

test(`SIGKILL during sales, ${KILLS} times: no acknowledged sale lost, none partial, none doubled`, { timeout: 300_000 }, async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-crash-'));
  /** sessionID → the order number the service acknowledged. */
  const acknowledged = new Map<string, string>();
  /** Sales whose answer was lost to the kill: the till sends them again after the restart. */
  let unanswered: SaleBody[] = [];
  let resent = 0;
  const entry = bundledServe();
  try {
    let lens = '';
    let cash = '';
    let customerID = '';
    for (let round = 0; round <= KILLS; round++) {
      const service = await start(entry, dataDir);
      const tills = await Promise.all([signIn(service.url, 'cashier'), signIn(service.url, 'cashier')]);
      if (round === 0) {
        const found = await tills[0]!.call(api.QuickSale.spectacleLensAutoComplete, { query: { term: 'LN-' } });
        lens = found.find((l) => l.code.includes('-SV-'))!.id; // single vision, made to order: no stock needed
        cash = (await tills[0]!.call(api.QuickSale.receiptTypes, {}))[0]!.id;
        customerID = (await tills[0]!.call(api.Customer.upsert, { body: { firstName: 'Crash', lastName: 'Test' } })).customerID;
      }
      // What the previous kill left unanswered, sent again as a till would.
      resent += unanswered.length;
      for (const body of unanswered) {
        const again = await tills[0]!.call(api.QuickSale.saveSale, body);
        acknowledged.set(body.body.sessionID, again.salesOrderNo);
      }
      unanswered = [];
      // Every sale acknowledged so far is there, whole.
      for (const [sessionID, orderNo] of acknowledged) {
        const order = await tills[0]!.call(api.Orders.detail, { params: { salesOrderNo: orderNo } });
        assert.equal(order.lines?.length, 1, `order ${orderNo} (${sessionID}) has its line`);
      }
      if (round === KILLS) {
        await killed(service.child);
        break;
      }
      // Two tills selling until the kill, which comes at a different moment each round.
      let stop = false;
      const selling = tills.map(async (till) => {
        while (!stop) {
          let body: SaleBody | null = null;
          try {
            const { sessionID } = await till.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens } });
            body = {
              body: {
                sessionID,
                salesorderModel: { sessionId: sessionID, customerId: customerID },
                receiptModel: { receiptTypeId: cash, amount: 50 },
              },
            };
            const saved = await till.call(api.QuickSale.saveSale, body);
            acknowledged.set(sessionID, saved.salesOrderNo);
          } catch {
            if (body) unanswered.push(body);
            return;
          }
        }
      });
      await new Promise((r) => setTimeout(r, 150 + ((round * 97) % 400)));
      await killed(service.child);
      stop = true;
      await Promise.all(selling);
    }
    assert.ok(acknowledged.size >= KILLS, `sales were made between the kills (${acknowledged.size})`);
    const db = new Database(path.join(dataDir, 'demo.sqlite'), { readonly: true });
    try {
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
      const sessions = acknowledged.size;
      const orders = db.prepare("SELECT count(*) AS n, count(DISTINCT session_id) AS s FROM sales_order WHERE customer_id = (SELECT id FROM customer WHERE last_name = 'Test' AND first_name = 'Crash')").get() as { n: number; s: number };
      assert.equal(orders.n, orders.s, 'no cart was saved twice');
      assert.equal(orders.n, sessions, 'every sale acknowledged (first time or when resent) is in the file, once');
      t.diagnostic(`${KILLS} kills, ${sessions} sales acknowledged, ${resent} resent after a kill`);
      const partial = db
        .prepare(
          `SELECT count(*) AS n FROM sales_order o
           WHERE o.customer_id = (SELECT id FROM customer WHERE last_name = 'Test' AND first_name = 'Crash')
             AND (NOT EXISTS (SELECT 1 FROM sales_order_line l WHERE l.sales_order_id = o.id)
               OR NOT EXISTS (SELECT 1 FROM receipt r WHERE r.sales_order_id = o.id))`,
        )
        .get() as { n: number };
      assert.equal(partial.n, 0, 'no order without its line or its receipt');
    } finally {
      db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
