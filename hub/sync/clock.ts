/**
 * The hub's own hybrid logical clock (issue 15): every pushed change's time is received into it
 * (shared/domain/hlc.ts), so the hub's clock is never behind any node it has heard from, and a
 * time too far in the hub's future is refused (CLOCK_DRIFT) and logged with the skew. The hub
 * counts as node MAX_HLC_NODE, which enrolment never hands out.
 */
import { DEFAULT_MAX_DRIFT_MS, HlcError, MAX_HLC_NODE, formatHlc, hlcReceive, hlcSend, hlcZero, parseHlc, type Hlc } from '../../shared/domain/hlc.js';
import { HubError } from '../errors.js';

export const HUB_NODE = MAX_HLC_NODE;

export interface HubClock {
  /** Receives each time in order; refuses the lot (changing nothing) if one is too far ahead. */
  receive(times: readonly string[]): void;
  /** A fresh time of the hub's own. */
  now(): string;
  current(): string;
}

export function hubClock(options: { now?: () => number; maxDriftMs?: number; onSkew?: (skewMs: number, hlc: string) => void } = {}): HubClock {
  const physical = options.now ?? Date.now;
  const maxDrift = options.maxDriftMs ?? DEFAULT_MAX_DRIFT_MS;
  let clock: Hlc = hlcZero(HUB_NODE);
  return {
    receive(times) {
      const nowMs = physical();
      let next = clock;
      for (const text of times) {
        const remote = parseHlc(text)!;
        try {
          next = hlcReceive(next, remote, nowMs, maxDrift);
        } catch (error) {
          if (error instanceof HlcError && error.code === 'CLOCK_DRIFT') {
            options.onSkew?.(remote.wallMs - nowMs, text);
            throw new HubError('conflict', 'CLOCK_DRIFT', `Node ${remote.node}'s clock is ${Math.round((remote.wallMs - nowMs) / 1000)} s ahead of the hub's: set the PC's date and time, then sync again`);
          }
          throw error;
        }
      }
      clock = next;
    },
    now() {
      clock = hlcSend(clock, physical(), maxDrift);
      return formatHlc(clock);
    },
    current: () => formatHlc(clock),
  };
}
