/** Times of generated events: ISO strings, last-update spread and update histories. */
import type { KnownEventStatus, KnownEventType } from '../model/schemas';
import { int, type Rng } from './seededRandom';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

// Whole-second UTC ISO times. Hand-rolled with a per-day cache: toISOString dominated the
// generation time of large sets.
export const dayCache = new Map<number, string>();
export const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
export function iso(ms: number): string {
  const day = Math.floor(ms / DAY);
  let date = dayCache.get(day);
  if (date === undefined) {
    date = new Date(day * DAY).toISOString().slice(0, 11);
    dayCache.set(day, date);
  }
  const s = Math.floor((ms - day * DAY) / 1000);
  return `${date}${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)}Z`;
}

/** Many events updated within the last 3 days, the rest spread over ~30 days. */
export function lastUpdate(rng: Rng, now: number): number {
  const ago = rng() < 0.55 ? rng() * 3 * DAY : 3 * DAY + rng() * 27 * DAY;
  return Math.floor((now - ago) / 1000) * 1000;
}

export const MINUTE = 60_000;

/**
 * Update times of an event, oldest first, the last one its lastUpdateTime; whole minutes (but
 * the last), at least 15 minutes apart on average with jitter, so no two coincide.
 */
export function updateTimes(rng: Rng, type: KnownEventType, status: KnownEventStatus, finalPir: boolean, start: number, end: number | undefined, last: number): number[] {
  let n: number;
  let first: number;
  switch (type) {
    case 'ServiceIssue':
    case 'EmergingIssues':
      n = status === 'Active' ? int(rng, 2, 5) : int(rng, 3, 6);
      first = start + int(rng, 5, 30) * MINUTE;
      break;
    case 'PlannedMaintenance':
      n = int(rng, 2, 4);
      first = start - int(rng, 2, 10) * DAY;
      break;
    case 'RCA':
      // Mitigated, then the preliminary PIR, then (when out) the final one.
      n = finalPir ? 3 : 2;
      first = (end ?? start) + int(rng, 5, 30) * MINUTE;
      break;
    default:
      n = type === 'Billing' ? int(rng, 2, 3) : int(rng, 2, 4);
      first = last - int(rng, 1, 20) * DAY;
  }
  const from = Math.min(first, last - (n - 1) * 15 * MINUTE);
  const step = (last - from) / (n - 1);
  const out: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    const jitter = i === 0 ? 0 : (rng() - 0.5) * 0.6 * step;
    out.push(Math.floor((from + step * i + jitter) / MINUTE) * MINUTE);
  }
  out.push(last);
  return out;
}
