/**
 * Catalog look-ups at chain scale: 50,000 items (BENCH_ITEMS to change) on top of the demo
 * catalog, then what the counter asks at every scan and keystroke, over HTTP and, to show what
 * the query itself costs, straight against the store.
 */
import { performance } from 'node:perf_hooks';
import { addItems } from '../main/service/setup/bulk-store.js';
import type { RunningServer } from '../main/service/server.js';
import { companies } from '../main/service/store/company.js';
import { ITEM_TYPE } from '../main/service/store/item-type.js';
import { items } from '../main/service/store/item.js';

export async function benchCatalog(server: RunningServer, token: string, report: (name: string, count: number, ms: number) => void) {
  const total = Number(process.env.BENCH_ITEMS ?? 50_000);
  const { db, ids } = server.deps;
  const company = companies(db).only()!;
  const start = performance.now();
  addItems({ file: '', db, ids, company }, total);
  db.pragma('optimize');
  report(`insert ${total} items with stock (20k per transaction)`, total, performance.now() - start);

  const store = items(db);
  const sample = store.search({ companyId: company.id, offset: 0, limit: 500, term: '891' }).rows;
  const barcodes = sample.map((r) => r.barcode!).filter(Boolean);
  const codes = sample.map((r) => r.code);
  const get = (path: string) =>
    fetch(`${server.url}/api-v1/api/${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => {
      if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
      return r.json() as Promise<unknown>;
    });
  const post = (path: string, body: object) =>
    fetch(`${server.url}/api-v1/api/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
      return r.json() as Promise<{ totalRows?: number }>;
    });
  const timed = async (name: string, runs: number, work: (i: number) => unknown) => {
    await work(0);
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await work(i);
    report(name, runs, performance.now() - t0);
  };

  await timed('store: barcode look-up', 5_000, (i) => store.byCode(company.id, barcodes[i % barcodes.length]!));
  await timed('store: frame autocomplete "ray"', 2_000, () =>
    store.complete(company.id, [ITEM_TYPE.frame, ITEM_TYPE.sunGlass], 'ray', ['barcode', 'code', 'name', 'model', 'brand'], 20));
  await timed('GET getItemDetailFromCode (barcode)', 1_000, (i) => get(`quickSale/getItemDetailFromCode?code=${barcodes[i % barcodes.length]}`));
  await timed('GET getItemDetailFromCode (item code)', 1_000, (i) => get(`quickSale/getItemDetailFromCode?code=${encodeURIComponent(codes[i % codes.length]!)}`));
  for (const term of ['r', 'ray', 'ray-ban a', 'FR-RB', '8910000', 'tit']) {
    await timed(`GET FrameSunGlass autocomplete "${term}"`, 300, () => get(`quickSale/GetFrameSunGlassForAutoComplete?term=${encodeURIComponent(term)}`));
  }
  for (const term of ['e', 'zeiss', 'LN-ESS-PR']) {
    await timed(`GET SpectacleLens autocomplete "${term}"`, 300, () => get(`quickSale/GetSpectacleLensForAutoComplete?term=${encodeURIComponent(term)}`));
  }
  await timed('POST search-contact-lens "-2.50"', 300, () => post('quickSale/search-contact-lens', { term: '-2.50' }));
  await timed('POST search-contact-lens "acuvue"', 300, () => post('quickSale/search-contact-lens', { term: 'acuvue' }));
  for (const term of ['', 'ray', 'r']) {
    const { totalRows } = await post('Common/SearchItems', { searchTerm: term });
    await timed(`POST SearchItems "${term}" (${totalRows} match, page 1)`, 100, () => post('Common/SearchItems', { searchTerm: term }));
  }
}
