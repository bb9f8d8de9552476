/**
 * Heavy reads off the main thread (issue 12): the lists and the dashboard run on worker threads,
 * each with its own read-only connection (reads/read-worker.ts), so while one till searches a
 * million orders every other till's scan and sale is answered on the main thread as usual. A read
 * that runs past the time limit is stopped (its worker terminated, SQLite's work with it) and
 * answers 503 READ_TIMEOUT in words a cashier can act on; a fresh worker takes its place.
 */
import type { Worker } from 'node:worker_threads';
import { besideModule, startWorker } from '../db/threads.js';
import type { SessionUser, StoreMode } from '../context.js';
import { ServiceError, unavailable, type ErrorKind, type FieldErrors } from '../errors.js';
import { extend } from '../../../shared/extend.js';

export interface WorkerSetup {
  file: string;
  /** As RouteOptions.strictResponses: a response that breaks the contract is a fault, not a log line. */
  strictResponses: boolean;
  nativeBinding?: string;
  cipherKey: Uint8Array;
  macKey: Uint8Array;
  mode: StoreMode;
  version: string;
  dataDir: string;
  /** The writing connection's statisticsVersion when the worker starts (db/database.ts). */
  statistics: number;
}

export interface ReadRequest {
  id: number;
  endpoint: string;
  input: unknown;
  user: SessionUser | null;
  origin: string;
  till: string;
  /** The service clock's now, so a read answers for the same day as the main thread would. */
  now: string;
  /** The writing connection's statisticsVersion: a worker opened at another reopens its connection. */
  statistics: number;
}

export type ReadAnswer =
  | { id: number; json: string; issues?: unknown }
  | { id: number; binary: { contentType: string; bytes: Uint8Array; fileName?: string } }
  | { id: number; refused: { kind: ErrorKind; code: string; message: string; errors?: FieldErrors | undefined; retryAfterSeconds?: number | undefined } }
  | { id: number; fault: string };

const readFailed = () => unavailable('The search could not finish. Try again; if it keeps failing, narrow it.', 'READ_FAILED');

/** How long a read may run before it is stopped (READ_TIME_LIMIT_MS). */
export const READ_TIME_LIMIT_MS = 10_000;

interface Slot {
  worker: Worker;
  busy: boolean;
  /** Loaded and connected: the time limit counts from dispatch, so a starting worker gets none. */
  ready: boolean;
}

interface Pending {
  request: Omit<ReadRequest, 'id' | 'statistics'>;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

export interface ReadPool {
  /** `statistics` is added at dispatch, from the pool's own source. */
  run(request: Omit<ReadRequest, 'id' | 'statistics'>): Promise<unknown>;
  close(): Promise<void>;
}

const workerFile = besideModule(import.meta.url, 'read-worker');

/**
 * A read's answer as its worker checked it against the contract and serialised it: a list of 500
 * orders is parsed and stringified there, not on the thread every till's sale waits on.
 */
export class CheckedJson {
  constructor(
    readonly json: string,
    /** The contract's complaints, when the answer broke it and responses are not strict. */
    readonly issues?: unknown,
  ) {}
}

/** Thrown by run() when no worker could start: the caller answers on its own thread instead. */
export class ReadPoolUnavailable extends Error {}

/**
 * A worker's heap is capped: a read that would hold more than this is stopped (and its worker
 * replaced) rather than growing the till's memory; lists are paged, so none comes near it.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 };

function newWorker(setup: WorkerSetup): Worker {
  return startWorker(workerFile, setup, RESOURCE_LIMITS);
}

/** A time limit, or a function read at each dispatch (a limit that changes while the service runs). */
export type TimeLimit = number | (() => number);

const limitWords = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

export function readPool(
  setup: WorkerSetup,
  options: { size: number; timeLimitMs: TimeLimit; log?: (message: string) => void; statistics?: () => number },
): ReadPool {
  const statistics = () => options.statistics?.() ?? setup.statistics;
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;
  let failed: string | null = null;

  const spawn = (): Slot => {
    const slot: Slot = { worker: newWorker(extend(setup, { statistics: statistics() })), busy: false, ready: false };
    slot.worker.unref();
    slot.worker.on('message', (m: { ready?: boolean }) => {
      if (m.ready !== true) return;
      slot.ready = true;
      pump();
    });
    slot.worker.on('error', (err) => {
      if (slot.ready) {
        // A worker lost mid-read (out of its memory, say): the read in flight is answered by its
        // own listener; a fresh worker takes the place.
        options.log?.(`read worker stopped: ${err.message}; starting another`);
        const index = slots.indexOf(slot);
        if (index >= 0 && !closed) slots[index] = spawn();
        return;
      }
      // A worker that cannot start (a missing file, a broken build) must not take reads down with it.
      if (failed === null) options.log?.(`read worker failed to start: ${err.message}; reads run on the main thread`);
      failed = err.message;
      for (const job of queue.splice(0)) job.reject(new ReadPoolUnavailable(err.message));
    });
    return slot;
  };
  for (let i = 0; i < options.size; i++) slots.push(spawn());

  const pump = () => {
    while (queue.length > 0) {
      const index = slots.findIndex((s) => s.ready && !s.busy);
      if (index < 0) return;
      const job = queue.shift()!;
      dispatch(index, job);
    }
  };

  const dispatch = (index: number, job: Pending) => {
    const slot = slots[index]!;
    slot.busy = true;
    const id = nextId++;
    const limitMs = typeof options.timeLimitMs === 'function' ? options.timeLimitMs() : options.timeLimitMs;
    const done = () => {
      clearTimeout(timer);
      slot.worker.off('message', onMessage);
      slot.worker.off('error', onError);
      slot.busy = false;
      pump();
    };
    const onMessage = (answer: ReadAnswer) => {
      if (answer.id !== id) return;
      done();
      if ('json' in answer) job.resolve(new CheckedJson(answer.json, answer.issues));
      else if ('binary' in answer) job.resolve(answer.binary);
      else if ('refused' in answer) {
        const r = answer.refused;
        job.reject(new ServiceError(r.kind, r.code, r.message, r.errors, r.retryAfterSeconds));
      } else {
        // A fault (a locked or unreadable file, a broken answer): coded and logged, never a 500.
        options.log?.(`read of ${job.request.endpoint} failed in its worker: ${answer.fault}`);
        job.reject(readFailed());
      }
    };
    const onError = (err: Error) => {
      clearTimeout(timer);
      slot.worker.off('message', onMessage);
      slot.worker.off('error', onError);
      options.log?.(`read of ${job.request.endpoint} lost its worker: ${err.message}`);
      job.reject(readFailed());
      pump();
    };
    const timer = setTimeout(() => {
      slot.worker.off('message', onMessage);
      slot.worker.off('error', onError);
      void slot.worker.terminate();
      slots[index] = closed ? slot : spawn();
      options.log?.(`read of ${job.request.endpoint} stopped after ${limitMs} ms`);
      job.reject(
        unavailable(
          `This search took longer than ${limitWords(limitMs)} and was stopped so the other tills keep working. Narrow it (a date range, a customer, a status) and try again.`,
          'READ_TIMEOUT',
        ),
      );
      pump();
    }, limitMs);
    slot.worker.on('message', onMessage);
    slot.worker.on('error', onError);
    slot.worker.postMessage(extend(job.request, { id, statistics: statistics() }) satisfies ReadRequest);
  };

  return {
    run(request) {
      if (closed) return Promise.reject(new Error('The read pool is closed'));
      if (failed !== null) return Promise.reject(new ReadPoolUnavailable(failed));
      return new Promise((resolve, reject) => {
        queue.push({ request, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
