/**
 * `npm run setup`: turns this PC into a real store (company, GSTIN, state, branches, admin).
 * Asks for what is missing when run at a terminal; takes everything as flags for scripts:
 *
 *   npm run setup -- --company "Sharma Opticals" --gstin 27AAPFU0939F1ZV --state Maharashtra \
 *     --city Pune --branch "PUN1:Camp:Pune" --branch "PUN2:Baner:Pune" \
 *     --admin-user owner --admin-password '...' [--node 1] [--till-code 1] [--data-dir DIR]
 *
 * --node is this installation's number (1 for a single-PC store; head office gives each branch
 * PC its own, so their records never share an id). --till-code (1–3 letters or digits, default the
 * node in base 36) is in every number this PC issues, so two tills of a branch never issue the same.
 *
 *   npm run setup -- --join https://hub.example:8790 ABCD-EFGH-JKLM-9F3A-0C21-77B4-E5D0 [--data-dir DIR]
 *
 * joins an existing company instead (issue 15): the code comes from `npm run hub -- join-code`;
 * the PC gets its node number from the hub, the company's current rows from the hub's snapshot (a
 * line per table as it goes), then the changes after it. Stopped or killed on the way, the same
 * command run again goes on from where it stopped (the code is not spent twice). On a
 * hub on mutual TLS the code's last groups are the hub CA's fingerprint: the PC checks the hub
 * against it, makes its own key and gets its certificate in the hub's answer, kept in
 * POS_HUB_TLS_DIR or <data dir>/hub-tls. --hub-cert-dir DIR (the folder `join-code … --cert-out
 * DIR` wrote) is the older way, kept for PCs given a carried folder.
 *
 *   npm run setup -- --rekey http://hub.example:8790 ABCD-EFGH-JKLM [--till-code X] [--hub-cert-dir DIR] [--data-dir DIR]
 *
 * re-keys this PC's store after a restored backup (sync stopped with SEQUENCE_REWOUND): the code
 * (from `npm run hub -- join-code`) gives it a new node number and till code; its data stays.
 */
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { defaultDataDir } from './data-dir.js';
import { StoreSpecError } from './service/setup/create-store.js';
import { setupStore } from './service/setup/setup-store.js';
import { STORE_FILE } from './service/store-file.js';
import { joinCompany } from './service/sync/join.js';
import { rekeyStore } from './service/sync/rekey.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    join: { type: 'string' },
    rekey: { type: 'string' },
    'hub-cert-dir': { type: 'string' },
    company: { type: 'string' },
    gstin: { type: 'string' },
    state: { type: 'string' },
    city: { type: 'string' },
    address: { type: 'string' },
    email: { type: 'string' },
    mobile: { type: 'string' },
    branch: { type: 'string', multiple: true },
    'admin-user': { type: 'string' },
    'admin-password': { type: 'string' },
    node: { type: 'string' },
    'till-code': { type: 'string' },
    'data-dir': { type: 'string' },
  },
});

const interactive = stdin.isTTY === true;
const rl = interactive ? createInterface({ input: stdin, output: stdout }) : null;

async function ask(flag: string, question: string, current: string | undefined, fallback?: string): Promise<string> {
  if (current) return current;
  if (!rl) {
    if (fallback !== undefined) return fallback;
    throw new Error(`Missing --${flag} (run at a terminal to be asked)`);
  }
  const answer = (await rl.question(`${question}${fallback ? ` [${fallback}]` : ''}: `)).trim();
  return answer || fallback || ask(flag, question, undefined, fallback);
}

function parseBranch(text: string): { code: string; name: string; city: string | null } {
  const [code = '', name = '', city = ''] = text.split(':').map((s) => s.trim());
  return { code, name, city: city || null };
}

async function joinMain(hubUrl: string, code: string | undefined) {
  if (!code) throw new Error('Usage: npm run setup -- --join <hub address> <join code>');
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const { file, join, tlsDir } = await joinCompany(dataDir, STORE_FILE, hubUrl, code, () => new Date(), {
    certDir: values['hub-cert-dir'],
    tlsDir: process.env.POS_HUB_TLS_DIR || undefined,
    progress: ({ table, rows }) => console.log(`Snapshot: ${table} ${rows.toLocaleString('en-IN')} rows`),
  });
  console.log(`Joined as node ${join.nodeId} ("${join.name}"): the company's data is in ${file}.`);
  if (tlsDir) console.log(`This PC's certificate for the hub and its private key (readable by you only) are in ${tlsDir}.`);
  console.log(`Start it with npm start (or npm run serve): it syncs with ${hubUrl}, which it keeps (POS_HUB_URL overrides it).`);
}

async function rekeyMain(hubUrl: string, code: string | undefined) {
  if (!code) throw new Error('Usage: npm run setup -- --rekey <hub address> <join code>');
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const result = await rekeyStore(dataDir, STORE_FILE, hubUrl, code, {
    ...(values['till-code'] ? { tillCode: values['till-code'] } : {}),
    ...(values['hub-cert-dir'] ? { certDir: values['hub-cert-dir'] } : {}),
  });
  console.log(
    `Re-keyed: node ${result.oldNode} is now node ${result.newNode}, till code ${result.tillCode} (the hub keeps this PC's entries up to ${result.commonSeq}). ` +
      `Start it again with POS_HUB_URL=${hubUrl}: it syncs on, and what the store lost comes back from the hub.`,
  );
}

async function main() {
  if (values.join) return joinMain(values.join, positionals[0]);
  if (values.rekey) return rekeyMain(values.rekey, positionals[0]);
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const company = await ask('company', 'Company name', values.company);
  const gstin = await ask('gstin', 'Company GSTIN', values.gstin);
  const state = await ask('state', 'State (name or GST code)', values.state);
  const city = await ask('city', 'City', values.city, '');
  const branchTexts = values.branch?.length
    ? values.branch
    : [await ask('branch', 'First branch as CODE:Name:City', undefined)];
  const adminUser = await ask('admin-user', 'Admin user name', values['admin-user'], 'admin');
  const adminPassword = await ask('admin-password', 'Admin password (8+ characters)', values['admin-password']);
  const node = Number(await ask('node', 'Installation number', values.node, '1'));
  rl?.close();

  const file = await setupStore(
    dataDir,
    {
      company: { name: company, gstin, state, city, address: values.address, email: values.email, mobile: values.mobile },
      branches: branchTexts.map(parseBranch),
      users: [{ userName: adminUser, role: 'admin', password: adminPassword, fullName: null }],
    },
    node,
    new Date(),
    values['till-code'],
  );
  console.log(`Store set up in ${file}. Start it with \`npm start\` or \`npm run serve\` and sign in as ${adminUser}.`);
}

main().catch((err: unknown) => {
  rl?.close();
  if (err instanceof StoreSpecError) {
    console.error(`Setup refused:\n  ${err.problems.join('\n  ')}`);
  } else {
    console.error(`Setup failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exit(1);
});
