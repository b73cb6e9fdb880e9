import type { Clock } from './types';

/** Node's timers overflow past 2^31-1 ms (about 24.8 days) and then fire after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A sleep length a timer can honour: NaN and negatives are 0, anything else is kept whole. */
export function saneDelay(ms: number): number {
  return Number.isNaN(ms) || ms < 0 ? 0 : ms;
}

/**
 * The wall clock: `Date.now` and a `setTimeout` sleep that honours an AbortSignal. Sleeps past
 * MAX_TIMER_MS are chained in chunks, so no timer is ever armed beyond what Node accepts.
 */
export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const wakeAt = Date.now() + saneDelay(ms);
      let timer: NodeJS.Timeout | undefined;
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const arm = (): void => {
        const left = wakeAt - Date.now();
        if (!(left > 0)) {
          signal?.removeEventListener('abort', onAbort);
          resolve();
          return;
        }
        timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const first = saneDelay(ms);
      timer = setTimeout(arm, Math.min(first, MAX_TIMER_MS));
    }),
};
