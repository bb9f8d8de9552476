/**
 * Hybrid logical clock (issue 15): a time every node can mint offline that still orders changes
 * across nodes. A value is the wall-clock milliseconds a node had seen, a counter for events in
 * the same millisecond, and the node number as the tie-breaker; its text form sorts as the values
 * do, so PostgreSQL and SQLite can order by it as plain text.
 *
 * The rules are those of the HLC paper as Actual Budget's crdt/timestamp applies them:
 *   send    (a local change): wall = max(last wall, now); the counter goes up by one if the wall
 *           did not move, else restarts at 0.
 *   receive (a remote value): wall = max(last wall, now, remote wall); the counter continues
 *           from whichever of ours and the remote's shares that wall (both: the larger), else 0.
 * Both refuse a wall more than `maxDriftMs` ahead of the physical clock (a node with a clock
 * running fast would otherwise drag every clock forward) and a counter past 65535.
 * Pure: the caller passes the physical time in. This module imports nothing.
 */

export interface Hlc {
  /** Wall-clock milliseconds since the epoch. */
  readonly wallMs: number;
  /** Events within the same wall millisecond: 0..MAX_COUNTER. */
  readonly counter: number;
  /** The node (installation) number: 1..MAX_HLC_NODE (ids/id-source.ts MAX_NODE). */
  readonly node: number;
}

export const MAX_COUNTER = 0xffff;
export const MAX_HLC_NODE = 2 ** 21 - 1;
/** Five minutes: the "a few minutes in the future". */
export const DEFAULT_MAX_DRIFT_MS = 5 * 60 * 1000;

const WALL_DIGITS = 15;
const COUNTER_DIGITS = 5;
const NODE_DIGITS = 7;
const PATTERN = /^(\d{15})-(\d{5})-(\d{7})$/;

export type HlcErrorCode = 'CLOCK_DRIFT' | 'HLC_COUNTER_OVERFLOW' | 'HLC_MALFORMED';

export class HlcError extends Error {
  constructor(
    readonly code: HlcErrorCode,
    message: string,
    /** For CLOCK_DRIFT: how far ahead of the physical clock, in ms. */
    readonly driftMs?: number,
  ) {
    super(message);
    this.name = 'HlcError';
  }
}

/** The clock of a node that has seen nothing yet. */
export function hlcZero(node: number): Hlc {
  checkNode(node);
  return { wallMs: 0, counter: 0, node };
}

/** The text form: `WWWWWWWWWWWWWWW-CCCCC-NNNNNNN` (15, 5 and 7 digits); it sorts as the values do. */
export function formatHlc(hlc: Hlc): string {
  checkNode(hlc.node);
  if (!Number.isSafeInteger(hlc.wallMs) || hlc.wallMs < 0 || hlc.wallMs >= 10 ** WALL_DIGITS) {
    throw new HlcError('HLC_MALFORMED', `The clock's wall time ${hlc.wallMs} is out of range`);
  }
  if (!Number.isInteger(hlc.counter) || hlc.counter < 0 || hlc.counter > MAX_COUNTER) {
    throw new HlcError('HLC_COUNTER_OVERFLOW', `The clock's counter ${hlc.counter} is out of range`);
  }
  return [
    String(hlc.wallMs).padStart(WALL_DIGITS, '0'),
    String(hlc.counter).padStart(COUNTER_DIGITS, '0'),
    String(hlc.node).padStart(NODE_DIGITS, '0'),
  ].join('-');
}

/** Reads the text form; null when it is not one. */
export function parseHlc(text: string): Hlc | null {
  const match = PATTERN.exec(text);
  if (!match) return null;
  const wallMs = Number(match[1]);
  const counter = Number(match[2]);
  const node = Number(match[3]);
  if (counter > MAX_COUNTER || node < 1 || node > MAX_HLC_NODE) return null;
  return { wallMs, counter, node };
}

/** Orders two clocks as their text forms sort: wall, then counter, then node. */
export function compareHlc(a: Hlc, b: Hlc): number {
  return a.wallMs - b.wallMs || a.counter - b.counter || a.node - b.node;
}

/** The clock's value for a local change at physical time `nowMs`. */
export function hlcSend(clock: Hlc, nowMs: number, maxDriftMs = DEFAULT_MAX_DRIFT_MS): Hlc {
  const wallMs = Math.max(clock.wallMs, nowMs);
  const counter = wallMs === clock.wallMs ? clock.counter + 1 : 0;
  return checked({ wallMs, counter, node: clock.node }, nowMs, maxDriftMs);
}

/** The clock after seeing a remote value at physical time `nowMs` (the node stays ours). */
export function hlcReceive(clock: Hlc, remote: Hlc, nowMs: number, maxDriftMs = DEFAULT_MAX_DRIFT_MS): Hlc {
  if (remote.wallMs - nowMs > maxDriftMs) throw driftError(remote.wallMs - nowMs, maxDriftMs, 'A received time');
  const wallMs = Math.max(clock.wallMs, nowMs, remote.wallMs);
  const ours = wallMs === clock.wallMs;
  const theirs = wallMs === remote.wallMs;
  const counter =
    ours && theirs ? Math.max(clock.counter, remote.counter) + 1 : ours ? clock.counter + 1 : theirs ? remote.counter + 1 : 0;
  return checked({ wallMs, counter, node: clock.node }, nowMs, maxDriftMs);
}

function checked(next: Hlc, nowMs: number, maxDriftMs: number): Hlc {
  if (next.wallMs - nowMs > maxDriftMs) throw driftError(next.wallMs - nowMs, maxDriftMs, 'This clock');
  if (next.counter > MAX_COUNTER) {
    throw new HlcError('HLC_COUNTER_OVERFLOW', `More than ${MAX_COUNTER + 1} changes in one millisecond: the clock's counter ran out`);
  }
  return next;
}

function driftError(driftMs: number, maxDriftMs: number, what: string): HlcError {
  return new HlcError(
    'CLOCK_DRIFT',
    `${what} is ${Math.round(driftMs / 1000)} s ahead of the physical clock (at most ${Math.round(maxDriftMs / 1000)} s allowed): check the PC's date and time`,
    driftMs,
  );
}

function checkNode(node: number): void {
  if (!Number.isInteger(node) || node < 1 || node > MAX_HLC_NODE) {
    throw new HlcError('HLC_MALFORMED', `Node number must be 1..${MAX_HLC_NODE}, got ${node}`);
  }
}
