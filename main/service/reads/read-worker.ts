/**
 * A read worker (reads/read-pool.ts): its own read-only connection to the store file, the same
 * handlers as the main thread, answering one request at a time. WAL lets it read beside the
 * writer, and each read sees every sale committed before it started.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { requestContext, type ServiceDeps } from '../context.js';
import { openReadOnly } from '../db/database.js';
import { handlers } from '../endpoints/index.js';
import { ServiceError, systemFault } from '../errors.js';
import { encIds } from '../ids/enc-id.js';
import { readConnection } from './read-connection.js';
import type { ReadRequest, ReadAnswer, WorkerSetup } from './read-pool.js';
import { extend } from '../../../shared/extend.js';

const setup = workerData as WorkerSetup;
const connection = readConnection(() => {
  const db = openReadOnly(setup.file, { nativeBinding: setup.nativeBinding });
  db.pragma('busy_timeout = 5000');
  db.pragma('query_only = ON');
  return db;
}, setup.statistics);
const byName = new Map(handlers.map((h) => [h.endpoint.name, h]));
const unavailable = (what: string) => () => {
  throw new Error(`${what} is not available to a read worker`);
};
const base = {
  enc: encIds({ cipherKey: Buffer.from(setup.cipherKey), macKey: Buffer.from(setup.macKey) }),
  ids: { next: unavailable('minting ids') } as unknown as ServiceDeps['ids'],
  tokens: {} as ServiceDeps['tokens'],
  throttle: {} as ServiceDeps['throttle'],
  mode: setup.mode,
  version: setup.version,
  dataDir: setup.dataDir,
};

parentPort!.on('message', async (request: ReadRequest) => {
  let answer: ReadAnswer;
  try {
    const handler = byName.get(request.endpoint);
    if (!handler) throw new Error(`No handler for ${request.endpoint} in the read worker`);
    const at = new Date(request.now);
    const deps: ServiceDeps = extend(base, { db: connection.at(request.statistics), now: () => new Date(at) });
    const result = await handler.run(request.input as never, requestContext(deps, request.user, request.origin, request.till));
    // A file (a report's XLSX or CSV): its bytes go back as they are, the route sends them.
    if ((handler.endpoint.responseKind?.kind ?? 'json') !== 'json') {
      const file = result as { contentType: string; bytes: Uint8Array; fileName?: string };
      parentPort!.postMessage({ id: request.id, binary: { contentType: file.contentType, bytes: file.bytes, ...(file.fileName ? { fileName: file.fileName } : {}) } } satisfies ReadAnswer);
      return;
    }
    // Checked and serialised here, as routes.ts send() would on the main thread.
    const checked = handler.endpoint.response.safeParse(result);
    if (!checked.success && setup.strictResponses) {
      throw new Error(`Response of ${handler.endpoint.name} breaks the contract: ${checked.error.message}`);
    }
    answer = checked.success
      ? { id: request.id, json: JSON.stringify(checked.data) }
      : { id: request.id, json: JSON.stringify(result), issues: checked.error.issues };
  } catch (thrown) {
    const err = systemFault(thrown) ?? thrown;
    answer =
      err instanceof ServiceError
        ? { id: request.id, refused: { kind: err.kind, code: err.code, message: err.message, errors: err.errors, retryAfterSeconds: err.retryAfterSeconds } }
        : { id: request.id, fault: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  parentPort!.postMessage(answer);
});

parentPort!.postMessage({ ready: true });
